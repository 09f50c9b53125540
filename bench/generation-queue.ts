// 100 image jobs queued at once against a stub images API answering in
// 500 ms, with a provider concurrency of 4: how long until all are done, as
// a ratio to the ideal 100 / 4 × 0.5 s = 12.5 s (1.00 would be perfect
// packing with zero overhead), and /new-chat/health p99 during the run as a
// ratio to the same server idle (the queue, the marking of each image and
// the polling must not slow everyone else down).
// Usage: node --import tsx bench/generation-queue.ts   (ZX_TEST_DB=postgres for PostgreSQL)
import { percentile } from './lib/school.js';
import { writeMediaConfig } from '../test/support/media-config.js';
import { startTestServer } from '../test/support/server.js';
import { startStubMedia } from '../test/support/stub-media.js';
import { loadAverage } from './lib/goal.js';

const JOBS = 100;
const CONCURRENCY = 4;
const LATENCY_MS = 500;
const IDEAL_MS = (JOBS / CONCURRENCY) * LATENCY_MS;

const stub = await startStubMedia({ imageLatencyMs: LATENCY_MS });
const server = await startTestServer({
  logLevel: 'warn',
  env: {
    ZX_LOG_LEVEL: 'error',
    ZX_CONFIG: writeMediaConfig(stub.baseUrl, { concurrency: CONCURRENCY }),
    ZX_GEN_USER_ACTIVE: String(JOBS),
    ZX_GEN_POLL_MS: '1000',
  },
});

async function healthLatencies(untilDone: () => boolean, max: number): Promise<number[]> {
  const times: number[] = [];
  while (!untilDone() && times.length < max) {
    const started = performance.now();
    const res = await fetch(`${server.baseUrl}/new-chat/health`);
    await res.arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 20));
  }
  return times;
}

try {
  const token = await server.login('teacher');
  // Warm up: one job end to end (sharp, the stub, the file store), then the idle baseline.
  const warm = await server.api<{ id: string }>('POST', '/app/user/generations', { token, body: { kind: 'image', prompt: 'warm-up', model: 'stub-image' } });
  for (;;) {
    const job = await server.api<{ status: string }>('GET', `/app/user/generations/${warm.body.data.id}`, { token });
    if (job.body.data.status === 'succeeded') break;
    await new Promise((r) => setTimeout(r, 50));
  }
  let count = 0;
  const idle = await healthLatencies(() => ++count > 300, 300);

  let done = false;
  const started = performance.now();
  const ids = await Promise.all(
    Array.from({ length: JOBS }, (_, i) =>
      server.api<{ id: string }>('POST', '/app/user/generations', { token, body: { kind: 'image', prompt: `图 ${i}`, model: 'stub-image' } }),
    ),
  );
  if (ids.some((r) => r.status !== 200)) throw new Error(`a job was refused: ${ids.find((r) => r.status !== 200)!.body.msg}`);
  const during = healthLatencies(() => done, 100_000);
  let total = 0;
  for (;;) {
    const row = await server.data.db
      .selectFrom('generation_jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', ['succeeded', 'failed'])
      .where('input', 'not like', '%warm-up%')
      .executeTakeFirstOrThrow();
    if (Number(row.n) >= JOBS) {
      total = performance.now() - started;
      break;
    }
    if (performance.now() - started > 10 * IDEAL_MS) throw new Error('jobs did not finish in 10× the ideal time');
    await new Promise((r) => setTimeout(r, 25));
  }
  done = true;
  const busy = await during;
  const failed = await server.data.db.selectFrom('generation_jobs').select('id').where('status', '=', 'failed').execute();

  const idleP99 = percentile(idle, 99);
  const busyP99 = percentile(busy, 99);
  console.log(loadAverage());
  console.log(`database: ${process.env.ZX_TEST_DB ?? 'sqlite'}; ${JOBS} image jobs, stub latency ${LATENCY_MS} ms, provider concurrency ${CONCURRENCY}`);
  console.log(`most calls at once seen by the stub: ${stub.inFlight().max} (limit ${CONCURRENCY}); failed jobs: ${failed.length}`);
  console.log(`total: ${(total / 1000).toFixed(2)} s; ideal ${(IDEAL_MS / 1000).toFixed(1)} s; ratio ${(total / IDEAL_MS).toFixed(2)}`);
  console.log(
    `/new-chat/health p99: idle ${idleP99.toFixed(1)} ms, during the run ${busyP99.toFixed(1)} ms (${busy.length} samples); ratio ${(busyP99 / idleP99).toFixed(2)}`,
  );
} finally {
  await server.close();
  await stub.close();
}
// The hash thread (server/files/hash-thread.ts), started by the first image
// stored, stays referenced once it has answered, so the process would not
// end by itself after the server closes.
process.exit(0);
