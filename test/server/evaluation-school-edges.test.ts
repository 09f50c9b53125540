// Evaluation edges a school meets in its first weeks (evaluation.test.ts has
// the main flow): a pass mark typed above the paper's total, and a student
// handing in from a second tab after the first one already did, or after the
// first one opened the next attempt.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { publishedCourse } from '../support/published-course.js';
import { startTestServer, type TestServer } from '../support/server.js';

const QUESTIONS = [
  { type: 'single', stem: '数控车床的主轴功能字是？', options: ['S', 'F', 'T', 'M'], answer: 0, points: 2 },
  { type: 'judge', stem: 'G00 是快速定位指令。', answer: true, points: 1 },
];

describe('evaluation edges a school meets', () => {
  let server: TestServer;
  let teacher: string;
  let student: string;
  let courseId: string;

  before(async () => {
    server = await startTestServer();
    teacher = await server.login('teacher');
    student = await server.login('student');
    courseId = (await publishedCourse(server, teacher, '数控编程')).id;
  });
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
    const edit = (passMark: number) =>
      server.api('PUT', `/course/evaluations/${id}`, { token: teacher, body: { title: '单元测验', kind: 'quiz', questions: [], passMark } });
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
      assert.equal(second.status, 400);
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
      assert.equal(stale.status, 400, `${method} from the stale tab`);
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
});
