// A live session with 200 students on their phones (SSE streams):
//  - from the teacher's "show question" (the POST leaving) to each phone
//    receiving the question event: p99 and the 200th phone, per round;
//  - 200 answers sent at once: the time until all are stored, and that all
//    200 are counted (the report and the teacher's live tally);
// on one instance (memory fan-out) and on two instances sharing Redis (half
// the phones on each, the teacher on the first). The baseline, in the same
// run: a bare node:http server writing the same event to 200 held SSE
// responses. Server and clients share this process (test/support/server.ts,
// SQLite unless ZX_TEST_DB=postgres), so the figures include the clients' own work.
// Usage: node --import tsx bench/live-fanout.ts
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { publishedCourse } from '../test/support/published-course.js';
import { followSse, type SseFollow } from '../test/support/sse-client.js';
import { okData, startTestServer, type TestServer } from '../test/support/server.js';
import { addPerson, DEMO_CLASS_NAME, type Person } from '../test/server/courses/courses-school.js';
import { percentile } from './lib/school.js';

const PHONES = 200;
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const REDIS_URL = process.env.ZX_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const QUESTION = { type: 'single', stem: '数控车床的主轴功能字是？', options: ['S', 'F', 'T', 'M'], answer: 0, points: 1, tags: ['功能字'] };

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const ms = (x: number) => `${x.toFixed(0)} ms`;

/** Milliseconds from `start` to each phone's first event matching `match`. */
async function arrivals(phones: SseFollow[], start: number, match: (e: Record<string, any>) => boolean): Promise<number[]> {
  return Promise.all(phones.map(async (p) => (await p.waitFor(match, 30_000), performance.now() - start)));
}

/** The floor: node:http holding 200 SSE responses, one write each. */
async function baseline(): Promise<number[]> {
  const held: ServerResponse[] = [];
  const server = createServer((req, res) => {
    if (req.url === '/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(': open\n\n');
      held.push(res);
      return;
    }
    const payload = `id: 1\ndata: ${JSON.stringify({ ...QUESTION, type: 'question', questionId: randomBytes(8).toString('hex') })}\n\n`;
    for (const r of held) r.write(payload);
    res.end('{}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const p99s: number[] = [];
  const phones = Array.from({ length: PHONES }, () => followSse(`${url}/events`, ''));
  while (held.length < PHONES) await new Promise((r) => setTimeout(r, 20));
  for (let round = 0; round < ROUNDS; round++) {
    const seen = phones.map((p) => p.events.length);
    const start = performance.now();
    await fetch(`${url}/show`, { method: 'POST' });
    const times = await Promise.all(
      phones.map(async (p, i) => (await p.waitFor((e) => p.events.indexOf(e) >= seen[i]! && e.type === 'question'), performance.now() - start)),
    );
    p99s.push(percentile(times, 99));
  }
  phones.forEach((p) => p.close());
  held.forEach((r) => r.end());
  server.close();
  return p99s;
}

async function session(servers: TestServer[], label: string): Promise<void> {
  const [first] = servers;
  const teacher = await first!.login('teacher');
  const students: Person[] = [];
  for (let i = 0; i < PHONES; i++) students.push(await addPerson(first!, `live-bench-${label}-${i}`, ['3'], DEMO_CLASS_NAME));
  const { id: courseId } = await publishedCourse(first!, teacher, `现场 ${label}`);
  const { id } = await okData(first!.api<{ id: string }>('POST', '/course/live', { token: teacher, body: { courseId } }));
  const on = (i: number) => servers[i % servers.length]!;
  for (let i = 0; i < PHONES; i++) {
    const { code } = await okData(first!.api<{ code: string }>('GET', `/course/live/${id}/code`, { token: teacher }));
    await okData(on(i).api('POST', '/course/live/join', { token: students[i]!.token, body: { code } }));
  }
  const phones = students.map((s, i) => followSse(`${on(i).baseUrl}/new-chat/course/live/${id}/events`, s.token));
  const projector = followSse(`${first!.baseUrl}/new-chat/course/live/${id}/events`, teacher);
  await Promise.all([...phones, projector].map((p) => p.waitFor((e) => e.type === 'snapshot', 30_000)));

  const p99s: number[] = [];
  const lasts: number[] = [];
  let questionId = '';
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    ({ questionId } = await okData(
      first!.api<{ questionId: string }>('POST', `/course/live/${id}/questions`, { token: teacher, body: { question: QUESTION, seconds: 60 } }),
    ));
    const asked = questionId;
    const times = await arrivals(phones, start, (e) => e.type === 'question' && e.questionId === asked);
    p99s.push(percentile(times, 99));
    lasts.push(Math.max(...times));
  }
  const start = performance.now();
  const results = await Promise.all(
    students.map((s, i) => on(i).api('POST', `/course/live/${id}/answers`, { token: s.token, body: { questionId, value: i % 4 } })),
  );
  const answeredIn = performance.now() - start;
  const refused = results.filter((r) => r.status !== 200);
  const tally = await projector.waitFor((e) => e.type === 'tally' && e.questionId === questionId && e.answered === PHONES, 10_000).catch(() => null);
  const report = await okData(first!.api<any>('GET', `/course/live/${id}/report`, { token: teacher }));
  const counted = report.questions.find((q: { questionId: string }) => q.questionId === questionId).answered;
  console.log(
    `${label}: question to ${PHONES} phones p99 ${p99s.map(ms).join(', ')} (200th: ${lasts.map(ms).join(', ')}); ` +
      `${PHONES} answers stored in ${ms(answeredIn)}, ${refused.length} refused, ${counted} counted in the report, ` +
      `live tally ${tally ? 'reached 200' : 'did not reach 200'}; load ${load()}`,
  );
  phones.forEach((p) => p.close());
  projector.close();
}

const floor = await baseline();
console.log(`baseline (bare node:http, ${PHONES} SSE responses): p99 ${floor.map(ms).join(', ')}; load ${load()}`);

const one = await startTestServer();
try {
  await session([one], 'one instance');
} finally {
  await one.close();
}

const env = { ZX_REDIS_URL: REDIS_URL, ZX_REDIS_PREFIX: `zxbench-${randomBytes(4).toString('hex')}` };
const a = await startTestServer({ env });
const b = await startTestServer({ env, sameDatabaseAs: a });
try {
  await session([a, b], 'two instances, Redis');
} finally {
  await b.close();
  await a.close();
}
