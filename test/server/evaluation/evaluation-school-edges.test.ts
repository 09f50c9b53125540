// Evaluation edges a school meets in its first weeks (evaluation.test.ts has
// the main flow): a pass mark typed above the paper's total, and a student
// handing in from a second tab after the first one already did, or after the
// first one opened the next attempt; a grade that leaves a criterion unscored.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CNC_QUESTIONS, evaluationCourse } from '../../support/evaluation-course.js';
import { type TestServer } from '../../support/server.js';

const QUESTIONS = CNC_QUESTIONS;

describe('evaluation edges a school meets', () => {
  let server: TestServer;
  let teacher: string;
  let student: string;
  let courseId: string;

  before(async () => ({ server, teacher, student, courseId } = await evaluationCourse('数控编程')));
  after(() => server.close());

  const create = (extra: Record<string, unknown> = {}, locale = 'zh-CN') =>
    server.api<{ id: string }>('POST', '/course/evaluations', {
      token: teacher,
      body: { courseId, title: '单元测验', kind: 'quiz', questions: QUESTIONS, ...extra },
      headers: { 'accept-language': locale },
    });

  it('a pass mark above the paper’s total is refused with the total named, in the teacher’s language; on an edit after publishing too', async () => {
    const tooHigh = await create({ passMark: 60 });
    assert.equal(tooHigh.status, 400);
    assert.match(tooHigh.body.msg, /及格分.*3/u);
    const english = await create({ passMark: 60 }, 'en-US');
    assert.equal(english.body.msg, 'The pass mark cannot be higher than the paper’s total of 3 points');
    // A draft may get its pass mark before its questions.
    assert.equal((await create({ passMark: 60, questions: [] })).status, 200);

    const created = await create({ passMark: 2 });
    assert.equal(created.status, 200, created.body.msg);
    const id = created.body.data.id;
    await server.api('POST', `/course/evaluations/${id}/status`, { token: teacher, body: { status: 'published' } });
    const edit = (passMark: number) => server.api('PUT', `/course/evaluations/${id}`, { token: teacher, body: { passMark } });
    assert.equal((await edit(60)).status, 400, 'the published paper keeps its 3 points');
    assert.equal((await edit(3)).status, 200);
  });

  it('handing in from a second tab after the first one did says the attempt was already handed in', async () => {
    const created = await create();
    const id = created.body.data.id;
    await server.api('POST', `/course/evaluations/${id}/status`, { token: teacher, body: { status: 'published' } });
    const paper = await server.api<any>('GET', `/course/evaluations/${id}/paper`, { token: student });
    const answers = [{ questionId: paper.body.data.questions[0].id, value: 0 }];
    const first = await server.api('POST', `/course/evaluations/${id}/submissions`, { token: student, body: { answers } });
    assert.equal(first.status, 200, first.body.msg);
    for (const [method, path] of [
      ['POST', `/course/evaluations/${id}/submissions`],
      ['PUT', `/course/evaluations/${id}/answers`],
    ] as const) {
      const second = await server.api(method, path, { token: student, body: { answers }, headers: { 'accept-language': 'en-US' } });
      assert.equal(second.status, 409);
      assert.equal((second.body.data as any).reason, 'handed_in', `${method} from the second tab`);
      assert.equal(second.body.msg, 'This attempt was already handed in', `${method} from the second tab`);
    }
  });
  it('a tab still showing attempt 1 cannot save into or hand in attempt 2 that another tab opened, and attempt 2 keeps its answers', async () => {
    const created = await create({ maxAttempts: 2 });
    const id = created.body.data.id;
    await server.api('POST', `/course/evaluations/${id}/status`, { token: teacher, body: { status: 'published' } });
    const first = await server.api<any>('GET', `/course/evaluations/${id}/paper`, { token: student });
    const firstId: string = first.body.data.submissionId;
    const questionId: string = first.body.data.questions[0].id;
    const answer = (value: number, submissionId?: string) => ({ answers: [{ questionId, value }], ...(submissionId ? { submissionId } : {}) });
    // Tab 1 hands in attempt 1 and opens attempt 2, where it answers.
    assert.equal((await server.api('POST', `/course/evaluations/${id}/submissions`, { token: student, body: answer(0, firstId) })).status, 200);
    const second = await server.api<any>('GET', `/course/evaluations/${id}/paper`, { token: student });
    const secondId: string = second.body.data.submissionId;
    assert.notEqual(secondId, firstId);
    assert.equal((await server.api('PUT', `/course/evaluations/${id}/answers`, { token: student, body: answer(2, secondId) })).status, 200);

    // Tab 2 still shows attempt 1: its autosave and its hand-in are refused, in its language.
    for (const [method, path] of [
      ['PUT', `/course/evaluations/${id}/answers`],
      ['POST', `/course/evaluations/${id}/submissions`],
    ] as const) {
      const stale = await server.api(method, path, { token: student, body: answer(1, firstId), headers: { 'accept-language': 'en-US' } });
      assert.equal(stale.status, 409, `${method} from the stale tab`);
      assert.equal((stale.body.data as any).reason, 'newer_attempt', `${method} from the stale tab`);
      assert.equal(stale.body.msg, 'This attempt was already handed in and a newer attempt is open. Reload the page', `${method} from the stale tab`);
    }
    const ru = await server.api('PUT', `/course/evaluations/${id}/answers`, {
      token: student,
      body: answer(1, firstId),
      headers: { 'accept-language': 'ru-RU' },
    });
    assert.doesNotMatch(ru.body.msg, /[\u4e00-\u9fff]/u, ru.body.msg);

    const reopened = await server.api<any>('GET', `/course/evaluations/${id}/paper`, { token: student });
    assert.equal(reopened.body.data.submissionId, secondId, 'attempt 2 is still the one in progress');
    assert.deepEqual(reopened.body.data.answers, { [questionId]: 2 }, 'attempt 2 keeps its own answer');
    // A page from before attempts were named (no submissionId) keeps saving into the attempt in progress.
    assert.equal((await server.api('PUT', `/course/evaluations/${id}/answers`, { token: student, body: answer(3) })).status, 200);
    const other = await server.api('PUT', `/course/evaluations/${id}/answers`, { token: student, body: answer(1, 'not-an-attempt') });
    assert.equal(other.status, 400, 'an attempt that is not the student’s own is refused');
  });
  it('a grade that leaves a criterion of the rubric without a score is refused, naming it, and the answer stays ungraded', async () => {
    const short = {
      type: 'short',
      stem: '简述对刀的步骤。',
      points: 10,
      rubric: [
        { criterion: '步骤完整', points: 6 },
        { criterion: '安全要求', points: 4 },
      ],
    };
    const id = (await create({ questions: [short] })).body.data.id;
    await server.api('POST', `/course/evaluations/${id}/status`, { token: teacher, body: { status: 'published' } });
    const paper = await server.api<any>('GET', `/course/evaluations/${id}/paper`, { token: student });
    const itemId: string = paper.body.data.questions[0].id;
    const handedIn = await server.api<{ id: string }>('POST', `/course/evaluations/${id}/submissions`, {
      token: student,
      body: { answers: [{ questionId: itemId, value: '先回零，再试切。' }] },
    });
    const submissionId = handedIn.body.data.id;
    const grade = (body: unknown, locale = 'zh-CN') =>
      server.api('PUT', `/course/submissions/${submissionId}/items/${itemId}`, { token: teacher, body, headers: { 'accept-language': locale } });
    const item = async () => (await server.api<any>('GET', `/course/submissions/${submissionId}`, { token: teacher })).body.data.questions[0];

    const cases: Array<[unknown, string]> = [
      [{ criteria: [] }, '步骤完整'],
      [{ feedback: '写得不错' }, '步骤完整'],
      [{ criteria: [{ criterion: '步骤完整', points: 5 }] }, '安全要求'],
    ];
    for (const [body, missing] of cases) {
      const refused = await grade(body);
      assert.equal(refused.status, 400, JSON.stringify(body));
      assert.equal(refused.body.msg, `评分标准「${missing}」还没有打分：量规的每条标准都要给分`, JSON.stringify(body));
    }
    assert.equal((await grade({ criteria: [] }, 'en-US')).body.msg, 'The criterion “步骤完整” has no score yet: every criterion of the rubric needs one');
    const unknown = await grade({
      criteria: [
        { criterion: '步骤完整', points: 5 },
        { criterion: '安全要求', points: 4 },
        { criterion: '字迹', points: 1 },
      ],
    });
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.msg, /「字迹」不是这道题的评分标准/u);
    const untouched = await item();
    assert.equal(untouched.score, null, 'the answer still waits for a grade');
    assert.notEqual(untouched.gradedBy, 'teacher');

    const graded = await grade({
      criteria: [
        { criterion: '步骤完整', points: 5 },
        { criterion: '安全要求', points: 3 },
      ],
    });
    assert.equal(graded.status, 200, graded.body.msg);
    assert.equal((await item()).score, 8);
    // Once every criterion has a score, the teacher may change one (or only the feedback) and keep the rest.
    assert.equal((await grade({ criteria: [{ criterion: '安全要求', points: 4 }] })).status, 200);
    assert.equal((await item()).score, 9);
  });
});
