// Late work is set on a published assignment from the Settings dialog: an
// edit that sends only the late-work fields changes them and keeps the rest.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { evaluationCourse } from '../../support/evaluation-course.js';
import { okData, type TestServer } from '../../support/server.js';

describe('late work set after publishing', () => {
  let server: TestServer;
  let teacher: string;
  let courseId: string;

  before(async () => ({ server, teacher, courseId } = await evaluationCourse('钳工实训')));
  after(() => server.close());

  it('a published assignment takes a late policy, penalty and late deadline, and keeps its other settings', async () => {
    const closesAt = Date.now() + 24 * 3_600_000;
    const { id } = await okData(
      server.api<{ id: string }>('POST', '/course/evaluations', {
        token: teacher,
        body: {
          courseId,
          kind: 'assignment',
          title: '锉削作业',
          closesAt,
          maxAttempts: 2,
          questions: [{ type: 'judge', stem: '锉削前要夹紧工件。', answer: true, points: 5 }],
        },
      }),
    );
    await okData(server.api('POST', `/course/evaluations/${id}/status`, { token: teacher, body: { status: 'published' } }));
    const lateUntil = closesAt + 7 * 24 * 3_600_000;
    const saved = await server.api('PUT', `/course/evaluations/${id}`, { token: teacher, body: { latePolicy: 'penalty', latePenalty: 20, lateUntil } });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const detail = await okData(server.api<any>('GET', `/course/evaluations/${id}`, { token: teacher }));
    assert.deepEqual([detail.latePolicy, detail.latePenalty, detail.lateUntil, detail.maxAttempts, detail.closesAt], ['penalty', 20, lateUntil, 2, closesAt]);
  });
});
