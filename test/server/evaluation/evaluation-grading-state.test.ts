// The grading queue says whether AI drafts rubric grades and, when it does
// not, why: with only the built-in engine (which never grades) a test with
// short answers is graded by the teacher alone, and the queue says so.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { evaluationCourse } from '../../support/evaluation-course.js';
import { okData, type TestServer } from '../../support/server.js';

describe('whether AI grading is on', () => {
  let server: TestServer;
  let teacher: string;
  let courseId: string;

  before(async () => ({ server, teacher, courseId } = await evaluationCourse('数控车床编程')));
  after(() => server.close());

  const queueOf = async (questions: unknown[]) => {
    const { id } = await okData(
      server.api<{ id: string }>('POST', '/course/evaluations', { token: teacher, body: { courseId, kind: 'quiz', title: '单元测验', questions } }),
    );
    return okData(server.api<any>('GET', `/course/evaluations/${id}/submissions`, { token: teacher }));
  };

  it('says AI grading is off for lack of a model when a test has questions graded by rubric', async () => {
    const queue = await queueOf([{ type: 'short', stem: '简述对刀的步骤。', points: 10, rubric: [{ criterion: '步骤', points: 10 }] }]);
    assert.equal(queue.aiGrading, 'no-model');
  });

  it('says nothing needs AI grading when every question scores itself', async () => {
    const queue = await queueOf([{ type: 'judge', stem: 'G00 是快速定位指令。', answer: true, points: 1 }]);
    assert.equal(queue.aiGrading, 'none-needed');
  });
});
