// The server keeps every deadline, under a class's worth of load:
// 1. 500 students hand in within 10 s (each at its own moment, spread over
//    the window): no call fails, every paper is handed in once; submit p99
//    and GET /health p99 during the window, as a ratio to /health when idle.
// 2. The deadline sweep of 500 expired attempts (the students closed the
//    tab): all handed in exactly once (one row per question each, one
//    operation record each); how long the sweep took, the server's CPU over
//    it (/proc), and /health p99 during it as a ratio to idle.
// Both on SQLite and PostgreSQL (ZX_BENCH_DB=sqlite|postgres|both, default
// both), the load average printed beside the figures. Fails the run when a
// call fails or an attempt is not handed in exactly once.
// Usage: node --import tsx bench/evaluation-deadline.ts
import { loadavg } from 'node:os';
import { handInExpiredAttempts } from '../server/modules/evaluation/deadline-sweep.js';
import { publishedCourse } from '../test/support/published-course.js';
import { startTestServer, type TestServer } from '../test/support/server.js';
import { cpuSeconds } from './lib/process.js';
import { manyStudents, percentile, pool } from './lib/school.js';

const STUDENTS = Number(process.env.ZX_BENCH_STUDENTS ?? 500);
const WINDOW_MS = 10_000;
const QUESTIONS = [
  { type: 'single', stem: '数控车床的主轴功能字是？', options: ['S', 'F', 'T', 'M'], answer: 0, points: 2 },
  { type: 'judge', stem: 'G00 是快速定位指令。', answer: true, points: 1 },
  { type: 'blank', stem: '程序结束并返回的指令是 ____。', answer: ['M30'], points: 2 },
];

interface Figures {
  idleP99: number;
  submitP99: number;
  submitHealthP99: number;
  submitErrors: number;
  /** '' when every paper was handed in once, else what went wrong. */
  handIn: string;
  sweepMs: number;
  sweepCpuS: number;
  sweepHealthP99: number;
  /** '' when every expired attempt was handed in and recorded exactly once, else what went wrong. */
  swept: string;
  load: number;
}

const timedFetch = async (url: string, init: RequestInit | undefined, into: number[]) => {
  const start = performance.now();
  const res = await fetch(url, init);
  const body = (await res.json()) as { code: number; data: any };
  into.push(performance.now() - start);
  return body;
};

/** GET /health one at a time until `until` resolves; the latencies. */
async function healthWhile(server: TestServer, until: Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let done = false;
  void until.finally(() => (done = true));
  while (!done) await timedFetch(`${server.baseUrl}/new-chat/health`, undefined, times);
  return times;
}

async function run(server: TestServer): Promise<Figures> {
  const teacher = await server.login('teacher');
  const course = await publishedCourse(server, teacher, '限时测验');
  const classId = (await server.data.db.selectFrom('course_classes').select('class_id').where('course_id', '=', course.id).executeTakeFirstOrThrow()).class_id;
  const className = (await server.data.db.selectFrom('classes').select('name').where('id', '=', classId).executeTakeFirstOrThrow()).name;
  const url = (path: string) => `${server.baseUrl}/new-chat${path}`;
  const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json', 'client-id': 'app' });

  /** A published 30-minute quiz that every student opened and answered one question of (autosaved). */
  const openQuiz = async (prefix: string) => {
    const tokens = await manyStudents(server, STUDENTS, className, `${prefix}${Date.now()}_`);
    const created = await server.api<{ id: string }>('POST', '/course/evaluations', {
      token: teacher,
      body: { courseId: course.id, title: prefix, kind: 'quiz', questions: QUESTIONS, timeLimitMinutes: 30, releaseMode: 'immediate' },
    });
    const id = created.body.data.id;
    await server.api('POST', `/course/evaluations/${id}/status`, { token: teacher, body: { status: 'published' } });
    const papers: Array<{ token: string; submissionId: string }> = [];
    await pool(tokens, 25, async (token) => {
      const paper = (await (await fetch(url(`/course/evaluations/${id}/paper`), { headers: headers(token) })).json()) as { data: any };
      const single = paper.data.questions.find((q: any) => q.type === 'single');
      await fetch(url(`/course/evaluations/${id}/answers`), {
        method: 'PUT',
        headers: headers(token),
        body: JSON.stringify({ answers: [{ questionId: single.id, value: single.options.indexOf('S') }], submissionId: paper.data.submissionId }),
      });
      papers.push({ token, submissionId: paper.data.submissionId });
    });
    return { id, papers };
  };
  /** What is wrong with these attempts' hand-in: '' when each is handed in, and scored, exactly once. */
  const handInProblems = async (ids: string[]) => {
    const rows = await server.data.db.selectFrom('submissions').select(['status']).where('id', 'in', ids).execute();
    const items = await server.data.db.selectFrom('submission_items').select('submission_id').where('submission_id', 'in', ids).execute();
    const open = rows.filter((r) => r.status === 'in_progress').length;
    return [
      open ? `${open} still in progress` : '',
      items.length !== ids.length * QUESTIONS.length ? `${items.length} scored questions for ${ids.length} × ${QUESTIONS.length}` : '',
    ]
      .filter(Boolean)
      .join('; ');
  };

  const idle = await healthWhile(server, new Promise((resolve) => setTimeout(resolve, 3_000)));

  // 1. Everyone hands in within the window, each at a moment of its own.
  const handing = await openQuiz('handin');
  const submit: number[] = [];
  let submitErrors = 0;
  const submitting = Promise.all(
    handing.papers.map(async ({ token, submissionId }, i) => {
      await new Promise((resolve) => setTimeout(resolve, (i * WINDOW_MS) / handing.papers.length));
      const body = await timedFetch(
        url(`/course/evaluations/${handing.id}/submissions`),
        { method: 'POST', headers: headers(token), body: JSON.stringify({ answers: [], submissionId }) },
        submit,
      );
      if (body.code !== 200) submitErrors += 1;
    }),
  );
  const submitHealth = await healthWhile(server, submitting);
  const handedIn = await handInProblems(handing.papers.map((p) => p.submissionId));

  // 2. The students of another quiz closed the tab; their time ran out.
  const left = await openQuiz('sweep');
  const sweptIds = left.papers.map((p) => p.submissionId);
  await server.data.db
    .updateTable('submissions')
    .set({ deadline_at: Date.now() - 60_000 })
    .where('id', 'in', sweptIds)
    .execute();
  const cpuBefore = cpuSeconds(process.pid);
  const started = performance.now();
  // Two sweeps at once, as two instances would.
  const sweepErrors: unknown[] = [];
  const onError = (error: unknown) => sweepErrors.push(error);
  const sweeping = Promise.all([handInExpiredAttempts(server.app.zx, { onError }), handInExpiredAttempts(server.app.zx, { onError })]);
  const sweepHealth = await healthWhile(server, sweeping);
  const sweepMs = performance.now() - started;
  const sweepCpuS = cpuSeconds(process.pid) - cpuBefore;
  const records = await server.data.db.selectFrom('operation_records').select('object_id').where('object_id', 'in', sweptIds).execute();
  const swept = [
    await handInProblems(sweptIds),
    records.length !== sweptIds.length ? `${records.length} operation records` : '',
    sweepErrors.length ? `${sweepErrors.length} errors, first: ${String(sweepErrors[0])}` : '',
  ]
    .filter(Boolean)
    .join('; ');

  return {
    idleP99: percentile(idle, 99),
    submitP99: percentile(submit, 99),
    submitHealthP99: percentile(submitHealth, 99),
    submitErrors,
    handIn: handedIn,
    sweepMs,
    sweepCpuS,
    sweepHealthP99: percentile(sweepHealth, 99),
    swept,
    load: loadavg()[0]!,
  };
}

const which = process.env.ZX_BENCH_DB ?? 'both';
const databases = which === 'both' ? ['sqlite', 'postgres'] : [which];
let failed = false;
for (const db of databases) {
  process.env.ZX_TEST_DB = db;
  // The bench drives the sweep itself; the server's own timer waits the longest it may.
  const server = await startTestServer({ logLevel: 'warn', env: { ZX_LOG_LEVEL: 'warn', ZX_DEADLINE_SWEEP_SECONDS: '45' } });
  try {
    const r = await run(server);
    console.log(
      `${db.padEnd(8)} ${STUDENTS} hand in within ${WINDOW_MS / 1000} s: submit p99 ${r.submitP99.toFixed(1)} ms; health p99 ${r.submitHealthP99.toFixed(1)} ms vs idle ${r.idleP99.toFixed(1)} ms → ${(r.submitHealthP99 / r.idleP99).toFixed(2)}×; errors ${r.submitErrors}; ${r.handIn || 'each handed in once'}`,
    );
    console.log(
      `${''.padEnd(8)} sweep of ${STUDENTS} expired attempts (two sweeps racing): ${(r.sweepMs / 1000).toFixed(1)} s, server CPU ${r.sweepCpuS.toFixed(1)} s; health p99 ${r.sweepHealthP99.toFixed(1)} ms vs idle ${r.idleP99.toFixed(1)} ms → ${(r.sweepHealthP99 / r.idleP99).toFixed(2)}×; ${r.swept || 'each handed in and recorded exactly once'} (load average ${r.load.toFixed(1)})`,
    );
    if (r.submitErrors || r.handIn || r.swept) failed = true;
  } finally {
    await server.close();
  }
}
if (failed) {
  console.error('✗ a hand-in failed or an attempt was not handed in exactly once');
  process.exit(1);
}
