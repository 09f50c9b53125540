// What a teacher may change on an evaluation after publishing it (the window,
// time limit, attempts, classes: the settings dialog sends only those), and
// what stays fixed once students have answered (the questions), without
// students' attempts losing anything.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CNC_QUESTIONS as QUESTIONS, evaluationCourse } from '../../support/evaluation-course.js';
import type { TestServer } from '../../support/server.js';

describe('editing a published evaluation', () => {
  let server: TestServer;
  let teacher: string;
  let student: string;
  let courseId: string;
  before(async () => ({ server, teacher, student, courseId } = await evaluationCourse('数控编程')));
  after(() => server.close());

  const published = async (extra: Record<string, unknown> = {}) => {
    const created = await server.api<{ id: string }>('POST', '/course/evaluations', {
      token: teacher,
      body: { courseId, title: '单元测验', kind: 'quiz', questions: QUESTIONS, ...extra },
    });
    assert.equal(created.status, 200, created.body.msg);
    const id = created.body.data.id;
    await server.api('POST', `/course/evaluations/${id}/status`, { token: teacher, body: { status: 'published' } });
    return id;
  };
  const edit = (id: string, body: Record<string, unknown>, locale = 'zh-CN') =>
    server.api('PUT', `/course/evaluations/${id}`, { token: teacher, body, headers: { 'accept-language': locale } });
  const detail = async (id: string) => (await server.api<any>('GET', `/course/evaluations/${id}`, { token: teacher })).body.data;
  const paper = async (id: string) => (await server.api<any>('GET', `/course/evaluations/${id}/paper`, { token: student })).body.data;

  it('the window, time limit and attempts alone may change; title, questions and other settings stay', async () => {
    const id = await published({ description: '第一单元', passMark: 2, shuffle: true, timeLimitMinutes: 30 });
    const closesAt = Date.now() + 86_400_000;
    const saved = await edit(id, { opensAt: null, closesAt, timeLimitMinutes: 45, maxAttempts: 3 });
    assert.equal(saved.status, 200, saved.body.msg);
    const after = await detail(id);
    assert.equal(after.closesAt, closesAt);
    assert.equal(after.timeLimitMinutes, 45);
    assert.equal(after.maxAttempts, 3);
    assert.equal(after.title, '单元测验');
    assert.equal(after.description, '第一单元');
    assert.equal(after.passMark, 2);
    assert.equal(after.shuffle, true);
    assert.equal(after.questions.length, 2);
  });

  it('the questions of a published paper a student has opened cannot change, said in the teacher’s language; the paper stays', async () => {
    const id = await published();
    await paper(id);
    const refused = await edit(id, { questions: QUESTIONS.slice(0, 1) }, 'en-US');
    assert.equal(refused.status, 400);
    assert.match(refused.body.msg, /questions can no longer change/u);
    const chinese = await edit(id, { title: '改名', kind: 'quiz', questions: QUESTIONS.slice(0, 1) });
    assert.match(chinese.body.msg, /已有学生作答，不能再修改题目/u);
    const after = await detail(id);
    assert.equal(after.questions.length, 2);
    assert.equal(after.title, '单元测验', 'a refused edit changes nothing');
    assert.equal((await edit(id, { kind: 'assignment' })).status, 400, 'nor its type');
  });

  it('before any student opened it, a published paper may still be corrected, but not emptied', async () => {
    const id = await published();
    assert.equal((await edit(id, { questions: [] })).status, 400, 'a published paper keeps a question');
    const fixed = await edit(id, { questions: QUESTIONS.slice(0, 1) });
    assert.equal(fixed.status, 200, fixed.body.msg);
    assert.equal((await detail(id)).questions.length, 1);
  });

  it('extending the close time gives a student still writing the new time to hand in', async () => {
    const firstClose = Date.now() + 5 * 60_000;
    const id = await published({ closesAt: firstClose });
    const p = await paper(id);
    assert.equal(p.deadlineAt, firstClose);
    const laterClose = Date.now() + 3 * 3_600_000;
    assert.equal((await edit(id, { closesAt: laterClose })).status, 200);
    const saved = await server.api<any>('PUT', `/course/evaluations/${id}/answers`, {
      token: student,
      body: { submissionId: p.submissionId, answers: [{ questionId: p.questions[0].id, value: 0 }] },
    });
    assert.equal(saved.status, 200, saved.body.msg);
    assert.equal(saved.body.data.deadlineAt, laterClose, 'the countdown shows the new close time');
    const handedIn = await server.api('POST', `/course/evaluations/${id}/submissions`, {
      token: student,
      body: { submissionId: p.submissionId, answers: [{ questionId: p.questions[1].id, value: true }] },
    });
    assert.equal(handedIn.status, 200, handedIn.body.msg);
  });

  it('shortening the time limit keeps handed-in work and does not cut off an attempt under way', async () => {
    const id = await published({ timeLimitMinutes: 60, maxAttempts: 2, releaseMode: 'immediate' });
    const first = await paper(id);
    const answers = [
      { questionId: first.questions.find((q: any) => q.type === 'single').id, value: 0 },
      { questionId: first.questions.find((q: any) => q.type === 'judge').id, value: true },
    ];
    assert.equal(
      (await server.api('POST', `/course/evaluations/${id}/submissions`, { token: student, body: { submissionId: first.submissionId, answers } })).status,
      200,
    );
    const second = await paper(id);
    assert.equal((await edit(id, { timeLimitMinutes: 10, closesAt: Date.now() + 60_000 })).status, 200);
    const result = await server.api<any>('GET', `/course/submissions/${first.submissionId}`, { token: student });
    assert.equal(result.body.data.score, 3, 'the handed-in attempt keeps its score');
    const again = await paper(id);
    assert.equal(again.submissionId, second.submissionId);
    assert.equal(again.deadlineAt, second.deadlineAt, 'the attempt under way keeps its hour');
  });

  it('a draft edit may still leave out the questions and keep them', async () => {
    const created = await server.api<{ id: string }>('POST', '/course/evaluations', {
      token: teacher,
      body: { courseId, title: '草稿', kind: 'quiz', questions: QUESTIONS },
    });
    const id = created.body.data.id;
    assert.equal((await edit(id, { maxAttempts: 2 })).status, 200);
    assert.equal((await detail(id)).questions.length, 2);
  });
});
