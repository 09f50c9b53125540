// Grading one question across the class: every handed-in answer to it in one
// call, and one save for all of them, all or nothing, each attempt's total
// updated and each change in its history and the operation records. Runs on
// SQLite and PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { evaluationCourse, handIn, publishedEvaluation, type EvaluationCourse } from '../../support/evaluation-course.js';
import { okData } from '../../support/server.js';
import { until } from '../../support/until.js';

const QUESTIONS = [
  { type: 'judge', stem: 'G00 是快速定位指令。', answer: true, points: 1 },
  { type: 'short', stem: '说明急停按钮的作用。', points: 3, rubric: [{ criterion: '急停', points: 3 }] },
];

describe('evaluation: grading one question across all students', () => {
  let course: EvaluationCourse;
  let evaluationId: string;
  let shortId: string;
  const ids: Record<string, string> = {};

  before(async () => {
    course = await evaluationCourse('数控安全', { students: ['qg-li', 'qg-wang'] });
    evaluationId = await publishedEvaluation(course, { title: '安全小测', questions: QUESTIONS });
    const answers: Array<[string, string]> = [
      ['student', course.student],
      ['qg-li', course.students['qg-li']!.token],
      ['qg-wang', course.students['qg-wang']!.token],
    ];
    for (const [name, token] of answers) {
      const { paper, submissionId } = await handIn(course, token, evaluationId, [true, `${name} 的回答：立即停止机床`]);
      ids[name] = submissionId;
      shortId = paper.questions[1].id;
    }
  });
  after(() => course.server.close());

  const answersOf = (token = course.teacher, questionId = shortId) =>
    course.server.api<any>('GET', `/course/evaluations/${evaluationId}/questions/${questionId}/answers`, { token });
  const grade = (grades: unknown[], headers: Record<string, string> = {}, questionId = shortId) =>
    course.server.api<any>('PUT', `/course/evaluations/${evaluationId}/questions/${questionId}/grades`, {
      token: course.teacher,
      body: { grades },
      headers,
    });
  const scoresOf = async () => {
    const read = await answersOf();
    return Object.fromEntries(read.body.data.answers.map((a: any) => [a.student.username, a.score]));
  };

  it('lists every handed-in answer to the question with its student and score', async () => {
    const read = await okData(answersOf());
    assert.equal(read.question.stem, '说明急停按钮的作用。');
    assert.equal(read.question.number, 2);
    assert.equal(read.question.points, 3);
    assert.deepEqual(read.question.rubric, [{ criterion: '急停', points: 3 }]);
    assert.deepEqual(read.answers.map((a: any) => a.student.username).sort(), ['qg-li', 'qg-wang', 'student']);
    const li = read.answers.find((a: any) => a.student.username === 'qg-li');
    assert.equal(li.answer, 'qg-li 的回答：立即停止机床');
    assert.equal(li.score, null, 'waits for the teacher without a model');
  });

  it('saves every grade of the question with one call, totals and history included', async () => {
    const saved = await grade([
      { submissionId: ids.student, criteria: [{ criterion: '急停', points: 3, comment: '完整' }] },
      { submissionId: ids['qg-li'], criteria: [{ criterion: '急停', points: 1.5 }], feedback: '再具体些' },
      { submissionId: ids['qg-wang'], criteria: [{ criterion: '急停', points: 0 }] },
    ]);
    assert.equal(saved.status, 200, saved.body.msg);
    assert.equal(saved.body.data.graded, 3);
    assert.deepEqual(await scoresOf(), { student: 3, 'qg-li': 1.5, 'qg-wang': 0 });
    const li = await okData(course.server.api<any>('GET', `/course/submissions/${ids['qg-li']}`, { token: course.teacher }));
    assert.equal(li.status, 'graded');
    assert.equal(li.score, 2.5, 'the judge point and the short answer');
    const short = li.questions.find((q: any) => q.questionId === shortId);
    assert.equal(short.feedback, '再具体些');
    assert.deepEqual(
      short.history.map((h: any) => [h.before, h.after]),
      [[null, 1.5]],
    );
  });

  it('writes nothing when one grade is out of range, naming the student, in the reader’s language', async () => {
    const refused = await grade(
      [
        { submissionId: ids.student, criteria: [{ criterion: '急停', points: 2 }] },
        { submissionId: ids['qg-wang'], criteria: [{ criterion: '急停', points: 4 }] },
      ],
      { 'accept-language': 'en-US' },
    );
    assert.equal(refused.status, 400);
    assert.equal(refused.body.msg, 'Answer of student “qg-wang”: The score for “急停” must be between 0 and 3');
    assert.deepEqual(await scoresOf(), { student: 3, 'qg-li': 1.5, 'qg-wang': 0 }, 'the valid grade was not written either');
  });

  it('grades an objective question by score, within its points', async () => {
    const judgeId = (await okData(course.server.api<any>('GET', `/course/evaluations/${evaluationId}`, { token: course.teacher }))).questions[0].id;
    const over = await grade([{ submissionId: ids['qg-li'], score: 2 }], {}, judgeId);
    assert.equal(over.status, 400);
    assert.match(over.body.msg, /得分应在 0 到 1 之间/);
    assert.equal((await grade([{ submissionId: ids['qg-li'], score: 0 }], {}, judgeId)).status, 200);
    const judge = await okData(answersOf(course.teacher, judgeId));
    assert.equal(judge.answers.find((a: any) => a.student.username === 'qg-li').score, 0);
  });

  it('refuses an attempt of another evaluation, a repeated one, an unknown question and anyone but its teachers', async () => {
    const other = await publishedEvaluation(course, { title: '另一次测验' });
    const { submissionId: foreign } = await handIn(course, course.student, other, [0, true]);
    const mixed = await grade([
      { submissionId: ids.student, criteria: [{ criterion: '急停', points: 1 }] },
      { submissionId: foreign, criteria: [{ criterion: '急停', points: 1 }] },
    ]);
    assert.equal(mixed.status, 404);
    const twice = await grade([
      { submissionId: ids.student, criteria: [{ criterion: '急停', points: 1 }] },
      { submissionId: ids.student, criteria: [{ criterion: '急停', points: 2 }] },
    ]);
    assert.equal(twice.status, 400);
    assert.equal((await grade([{ submissionId: ids.student, score: 1 }], {}, 'no-such-question')).status, 404);
    assert.equal((await scoresOf()).student, 3, 'none of the refused calls wrote');

    assert.equal((await answersOf(course.student)).status, 403, 'a student is on the wrong side');
    assert.equal((await answersOf(course.manager)).status, 403, 'managers read, they do not grade');
    const stranger = await course.server.api('PUT', `/course/evaluations/${evaluationId}/questions/${shortId}/grades`, {
      token: course.students['qg-li']!.token,
      body: { grades: [{ submissionId: ids['qg-li'], score: 3 }] },
    });
    assert.equal(stranger.status, 403);
  });

  it('leaves one operation record per graded attempt', async () => {
    const wanted = [ids.student, ids['qg-li'], ids['qg-wang']];
    const graded = await until(
      async () => {
        const rows = await course.server.data.db
          .selectFrom('operation_records')
          .select(['object_id', 'object_type', 'action'])
          .where('route', 'like', '%/questions/:questionId/grades')
          .where('result', '=', 'success')
          .execute();
        return rows.filter((r) => r.object_type === 'submission' && r.action === 'update').map((r) => r.object_id);
      },
      (found) => wanted.every((id) => found.includes(id!)),
    );
    for (const id of wanted) assert.ok(graded.includes(id!), `a record names ${id}`);
  });
});
