// The server keeps every deadline: an attempt whose time ran out is handed in
// by a leased sweep with its autosaved answers, scored and queued, recorded,
// and reads as handed in automatically to the student, in grading, in the
// analysis and its export, and on the board. Two instances sweeping at once
// hand each attempt in once; a sweep cut short by a restart is taken over
// once its claims lapse. Saves refused say why (time up, handed in, invalid
// answer). Runs on SQLite and PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { evaluationCourse } from '../../support/evaluation-course.js';
import ExcelJS from 'exceljs';
import { startTestServer, type TestServer, okData } from '../../support/server.js';
import { until } from '../../support/until.js';
import { addPerson, DEMO_CLASS_NAME, type Person } from '../courses/courses-school.js';
import { dayOf } from '../../../server/modules/courses/index.js';
import { claimExpiredAttempts, handInExpiredAttempts } from '../../../server/modules/evaluation/deadline-sweep.js';

/** Short grace and a sweep every second, so a test waits seconds, not minutes. */
const FAST_SWEEP = { ZX_DEADLINE_GRACE_SECONDS: '1', ZX_DEADLINE_SWEEP_SECONDS: '1' };

const SINGLE = { type: 'single', stem: '数控车床的主轴功能字是？', options: ['S', 'F', 'T', 'M'], answer: 0, points: 2, tags: ['指令'] };
const SHORT = { type: 'short', stem: '简述对刀的步骤。', rubric: [{ criterion: '步骤', points: 4 }], points: 4, tags: ['对刀'] };

describe('evaluation: the server hands in attempts whose time ran out', () => {
  let server: TestServer;
  let teacher: string;
  let manager: string;
  let courseId: string;
  const people: Person[] = [];

  before(async () => {
    ({ server, teacher, manager, courseId } = await evaluationCourse('数控编程', { server: { env: FAST_SWEEP } }));
    for (let i = 0; i < 6; i += 1) people.push(await addPerson(server, `sweep-student-${i}`, ['3'], DEMO_CLASS_NAME));
  });
  after(() => server.close());

  const quiz = async (extra: Record<string, unknown> = {}) => {
    const { id } = await okData(
      server.api<{ id: string }>('POST', '/course/evaluations', {
        token: teacher,
        body: { courseId, title: '限时测验', kind: 'quiz', timeLimitMinutes: 1, releaseMode: 'immediate', questions: [SINGLE, SHORT], ...extra },
      }),
    );
    await okData(server.api('POST', `/course/evaluations/${id}/status`, { token: teacher, body: { status: 'published' } }));
    return id;
  };
  const open = (token: string, id: string) => okData(server.api<any>('GET', `/course/evaluations/${id}/paper`, { token }));
  const rightAnswer = (paper: any) => {
    const q = paper.questions.find((x: any) => x.type === 'single');
    return { questionId: q.id, value: q.options.indexOf('S') };
  };
  /** Time passes: the attempts' deadline (and its grace) lies behind them. */
  const expire = (submissionIds: string[]) =>
    server.data.db
      .updateTable('submissions')
      .set({ deadline_at: Date.now() - 5_000 })
      .where('id', 'in', submissionIds)
      .execute();
  const statusOf = async (submissionId: string) =>
    (await server.data.db.selectFrom('submissions').select(['status', 'handed_in_by']).where('id', '=', submissionId).executeTakeFirstOrThrow()).status;

  it('hands in with the autosaved answers, scores them, leaves the rest for grading, records it, and every view says so', async () => {
    const id = await quiz();
    const student = people[0]!;
    const paper = await open(student.token, id);
    const short = { questionId: paper.questions.find((q: any) => q.type === 'short').id, value: '先回零，再试切。' };
    await okData(
      server.api('PUT', `/course/evaluations/${id}/answers`, {
        token: student.token,
        body: { answers: [rightAnswer(paper), short], submissionId: paper.submissionId },
      }),
    );
    await expire([paper.submissionId]);

    // Handed in, then scored a moment later (a loaded machine widens that moment).
    const status = await until(
      () => statusOf(paper.submissionId),
      (s) => s === 'graded',
    );
    assert.equal(status, 'submitted', 'handed in by the sweep, the short answer awaiting the teacher (no model)');

    const result = await okData(server.api<any>('GET', `/course/submissions/${paper.submissionId}`, { token: student.token }));
    assert.equal(result.autoSubmitted, true);
    assert.ok(result.submittedAt >= Date.now() - 60_000);
    assert.equal(result.questions.find((q: any) => q.type === 'single').score, 2, 'the autosaved right answer scored');
    assert.equal(result.questions.find((q: any) => q.type === 'short').score, null, 'the short answer waits for grading');

    const reopened = await server.api<any>('GET', `/course/evaluations/${id}/paper`, { token: student.token });
    assert.equal(reopened.status, 200, 'reopening is not an error');
    assert.equal(reopened.body.data.state, 'handed_in');
    assert.equal(reopened.body.data.autoSubmitted, true);
    assert.equal(reopened.body.data.submissionId, paper.submissionId);
    assert.deepEqual(reopened.body.data.questions, undefined, 'no paper to answer');

    const list = await okData(server.api<any[]>('GET', `/course/evaluations?courseId=${courseId}`, { token: student.token }));
    const mine = list.find((e) => e.id === id);
    assert.equal(mine.myStatus, 'submitted');
    assert.equal(mine.myAutoSubmitted, true);
    assert.equal(mine.mySubmittedAt, result.submittedAt);

    const queue = await okData(server.api<any>('GET', `/course/evaluations/${id}/submissions`, { token: teacher }));
    assert.deepEqual(
      queue.items.map((i: any) => [i.id, i.autoSubmitted, i.pending]),
      [[paper.submissionId, true, 1]],
    );

    const analysis = await okData(server.api<any>('GET', `/course/evaluations/${id}/analysis`, { token: teacher }));
    const row = analysis.students.find((s: any) => s.studentId === student.id);
    assert.equal(row.autoSubmitted, true);
    assert.equal(row.submittedAt, result.submittedAt);
    assert.ok(!analysis.notHandedIn.some((s: any) => s.studentId === student.id), 'no longer listed as answering');

    const res = await fetch(`${server.baseUrl}/new-chat/course/evaluations/${id}/analysis/export`, {
      headers: { authorization: `Bearer ${teacher}`, 'accept-language': 'en-US' },
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await res.arrayBuffer()) as never);
    const sheet = book.worksheets[1]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    const line = (sheet.getRow(2).values as unknown[]).slice(1);
    assert.equal(line[headers.indexOf('Handed in by')], 'Automatically when time ran out');
    assert.match(String(line[headers.indexOf('Handed in at')]), /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/u);

    const today = dayOf(Date.now());
    const board = await okData(server.api<any>('GET', `/course/board/summary?from=${today}&to=${today}`, { token: manager }));
    assert.ok(board.evaluations.autoSubmitted >= 1, 'the board counts automatic hand-ins');

    const records = await server.data.db
      .selectFrom('operation_records')
      .select(['username', 'object_id', 'summary'])
      .where('object_id', '=', paper.submissionId)
      .execute();
    assert.equal(records.length, 1, 'the hand-in is recorded once');
    assert.equal(records[0]!.username, 'sweep-student-0');
    assert.match(records[0]!.summary, /自动保存的答案交卷/u);
  });

  it('a page still saving after the time ran out is told the time is up; a wrong answer is refused as invalid, not as handed in', async () => {
    const id = await quiz();
    const student = people[1]!;
    const paper = await open(student.token, id);
    const save = (answers: unknown[]) =>
      server.api<any>('PUT', `/course/evaluations/${id}/answers`, { token: student.token, body: { answers, submissionId: paper.submissionId } });

    const single = paper.questions.find((q: any) => q.type === 'single');
    const invalid = await save([{ questionId: single.id, value: 'not a choice' }]);
    assert.equal(invalid.status, 400);
    assert.deepEqual(invalid.body.data, { reason: 'invalid_answer', questionId: single.id });
    assert.equal(await statusOf(paper.submissionId), 'in_progress', 'an invalid answer ends nothing');

    await okData(save([rightAnswer(paper)]));
    // The deadline passed while the page was away; nothing swept it yet.
    await server.data.db
      .updateTable('submissions')
      .set({ deadline_at: Date.now() - 5_000, sweep_lease_until: Date.now() + 60_000 })
      .where('id', '=', paper.submissionId)
      .execute();
    const late = await save([{ questionId: single.id, value: 1 }]);
    assert.equal(late.status, 409);
    assert.deepEqual(late.body.data, { reason: 'time_up', submissionId: paper.submissionId });
    const again = await save([{ questionId: single.id, value: 1 }]);
    assert.equal(again.status, 409);
    assert.equal(again.body.data.reason, 'time_up', 'a second tab hears the same: the server handed it in');
    const result = await okData(server.api<any>('GET', `/course/submissions/${paper.submissionId}`, { token: student.token }));
    assert.equal(result.autoSubmitted, true);
    assert.equal(result.questions.find((q: any) => q.type === 'single').score, 2, 'the autosaved answer, not the late one');
  });

  it('closing an evaluation hands in the attempts still in progress', async () => {
    const id = await quiz({ timeLimitMinutes: null });
    const student = people[2]!;
    const paper = await open(student.token, id);
    await okData(
      server.api('PUT', `/course/evaluations/${id}/answers`, {
        token: student.token,
        body: { answers: [rightAnswer(paper)], submissionId: paper.submissionId },
      }),
    );
    await okData(server.api('POST', `/course/evaluations/${id}/status`, { token: teacher, body: { status: 'closed' } }));
    // Handed in, then scored a moment later (a loaded machine widens that moment).
    const status = await until(
      () => statusOf(paper.submissionId),
      (s) => s === 'graded',
    );
    assert.equal(status, 'graded', 'handed in, and scored: the unanswered short question earns 0');
    const reopened = await open(student.token, id);
    assert.equal(reopened.state, 'handed_in');
  });

  it('two instances sweeping at once hand each attempt in exactly once', async () => {
    const second = await startTestServer({ sameDatabaseAs: server, env: FAST_SWEEP });
    try {
      const id = await quiz();
      const ids: string[] = [];
      for (const student of people.slice(3)) {
        const paper = await open(student.token, id);
        await okData(
          server.api('PUT', `/course/evaluations/${id}/answers`, {
            token: student.token,
            body: { answers: [rightAnswer(paper)], submissionId: paper.submissionId },
          }),
        );
        ids.push(paper.submissionId);
      }
      await expire(ids);
      // Both instances' own timers race too; these calls make sure they overlap.
      const counts = await Promise.all([handInExpiredAttempts(server.app.zx), handInExpiredAttempts(second.app.zx), handInExpiredAttempts(second.app.zx)]);
      const rows = await until(
        () => server.data.db.selectFrom('submissions').select(['id', 'status']).where('id', 'in', ids).execute(),
        (r) => r.every((s) => s.status !== 'in_progress'),
      );
      assert.ok(
        rows.every((s) => s.status === 'graded'),
        'all handed in and scored',
      );
      assert.ok(counts.reduce((a, b) => a + b, 0) <= ids.length);
      const items = await server.data.db.selectFrom('submission_items').select('submission_id').where('submission_id', 'in', ids).execute();
      assert.equal(items.length, ids.length * 2, 'scored once: one row per question per attempt');
      const records = await server.data.db.selectFrom('operation_records').select('object_id').where('object_id', 'in', ids).execute();
      assert.equal(records.length, ids.length, 'recorded once each');
    } finally {
      await second.close();
    }
  });

  it('a sweep cut short by a restart leaves its claims alone until they lapse, then another run hands them in once', async () => {
    const id = await quiz();
    const students = [
      await addPerson(server, 'restart-student-a', ['3'], DEMO_CLASS_NAME),
      await addPerson(server, 'restart-student-b', ['3'], DEMO_CLASS_NAME),
    ];
    const ids: string[] = [];
    for (const student of students) ids.push((await open(student.token, id)).submissionId);
    // An instance whose sweep reached these attempts (its clock two minutes on, past their deadline) claims them and dies before handing them in.
    const doomed = await startTestServer({ sameDatabaseAs: server, env: { ZX_DEADLINE_SWEEP_SECONDS: '45' } });
    const claimed = await claimExpiredAttempts(doomed.app.zx, Date.now() + 2 * 60_000);
    await doomed.close();
    assert.ok(
      ids.every((x) => claimed.includes(x)),
      'the dying instance held both',
    );
    await expire(ids);

    // The instance that comes back sweeps (and the first one's timer ticks): the claims are still held.
    const restarted = await startTestServer({ sameDatabaseAs: server, env: FAST_SWEEP });
    try {
      assert.equal(await handInExpiredAttempts(restarted.app.zx), 0);
      assert.deepEqual(await Promise.all(ids.map(statusOf)), ['in_progress', 'in_progress']);
      // The claims lapse (time passes): the next sweep takes them over.
      await server.data.db
        .updateTable('submissions')
        .set({ sweep_lease_until: Date.now() - 1 })
        .where('id', 'in', ids)
        .execute();
      const statuses = await until(
        () => Promise.all(ids.map(statusOf)),
        (s) => s.every((x) => x === 'graded'),
      );
      assert.deepEqual(statuses, ['graded', 'graded']);
      const records = await until(
        () => server.data.db.selectFrom('operation_records').select('object_id').where('object_id', 'in', ids).execute(),
        (rows) => rows.length >= 2,
      );
      assert.equal(records.length, 2, 'each handed in once');
    } finally {
      await restarted.close();
    }
  });
});
