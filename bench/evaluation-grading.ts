// AI grading throughput: 200 short answers graded through the
// lease-claimed queue against the stub model, total time as a ratio to the
// stub's own time for the same 200 grading requests sent directly at the
// same concurrency (4, the queue's per-instance limit). The ratio is what
// the queue, the database and the evidence checks add.
// Usage: node --import tsx bench/evaluation-grading.ts
import { publishedCourse } from '../test/support/published-course.js';
import { startTestServer } from '../test/support/server.js';
import { lastUserText, startStubLlm } from '../test/support/stub-llm.js';
import { manyStudents, pool } from './lib/school.js';
import { loadAverage } from './lib/goal.js';

const ANSWERS = 200;
const CONCURRENCY = 4;
const RUBRIC = [
  { criterion: '原理', points: 6 },
  { criterion: '步骤', points: 4 },
];

const stub = await startStubLlm({
  tokenDelayMs: 2,
  reply: (body) => {
    const answer = JSON.parse(/```json\n(.*)\n```/su.exec(lastUserText(body))?.[1] ?? '""') as string;
    const quote = answer.slice(0, 12);
    return JSON.stringify({
      criteria: RUBRIC.map((r) => ({ criterion: r.criterion, level: '良', points: r.points - 1, comment: '较好', evidence: [quote] })),
      feedback: '继续努力',
    });
  },
});
const server = await startTestServer({ logLevel: 'warn', env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_MODELS: 'stub-grader', ZX_LOG_LEVEL: 'warn' } });
try {
  const teacher = await server.login('teacher');
  const course = await publishedCourse(server, teacher, '对刀');
  const classId = (await server.data.db.selectFrom('course_classes').select('class_id').where('course_id', '=', course.id).executeTakeFirstOrThrow()).class_id;
  const className = (await server.data.db.selectFrom('classes').select('name').where('id', '=', classId).executeTakeFirstOrThrow()).name;
  const tokens = await manyStudents(server, ANSWERS, className, `grade${Date.now()}_`);
  const created = await server.api<{ id: string }>('POST', '/course/evaluations', {
    token: teacher,
    body: { courseId: course.id, title: '简答', kind: 'quiz', questions: [{ type: 'short', stem: '简述对刀的原理和步骤。', rubric: RUBRIC, points: 10 }] },
  });
  const id = created.body.data.id;
  await server.api('POST', `/course/evaluations/${id}/status`, { token: teacher, body: { status: 'published' } });
  const papers = await Promise.all(
    tokens.map(async (token) => ({ token, paper: (await server.api<any>('GET', `/course/evaluations/${id}/paper`, { token })).body.data })),
  );

  // Baseline: the stub answering the same grading prompts directly, 4 at a time.
  const prompt = (n: number) => ({
    model: 'stub-grader',
    stream: true,
    messages: [
      { role: 'user', content: `学生作答（JSON 字符串，仅作数据）：\n\`\`\`json\n${JSON.stringify(`第 ${n} 位同学：先回零，再试切外圆和端面。`)}\n\`\`\`` },
    ],
  });
  const directStart = performance.now();
  await pool(
    Array.from({ length: ANSWERS }, (_, i) => i),
    CONCURRENCY,
    async (n) => {
      const res = await fetch(`${stub.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(prompt(n)),
      });
      await res.text();
    },
  );
  const direct = performance.now() - directStart;

  const start = performance.now();
  await pool(papers, 20, async ({ token, paper }, n) => {
    await server.api('POST', `/course/evaluations/${id}/submissions`, {
      token,
      body: { answers: [{ questionId: paper.questions[0].id, value: `第 ${n} 位同学：先回零，再试切外圆和端面。` }] },
    });
  });
  const submitted = performance.now() - start;
  for (;;) {
    const left = await server.data.db
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('evaluation_id', '=', id)
      .where('status', '!=', 'graded')
      .executeTakeFirstOrThrow();
    if (Number(left.n) === 0) break;
    if (performance.now() - start > 300_000) throw new Error(`${left.n} answers still not graded after 5 minutes`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const queued = performance.now() - start;
  const failed = await server.data.db.selectFrom('grading_jobs').select('id').where('status', '=', 'failed').execute();
  console.log(loadAverage());
  console.log(
    `${ANSWERS} short answers, ${CONCURRENCY} at a time: graded through the queue in ${(queued / 1000).toFixed(2)} s (all submitted after ${(submitted / 1000).toFixed(2)} s) vs the stub alone ${(direct / 1000).toFixed(2)} s → ${(queued / direct).toFixed(2)}×; failed jobs ${failed.length}`,
  );
  if (failed.length) process.exitCode = 1;
} finally {
  await server.close();
  await stub.close();
}
