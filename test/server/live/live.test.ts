// Live sessions on one instance: check-in by the rotating code, timed
// questions answered once with the chart filling on the teacher's screen,
// random calls among those present, the class wall through the safety
// module, resuming after a dropped connection, the report and the end.
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { after, before, describe, it } from 'node:test';
import { dayOf } from '../../../server/modules/courses/index.js';
import { currentCode } from '../../../server/modules/live/code.js';
import { publishedCourse } from '../../support/published-course.js';
import { followSse, type SseFollow } from '../../support/sse-client.js';
import { okData, startTestServer, type TestServer } from '../../support/server.js';
import { addPerson, DEMO_CLASS_NAME, type Person } from '../courses/courses-school.js';

const SINGLE = { type: 'single', stem: '数控车床的主轴功能字是？', options: ['S', 'F', 'T', 'M'], answer: 0, points: 2, tags: ['功能字'] };

describe('live sessions', () => {
  let server: TestServer;
  let teacher: string;
  let student: string;
  let second: Person;
  let third: Person;
  let outsider: Person;
  let courseId: string;
  let sessionId: string;
  let code: string;
  const streams: SseFollow[] = [];
  const follow = (token: string, headers: Record<string, string> = {}) => {
    const s = followSse(`${server.baseUrl}/new-chat/course/live/${sessionId}/events`, token, headers);
    streams.push(s);
    return s;
  };

  before(async () => {
    server = await startTestServer();
    teacher = await server.login('teacher');
    student = await server.login('student');
    second = await addPerson(server, 'live-second', ['3'], DEMO_CLASS_NAME);
    third = await addPerson(server, 'live-third', ['3'], DEMO_CLASS_NAME);
    outsider = await addPerson(server, 'live-outsider', ['3'], '2024级机电一体化1班');
    courseId = (await publishedCourse(server, teacher, '数控编程')).id;
  });
  after(async () => {
    for (const s of streams) s.close();
    await server?.close();
  });

  it('starts for a teacher of the course only', async () => {
    assert.equal((await server.api('POST', '/course/live', { token: student, body: { courseId } })).status, 403);
    const other = await addPerson(server, 'live-other-teacher', ['1']);
    assert.equal((await server.api('POST', '/course/live', { token: other.token, body: { courseId } })).status, 404);
    assert.equal((await server.api('POST', '/course/live', { token: teacher, body: { courseId, lessonId: 'no-such-lesson' } })).status, 404);
    const started = await okData(server.api<{ id: string; code: string }>('POST', '/course/live', { token: teacher, body: { courseId } }));
    sessionId = started.id;
    code = started.code;
    assert.match(code, /^[A-Z2-9]{6}$/);
    const now = await okData(server.api<{ code: string; expiresAt: number }>('GET', `/course/live/${sessionId}/code`, { token: teacher }));
    assert.ok(now.expiresAt > Date.now() && now.expiresAt <= Date.now() + 30_000);
    assert.equal((await server.api('GET', `/course/live/${sessionId}/code`, { token: other.token })).status, 404);
  });

  it('checks in students of the course by the code on the projector, and nobody else', async () => {
    const projector = follow(teacher);
    await projector.waitFor((e) => e.type === 'snapshot');
    assert.equal((await server.api('POST', '/course/live/join', { token: student, body: { code: 'ZZZZZZ' } })).status, 400);
    assert.equal((await server.api('POST', '/course/live/join', { token: outsider.token, body: { code } })).status, 403);
    const { code: nowCode } = await okData(server.api<{ code: string }>('GET', `/course/live/${sessionId}/code`, { token: teacher }));
    const joined = await okData(
      server.api<{ id: string; late: boolean }>('POST', '/course/live/join', { token: student, body: { code: nowCode.toLowerCase() } }),
    );
    assert.deepEqual([joined.id, joined.late], [sessionId, false]);
    const again = await okData(server.api<{ joinedAt: number }>('POST', '/course/live/join', { token: student, body: { code: nowCode } }));
    const event = await projector.waitFor((e) => e.type === 'join');
    assert.equal(event.present, 1);
    assert.equal(event.late, false);
    assert.ok(again.joinedAt > 0);
    // The code of the 30 seconds before is still taken; the one before that is not.
    const { secret } = await server.data.db.selectFrom('live_sessions').select('secret').where('id', '=', sessionId).executeTakeFirstOrThrow();
    await okData(server.api('POST', '/course/live/join', { token: second.token, body: { code: currentCode(secret, Date.now() - 30_000).code } }));
    const stale = await server.api('POST', '/course/live/join', { token: third.token, body: { code: currentCode(secret, Date.now() - 60_000).code } });
    assert.equal(stale.status, 400);
    const count = await projector.waitFor((e) => e.type === 'join' && e.present === 2);
    assert.equal(count.student.name, 'live-second');
  });

  it('follows the session only for its teacher and students present', async () => {
    const absent = followSse(`${server.baseUrl}/new-chat/course/live/${sessionId}/events`, third.token);
    assert.equal(await absent.status, 404);
    const phone = follow(student);
    const snapshot = await phone.waitFor((e) => e.type === 'snapshot');
    assert.equal(snapshot.me.late, false);
    assert.equal(snapshot.students, undefined, 'a phone is not sent the names present');
  });

  let questionId: string;
  it('pushes a timed question to every phone without its key; each answers once', async () => {
    const phone = follow(student);
    const other = follow(second.token);
    const projector = follow(teacher);
    await Promise.all([phone, other, projector].map((s) => s.waitFor((e) => e.type === 'snapshot')));
    const refused = await server.api('POST', `/course/live/${sessionId}/questions`, {
      token: teacher,
      body: { question: { type: 'short', stem: '说说刀补', points: 5, rubric: [{ criterion: '完整', points: 5 }] }, seconds: 30 },
    });
    assert.equal(refused.status, 400);
    assert.equal((await server.api('POST', `/course/live/${sessionId}/questions`, { token: student, body: { question: SINGLE, seconds: 30 } })).status, 403);
    ({ questionId } = await okData(
      server.api<{ questionId: string }>('POST', `/course/live/${sessionId}/questions`, { token: teacher, body: { question: SINGLE, seconds: 30 } }),
    ));
    const shown = await phone.waitFor((e) => e.type === 'question');
    assert.equal(shown.stem, SINGLE.stem);
    assert.deepEqual(shown.options, SINGLE.options);
    assert.equal(shown.answer, undefined, 'the key stays on the server until the reveal');
    assert.ok(shown.closesAt - shown.now > 29_000);
    await other.waitFor((e) => e.type === 'question');

    assert.equal((await server.api('POST', `/course/live/${sessionId}/answers`, { token: student, body: { questionId, value: 9 } })).status, 400);
    assert.equal((await server.api('POST', `/course/live/${sessionId}/answers`, { token: third.token, body: { questionId, value: 0 } })).status, 404);
    await okData(server.api('POST', `/course/live/${sessionId}/answers`, { token: student, body: { questionId, value: 0 } }));
    // The phone lost the reply and sends it again: still one answer.
    await okData(server.api('POST', `/course/live/${sessionId}/answers`, { token: student, body: { questionId, value: 0 } }));
    const changed = await server.api('POST', `/course/live/${sessionId}/answers`, { token: student, body: { questionId, value: 1 } });
    assert.equal(changed.status, 400);
    await okData(server.api('POST', `/course/live/${sessionId}/answers`, { token: second.token, body: { questionId, value: 2 } }));
    const tally = await projector.waitFor((e) => e.type === 'tally' && e.answered === 2);
    assert.deepEqual(tally.counts, { '0': 1, '2': 1 });
    assert.ok(!phone.events.some((e) => e.type === 'tally'), 'phones do not see the counts before the reveal');
  });

  it("pushes a question from the course's bank, and no other course's", async () => {
    const judge = { type: 'judge', stem: 'G00 是快速定位指令。', answer: true, points: 1, tags: ['指令'] };
    const { ids } = await okData(server.api<{ ids: string[] }>('POST', '/course/question-bank', { token: teacher, body: { courseId, questions: [judge] } }));
    const phone = follow(student);
    await phone.waitFor((e) => e.type === 'snapshot');
    const pushed = await okData(
      server.api<{ questionId: string }>('POST', `/course/live/${sessionId}/questions`, { token: teacher, body: { bankQuestionId: ids[0], seconds: 20 } }),
    );
    const shown = await phone.waitFor((e) => e.type === 'question' && e.questionId === pushed.questionId);
    assert.deepEqual([shown.questionType, shown.stem, shown.answer], ['judge', judge.stem, undefined]);
    const other = await publishedCourse(server, teacher, '机械制图');
    const { ids: elsewhere } = await okData(
      server.api<{ ids: string[] }>('POST', '/course/question-bank', { token: teacher, body: { courseId: other.id, questions: [judge] } }),
    );
    assert.equal(
      (await server.api('POST', `/course/live/${sessionId}/questions`, { token: teacher, body: { bankQuestionId: elsewhere[0], seconds: 20 } })).status,
      404,
    );
    assert.equal((await server.api('POST', `/course/live/${sessionId}/questions`, { token: teacher, body: { seconds: 20 } })).status, 400);
    // The class goes on with the first question on screen.
    ({ questionId } = await okData(
      server.api<{ questionId: string }>('POST', `/course/live/${sessionId}/questions`, { token: teacher, body: { question: SINGLE, seconds: 30 } }),
    ));
    await okData(server.api('POST', `/course/live/${sessionId}/answers`, { token: student, body: { questionId, value: 0 } }));
    await okData(server.api('POST', `/course/live/${sessionId}/answers`, { token: second.token, body: { questionId, value: 2 } }));
  });

  it('marks a student who checks in after the first question late', async () => {
    const joined = await okData(
      server.api<{ late: boolean }>('POST', '/course/live/join', { token: third.token, body: { code } }).catch(async () => {
        const { code: fresh } = await okData(server.api<{ code: string }>('GET', `/course/live/${sessionId}/code`, { token: teacher }));
        return server.api<{ late: boolean }>('POST', '/course/live/join', { token: third.token, body: { code: fresh } });
      }),
    );
    assert.equal(joined.late, true);
  });

  it('resumes a phone that reconnects where the session is, and skips the snapshot when nothing was missed', async () => {
    const back = follow(student);
    const snapshot = await back.waitFor((e) => e.type === 'snapshot');
    assert.equal(snapshot.question.questionId, questionId);
    assert.equal(snapshot.question.mine, 0);
    assert.equal(snapshot.question.answer, undefined);
    assert.equal(snapshot.lastEventId, snapshot.seq);
    back.close();
    // The phone comes back having missed nothing; then a message reaches the wall. Should the message
    // land before the server has read where the phone is (a busy machine), the phone did miss it, and
    // a snapshot that covers it is right: the step is tried again, a few times at most.
    let seen = snapshot.seq;
    for (let attempt = 1; ; attempt++) {
      const quiet = follow(student, { 'last-event-id': String(seen) });
      await quiet.status;
      await new Promise((resolve) => setTimeout(resolve, 50));
      await okData(server.api('POST', `/course/live/${sessionId}/wall`, { token: attempt % 2 ? second.token : third.token, body: { text: '老师好' } }));
      const first = await quiet.waitFor(() => true);
      quiet.close();
      if (first.type === 'wall') {
        assert.equal(first.lastEventId, seen + 1);
        break;
      }
      assert.equal(first.type, 'snapshot');
      assert.ok(first.seq > seen, `a snapshot only for a phone that missed an event (${first.seq} after ${seen})`);
      assert.ok(attempt < 3, 'a phone that missed nothing gets no snapshot');
      seen = first.seq;
    }
  });

  it('refuses answers after the countdown and reveals the key with the counts', async () => {
    await server.data.db
      .updateTable('live_questions')
      .set({ closes_at: Date.now() - 5_000 })
      .where('id', '=', questionId)
      .execute();
    const late = await server.api('POST', `/course/live/${sessionId}/answers`, { token: third.token, body: { questionId, value: 0 } });
    assert.equal(late.status, 400);
    const phone = follow(second.token);
    await phone.waitFor((e) => e.type === 'snapshot');
    await okData(server.api('POST', `/course/live/${sessionId}/questions/${questionId}/reveal`, { token: teacher }));
    const reveal = await phone.waitFor((e) => e.type === 'reveal');
    assert.equal(reveal.answer, 0);
    assert.deepEqual([reveal.answered, reveal.correct], [2, 1]);
  });

  it('calls a random student present, never the same twice in a row unless asked, and records the mark', async () => {
    const seen: string[] = [];
    for (let i = 0; i < 8; i++) {
      const { student: called } = await okData(server.api<{ student: { id: string } }>('POST', `/course/live/${sessionId}/call`, { token: teacher, body: {} }));
      seen.push(called.id);
    }
    assert.ok(
      seen.every((id, i) => i === 0 || id !== seen[i - 1]),
      'nobody twice in a row',
    );
    assert.ok(!seen.includes(outsider.id));
    const phone = follow(student);
    await phone.waitFor((e) => e.type === 'snapshot');
    const { callId, student: called } = await okData(
      server.api<{ callId: string; student: { id: string; name: string } }>('POST', `/course/live/${sessionId}/call`, {
        token: teacher,
        body: { allowRepeat: true },
      }),
    );
    assert.equal((await phone.waitFor((e) => e.type === 'call' && e.callId === callId)).student.name, called.name);
    await okData(server.api('POST', `/course/live/${sessionId}/calls/${callId}/mark`, { token: teacher, body: { mark: 'partly' } }));
    assert.equal((await phone.waitFor((e) => e.type === 'call' && e.mark === 'partly')).callId, callId);
    assert.equal((await server.api('POST', `/course/live/${sessionId}/calls/nope/mark`, { token: teacher, body: { mark: 'right' } })).status, 404);
  });

  it('shows wall messages that pass the safety check; the teacher hides, pauses and unnames', async () => {
    const projector = follow(teacher);
    await projector.waitFor((e) => e.type === 'snapshot');
    const blocked = await server.api<{ reason: string }>('POST', `/course/live/${sessionId}/wall`, { token: student, body: { text: '有人知道色情网站吗' } });
    assert.equal(blocked.status, 400);
    assert.equal(blocked.body.data.reason, 'blocked');
    const posted = await okData(
      server.api<{ id: string; name: string }>('POST', `/course/live/${sessionId}/wall`, { token: student, body: { text: '  G00 懂了  ' } }),
    );
    assert.equal(posted.name, '张同学');
    const shown = await projector.waitFor((e) => e.type === 'wall' && e.message.id === posted.id);
    assert.equal(shown.message.text, 'G00 懂了');
    assert.ok(!projector.events.some((e) => e.type === 'wall' && /色情/.test(e.message.text)), 'a refused message reaches no screen');

    await okData(server.api('PUT', `/course/live/${sessionId}/wall/${posted.id}`, { token: teacher, body: { anonymous: true } }));
    assert.equal((await projector.waitFor((e) => e.type === 'wall-update' && e.message.anonymous)).message.name, null);
    await okData(server.api('PUT', `/course/live/${sessionId}/wall/${posted.id}`, { token: teacher, body: { hidden: true } }));
    const hidden = await projector.waitFor((e) => e.type === 'wall-update' && e.message.hidden);
    assert.equal(hidden.message.text, undefined);
    const phone = follow(second.token);
    const snapshot = await phone.waitFor((e) => e.type === 'snapshot');
    assert.ok(!snapshot.wall.some((m: { id: string }) => m.id === posted.id), 'a hidden message is gone for phones');

    await okData(server.api('PUT', `/course/live/${sessionId}/wall`, { token: teacher, body: { paused: true } }));
    assert.equal((await server.api('POST', `/course/live/${sessionId}/wall`, { token: student, body: { text: '还能发吗' } })).status, 400);
    await okData(server.api('PUT', `/course/live/${sessionId}/wall`, { token: teacher, body: { paused: false, anonymous: true } }));
    const unnamed = await okData(server.api<{ name: string | null }>('POST', `/course/live/${sessionId}/wall`, { token: third.token, body: { text: '明白' } }));
    assert.equal(unnamed.name, null);
  });

  it('reports attendance, each question and who answered what', async () => {
    assert.equal((await server.api('GET', `/course/live/${sessionId}/report`, { token: student })).status, 403);
    const report = await okData(server.api<any>('GET', `/course/live/${sessionId}/report`, { token: teacher }));
    assert.deepEqual(
      report.present.map((p: { name: string; late: boolean }) => [p.name, p.late]),
      [
        ['张同学', false],
        ['live-second', false],
        ['live-third', true],
      ],
    );
    assert.ok(!report.absent.some((a: { id: string }) => a.id === outsider.id));
    const q = report.questions.find((x: { questionId: string }) => x.questionId === questionId);
    assert.equal(report.questions.length, 3);
    assert.deepEqual([q.questionId, q.answered, q.correct], [questionId, 2, 1]);
    assert.deepEqual(q.answers.map((a: { name: string; correct: boolean }) => [a.name, a.correct]).sort(), [
      ['live-second', false],
      ['张同学', true],
    ]);
    assert.equal(report.calls.at(-1).mark, 'partly');
    assert.ok(report.wall.some((m: { text: string; hidden: boolean }) => m.text === 'G00 懂了' && m.hidden));
    const list = await okData(server.api<any[]>('GET', `/course/live?courseId=${courseId}`, { token: teacher }));
    assert.deepEqual([list[0].id, list[0].present, list[0].late, list[0].questions], [sessionId, 3, 1, 3]);
  });

  it("exports the report as a workbook in the reader's language", async () => {
    const response = await fetch(`${server.baseUrl}/new-chat/course/live/${sessionId}/report/export`, {
      headers: { authorization: `Bearer ${teacher}`, 'accept-language': 'en-US' },
    });
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-disposition') ?? '', /Live%20session%20report/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const attendance = book.getWorksheet('Attendance')!;
    assert.deepEqual((attendance.getRow(1).values as unknown[]).slice(1), ['Name', 'Status', 'Checked in at']);
    assert.deepEqual((attendance.getRow(4).values as unknown[]).slice(1, 3), ['live-third', 'Late']);
    const answers = book.getWorksheet('Answers')!;
    const rows = [2, 3].map((n) => (answers.getRow(n).values as unknown[]).slice(1, 5));
    assert.deepEqual(rows.map((r) => r.slice(1)).sort(), [
      ['live-second', 'C', 'Wrong'],
      ['张同学', 'A', 'Correct'],
    ]);
    assert.equal((book.getWorksheet('Calls')!.getRow(book.getWorksheet('Calls')!.rowCount).values as unknown[])[3], 'Partly right');
    const other = await fetch(`${server.baseUrl}/new-chat/course/live/${sessionId}/report/export`, { headers: { authorization: `Bearer ${outsider.token}` } });
    assert.equal(other.status, 403);
  });

  it("counts the knowledge points of answered questions in the board's mastery figures", async () => {
    const manager = await server.login('manager');
    const day = dayOf(Date.now());
    const board = await okData(server.api<any>('GET', `/course/board/summary?from=${day}&to=${day}&courseId=${courseId}`, { token: manager }));
    assert.deepEqual(board.evaluations.weakest, [{ tag: '功能字', rate: 50, answers: 4 }]);
  });

  it('ends for every screen; nothing is taken after', async () => {
    const phone = follow(student);
    await phone.waitFor((e) => e.type === 'snapshot');
    await okData(server.api('POST', `/course/live/${sessionId}/end`, { token: teacher }));
    await phone.waitFor((e) => e.type === 'end');
    await phone.ended;
    const { code: last } = { code };
    assert.equal((await server.api('POST', '/course/live/join', { token: outsider.token, body: { code: last } })).status, 400);
    assert.equal((await server.api('POST', `/course/live/${sessionId}/wall`, { token: student, body: { text: '下课' } })).status, 400);
    assert.equal((await server.api('POST', `/course/live/${sessionId}/call`, { token: teacher, body: {} })).status, 400);
    const report = await okData(server.api<any>('GET', `/course/live/${sessionId}/report`, { token: teacher }));
    assert.ok(report.session.endedAt > 0);
  });
  it("names the lesson a class was held for on its screens, in the course's list and in its report", async () => {
    const lesson = await server.data.db.selectFrom('lessons').select(['id', 'title']).where('course_id', '=', courseId).executeTakeFirstOrThrow();
    const { id } = await okData(server.api<{ id: string }>('POST', '/course/live', { token: teacher, body: { courseId, lessonId: lesson.id } }));
    const list = await okData(server.api<any[]>('GET', `/course/live?courseId=${courseId}`, { token: teacher }));
    assert.deepEqual(
      list.map((s: { id: string; lessonTitle: string | null; endedAt: number | null }) => [s.id, s.lessonTitle, s.endedAt === null]),
      [
        [id, '第一课', true],
        [sessionId, null, false],
      ],
    );
    const report = await okData(server.api<any>('GET', `/course/live/${id}/report`, { token: teacher }));
    assert.equal(report.session.lessonTitle, '第一课');
    const projector = followSse(`${server.baseUrl}/new-chat/course/live/${id}/events`, teacher);
    streams.push(projector);
    const { session } = await projector.waitFor((e) => e.type === 'snapshot');
    assert.deepEqual([session.courseTitle, session.lessonTitle], ['数控编程', '第一课'], 'the screens name the course and the lesson');
    await okData(server.api('POST', `/course/live/${id}/end`, { token: teacher }));
  });
});
