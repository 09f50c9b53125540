// Exam-start spike: 500 students open the same paper, autosave 20
// answers each, then submit, with up to 100 requests in flight. Checks that
// no call fails and no answer is lost (every submission holds its 20
// answers), and prints p99 autosave latency as a ratio to p99 of
// GET /new-chat/health with as many requests in flight, in the same run, on
// SQLite and on PostgreSQL (ZX_BENCH_DB=sqlite|postgres|both, default both).
// The hand-ins run after every autosave, so this process's CPU per hand-in
// is read on its own and set against its CPU per health request (the
// client's share, in the same process, is alike on both sides).
// Usage: node --import tsx bench/evaluation-exam-spike.ts
import { publishedCourse } from '../test/support/published-course.js';
import { startTestServer, type TestServer } from '../test/support/server.js';
import { manyStudents, percentile, pool } from './lib/school.js';
import { loadAverage, reportGoal } from './lib/goal.js';
import { cpuSeconds } from './lib/process.js';

const STUDENTS = Number(process.env.ZX_BENCH_STUDENTS ?? 500);
const ANSWERS = 20;
const IN_FLIGHT = 25;

async function timed(run: () => Promise<Response>, into: number[]): Promise<Response> {
  const start = performance.now();
  const res = await run();
  into.push(performance.now() - start);
  return res;
}

async function spike(server: TestServer): Promise<{
  autosaveP99: number;
  healthP99: number;
  openP99: number;
  submitP99: number;
  errors: number;
  lost: number;
  submitCpuMs: number;
  healthCpuMs: number;
}> {
  const teacher = await server.login('teacher');
  const course = await publishedCourse(server, teacher, '期中考试');
  const questions = Array.from({ length: ANSWERS }, (_, i) =>
    i % 2
      ? { type: 'single', stem: `第 ${i + 1} 题`, options: ['甲', '乙', '丙', '丁'], answer: i % 4, points: 5 }
      : { type: 'blank', stem: `第 ${i + 1} 题 ____`, answer: ['答案'], points: 5 },
  );
  const classId = (await server.data.db.selectFrom('course_classes').select('class_id').where('course_id', '=', course.id).executeTakeFirstOrThrow()).class_id;
  const className = (await server.data.db.selectFrom('classes').select('name').where('id', '=', classId).executeTakeFirstOrThrow()).name;
  const tokens = await manyStudents(server, STUDENTS, className, `exam${Date.now()}_`);
  const created = await server.api<{ id: string }>('POST', '/course/evaluations', {
    token: teacher,
    body: { courseId: course.id, title: '期中', kind: 'quiz', questions, shuffle: true, timeLimitMinutes: 90 },
  });
  const id = created.body.data.id;
  await server.api('POST', `/course/evaluations/${id}/status`, { token: teacher, body: { status: 'published' } });

  const url = (path: string) => `${server.baseUrl}/new-chat${path}`;
  const headers = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json', 'client-id': 'app' });
  const health: number[] = [];
  const healthCpu = cpuSeconds(process.pid);
  await pool(Array.from({ length: STUDENTS * 2 }), IN_FLIGHT, async () => {
    await timed(() => fetch(url('/health')).then(async (r) => (await r.arrayBuffer(), r)), health);
  });
  const healthCpuMs = ((cpuSeconds(process.pid) - healthCpu) * 1000) / (STUDENTS * 2);

  const open: number[] = [];
  const autosave: number[] = [];
  const submit: number[] = [];
  let errors = 0;
  const check = async (res: Response) => {
    const body = (await res.json()) as { code: number; data: any };
    if (body.code !== 200) errors += 1;
    return body.data;
  };
  const submissions: string[] = [];
  await pool(tokens, IN_FLIGHT, async (token) => {
    const paper = await check(await timed(() => fetch(url(`/course/evaluations/${id}/paper`), { headers: headers(token) }), open));
    const answers = (paper.questions as Array<{ id: string; type: string }>).map((q) => ({ questionId: q.id, value: q.type === 'single' ? 1 : '答案' }));
    for (const answer of answers) {
      await check(
        await timed(
          () => fetch(url(`/course/evaluations/${id}/answers`), { method: 'PUT', headers: headers(token), body: JSON.stringify({ answers: [answer] }) }),
          autosave,
        ),
      );
    }
  });
  // The hand-ins on their own, so their CPU is read apart from the autosaves'.
  const submitCpu = cpuSeconds(process.pid);
  await pool(tokens, IN_FLIGHT, async (token) => {
    const done = await check(
      await timed(
        () => fetch(url(`/course/evaluations/${id}/submissions`), { method: 'POST', headers: headers(token), body: JSON.stringify({ answers: [] }) }),
        submit,
      ),
    );
    if (done?.id) submissions.push(done.id);
  });
  const submitCpuMs = ((cpuSeconds(process.pid) - submitCpu) * 1000) / STUDENTS;
  const rows = await server.data.db.selectFrom('submissions').select(['answers', 'status']).where('evaluation_id', '=', id).execute();
  const lost = STUDENTS - rows.filter((r) => Object.keys(JSON.parse(r.answers)).length === ANSWERS && r.status !== 'in_progress').length;
  return {
    autosaveP99: percentile(autosave, 99),
    healthP99: percentile(health, 99),
    openP99: percentile(open, 99),
    submitP99: percentile(submit, 99),
    errors,
    lost,
    submitCpuMs,
    healthCpuMs,
  };
}

const which = process.env.ZX_BENCH_DB ?? 'both';
const databases = which === 'both' ? ['sqlite', 'postgres'] : [which];
let failed = false;
for (const db of databases) {
  process.env.ZX_TEST_DB = db;
  const server = await startTestServer({ logLevel: 'warn', env: { ZX_LOG_LEVEL: 'warn' } });
  try {
    const r = await spike(server);
    const ratio = r.autosaveP99 / r.healthP99;
    console.log(loadAverage());
    console.log(
      `${db.padEnd(8)} ${STUDENTS} students × ${ANSWERS} autosaves: autosave p99 ${r.autosaveP99.toFixed(1)} ms vs health p99 ${r.healthP99.toFixed(1)} ms → ${ratio.toFixed(2)}×; ` +
        `paper p99 ${r.openP99.toFixed(1)} ms, submit p99 ${r.submitP99.toFixed(1)} ms; errors ${r.errors}, lost answers ${r.lost}`,
    );
    reportGoal({
      id: '4',
      what: `evaluation: CPU per hand-in beyond a health request (${db}; server and client in one process)`,
      figure: `${(r.submitCpuMs - r.healthCpuMs).toFixed(2)} ms (${r.submitCpuMs.toFixed(2)} ms against ${r.healthCpuMs.toFixed(2)} ms)`,
      limit: '≤ 1 ms',
      met: r.submitCpuMs - r.healthCpuMs <= 1,
    });
    if (r.errors || r.lost) failed = true;
  } finally {
    await server.close();
  }
}
if (failed) {
  console.error('✗ some calls failed or answers were lost');
  process.exit(1);
}
