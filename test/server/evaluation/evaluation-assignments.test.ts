// Assignments and practical tasks: the late policy (refuse,
// accept marked late, accept with a penalty, late work ending), and answers
// made of uploaded files that only their student and the course's teachers
// can read. Runs on SQLite and PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { evaluationCourse } from '../../support/evaluation-course.js';
import { uploadInChunks } from '../../support/chunked-upload.js';
import { type TestServer, okData } from '../../support/server.js';
import { addPerson, DEMO_CLASS_NAME, type Person } from '../courses/courses-school.js';

const HOUR = 3_600_000;

describe('assignments: late work and practical tasks', () => {
  let server: TestServer;
  let teacher: string;
  let student: string;
  let manager: string;
  let classmate: Person;
  let latecomer: Person;
  let otherTeacher: Person;
  let courseId: string;

  before(async () => {
    ({ server, teacher, student, manager, courseId } = await evaluationCourse('钳工实训'));
    classmate = await addPerson(server, 'student-c', ['3'], DEMO_CLASS_NAME);
    latecomer = await addPerson(server, 'student-d', ['3'], DEMO_CLASS_NAME);
    otherTeacher = await addPerson(server, 'teacher-x', ['1']);
  });
  after(() => server.close());

  const create = (body: Record<string, unknown>) =>
    server.api<{ id: string }>('POST', '/course/evaluations', { token: teacher, body: { courseId, kind: 'assignment', ...body } });
  const publish = (id: string) => okData(server.api('POST', `/course/evaluations/${id}/status`, { token: teacher, body: { status: 'published' } }));
  const paper = (token: string, id: string) => server.api<any>('GET', `/course/evaluations/${id}/paper`, { token });
  const submit = (token: string, id: string, answers: unknown[]) =>
    server.api<{ id: string }>('POST', `/course/evaluations/${id}/submissions`, { token, body: { answers } });
  /** Moves the due date (and the end of late work) as if time had passed. */
  const moveDates = (id: string, dates: { closes_at?: number; late_until?: number | null }) =>
    server.data.db.updateTable('evaluations').set(dates).where('id', '=', id).execute();

  const JUDGE = { type: 'judge', stem: '锉削时应双手握锉。', answer: true, points: 5 };

  it('a late policy needs a due date, and a late end after it', async () => {
    const noDue = await create({ title: '无截止', latePolicy: 'accept', questions: [JUDGE] });
    assert.equal(noDue.status, 400);
    assert.match(noDue.body.msg, /截止时间/u);
    const closesAt = Date.now() + HOUR;
    const backwards = await create({ title: '倒序', latePolicy: 'accept', closesAt, lateUntil: closesAt - 1, questions: [JUDGE] });
    assert.equal(backwards.status, 400);
    assert.match(backwards.body.msg, /迟交截止时间应晚于截止时间/u);
    const noPenalty = await create({ title: '无扣分', latePolicy: 'penalty', closesAt, questions: [JUDGE] });
    assert.equal(noPenalty.status, 400);
    assert.match(noPenalty.body.msg, /扣分/u);
  });

  it('late work with a penalty: on time scores in full; late is marked and loses 20%; after late work ends it is refused', async () => {
    const closesAt = Date.now() + HOUR;
    const { id } = await okData(
      create({ title: '锉削作业', latePolicy: 'penalty', latePenalty: 20, closesAt, lateUntil: closesAt + 24 * HOUR, questions: [JUDGE] }),
    );
    const detail = await okData(server.api<any>('GET', `/course/evaluations/${id}`, { token: teacher }));
    assert.deepEqual([detail.latePolicy, detail.latePenalty, detail.lateUntil], ['penalty', 20, closesAt + 24 * HOUR]);
    await publish(id);

    const onTime = await okData(paper(student, id));
    const onTimeSub = await okData(submit(student, id, [{ questionId: onTime.questions[0].id, value: true }]));

    await moveDates(id, { closes_at: Date.now() - 2 * 60_000 });
    const late = await okData(paper(classmate.token, id));
    assert.equal(late.late.late, true, 'the paper warns that work handed in now is late');
    assert.equal(late.late.penalty, 20);
    const lateSub = await okData(submit(classmate.token, id, [{ questionId: late.questions[0].id, value: true }]));

    const read = (sub: string) => okData(server.api<any>('GET', `/course/submissions/${sub}`, { token: teacher }));
    const [a, b] = [await read(onTimeSub.id), await read(lateSub.id)];
    assert.deepEqual([a.score, a.late], [5, false]);
    assert.deepEqual([b.score, b.late, b.latePenalty], [4, true, 20], '5 points less 20%');
    const queue = await okData(server.api<any>('GET', `/course/evaluations/${id}/submissions`, { token: teacher }));
    assert.deepEqual(queue.items.map((i: any) => i.late).sort(), [false, true], 'the grading queue marks the late one');
    const list = await okData(server.api<any[]>('GET', `/course/evaluations?courseId=${courseId}`, { token: classmate.token }));
    assert.equal(list.find((e) => e.id === id).myLate, true, 'the student sees their work was late');

    await moveDates(id, { late_until: Date.now() - 2 * 60_000 });
    const refused = await paper(latecomer.token, id);
    assert.equal(refused.status, 400);
    assert.match(refused.body.msg, /迟交时间也已结束/u);
  });

  it('accepting late work marks it late at full score; refusing it (the default) turns the student away at the due date', async () => {
    const closesAt = Date.now() + HOUR;
    const accepted = (await okData(create({ title: '接收迟交', latePolicy: 'accept', closesAt, questions: [JUDGE] }))).id;
    const refusing = (await okData(create({ title: '不收迟交', closesAt, questions: [JUDGE] }))).id;
    await publish(accepted);
    await publish(refusing);
    await moveDates(accepted, { closes_at: Date.now() - 2 * 60_000 });
    await moveDates(refusing, { closes_at: Date.now() - 2 * 60_000 });
    const p = await okData(paper(student, accepted));
    const sub = await okData(submit(student, accepted, [{ questionId: p.questions[0].id, value: true }]));
    const read = await okData(server.api<any>('GET', `/course/submissions/${sub.id}`, { token: teacher }));
    assert.deepEqual([read.score, read.late, read.latePenalty], [5, true, 0]);
    const refused = await paper(student, refusing);
    assert.equal(refused.status, 400);
    assert.match(refused.body.msg, /已截止/u);
  });

  it('a practical task is answered with the student\u2019s own uploads; the teacher downloads them to grade; nobody else reads them', async () => {
    const survey = await server.api('POST', '/course/evaluations', {
      token: teacher,
      body: { courseId, kind: 'survey', title: '问卷', questions: [{ type: 'practical', stem: '上传照片', points: 0 }] },
    });
    assert.equal(survey.status, 400);
    assert.match(survey.body.msg, /问卷不能包含实操题/u);

    const rubric = [
      { criterion: '操作规范', points: 6 },
      { criterion: '成品尺寸', points: 4 },
    ];
    const { id } = await okData(
      create({
        title: '锉削实操',
        closesAt: Date.now() + HOUR,
        questions: [{ type: 'practical', stem: '上传锉削过程的照片和实训报告。', rubric, points: 10 }, JUDGE],
      }),
    );
    await publish(id);
    // Ids are base64url: one holding `_` (a LIKE wildcard) must be found as surely as any other, so upload until one does
    // (about 3 in 10 ids hold one; 40 tries all missing is about 1 in a million).
    // Each draft a different length: the chunk protocol's identifier is size and name, so an equal size would resume the last upload.
    const draft = (i: number) => Buffer.from(`实训报告：锉削平面，尺寸 40±0.1 mm。${'再改一稿。'.repeat(i)}`, 'utf8');
    let tries = 0;
    let mine = await uploadInChunks(server, student, 'report.txt', draft(tries));
    while (tries < 40 && !mine.id.includes('_')) mine = await uploadInChunks(server, student, 'report.txt', draft(++tries));
    const report = draft(tries);
    assert.ok(mine.id.includes('_'), 'an id with an underscore');
    const theirs = await uploadInChunks(server, classmate.token, 'other.txt', Buffer.from('另一位同学的报告', 'utf8'));

    const p = await okData(paper(student, id));
    const task = p.questions.find((q: any) => q.type === 'practical');
    assert.ok(task && !('rubric' in task), 'the paper carries the task without its rubric');
    const save = (value: unknown) =>
      server.api('PUT', `/course/evaluations/${id}/answers`, { token: student, body: { answers: [{ questionId: task.id, value }] } });
    const borrowed = await save([theirs.id]);
    assert.equal(borrowed.status, 400, 'another student\u2019s file is not an answer');
    assert.match(borrowed.body.msg, /不是你上传的/u);
    await okData(save([mine.id]));
    const reopened = await okData(paper(student, id));
    assert.deepEqual(reopened.answers[task.id], [mine.id], 'a reload keeps the file');
    assert.deepEqual(
      reopened.files.map((f: any) => f.name),
      ['report.txt'],
    );

    const judge = p.questions.find((q: any) => q.type === 'judge');
    const sub = await okData(submit(student, id, [{ questionId: judge.id, value: true }]));
    const graded = await okData(server.api<any>('GET', `/course/submissions/${sub.id}`, { token: teacher }));
    assert.equal(graded.status, 'submitted', 'the task waits for the teacher');
    const item = graded.questions.find((q: any) => q.type === 'practical');
    assert.equal(item.score, null);
    assert.match(item.feedback, /教师查看上传的文件/u);
    assert.deepEqual(
      item.files.map((f: any) => [f.id, f.name, f.size]),
      [[mine.id, 'report.txt', report.length]],
    );
    const download = await fetch(`${server.baseUrl}${item.files[0].url}`);
    assert.equal(download.status, 200, 'the signed link downloads without a token');
    assert.match(download.headers.get('content-disposition') ?? '', /attachment/u);
    assert.deepEqual(Buffer.from(await download.arrayBuffer()), report);

    const read = (token: string) => fetch(`${server.baseUrl}/new-chat/app/api/file/${mine.id}`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal((await read(teacher)).status, 200, 'the course\u2019s teacher');
    assert.equal((await read(manager)).status, 200, 'a manager, who reads submissions');
    assert.equal((await read(student)).status, 200, 'the student who uploaded it');
    assert.equal((await read(classmate.token)).status, 404, 'a classmate cannot read another\u2019s answer file');
    assert.equal((await read(otherTeacher.token)).status, 404, 'a teacher of another course cannot either');
    assert.equal((await fetch(`${server.baseUrl}/new-chat/app/api/file/${mine.id}`)).status, 404, 'nor the signed-out');

    await okData(
      server.api('PUT', `/course/submissions/${sub.id}/items/${task.id}`, {
        token: teacher,
        body: {
          criteria: [
            { criterion: '操作规范', points: 5, comment: '姿势正确' },
            { criterion: '成品尺寸', points: 4 },
          ],
        },
      }),
    );
    const done = await okData(server.api<any>('GET', `/course/submissions/${sub.id}`, { token: teacher }));
    assert.deepEqual([done.status, done.score], ['graded', 14]);
  });
});
