// What recording costs a write call: `PUT /new-chat/app/user` (a profile
// change, recorded with its summary and hash chain) per second with
// operation records on versus off (ZX_RECORDS=off), two servers on the same
// database kind, interleaved rounds, same client. The goal is read by CPU:
// both servers and the client share this process, so the CPU it spends per
// request with records on, less with them off, is what recording costs a
// write (the client's share is the same on both sides). Usage:
//   node --import tsx bench/records-overhead.ts      (ZX_TEST_DB=postgres for PostgreSQL)
import { performance } from 'node:perf_hooks';
import { startTestServer, type TestServer } from '../test/support/server.js';
import { loadAverage, reportGoal } from './lib/goal.js';
import { cpuSeconds } from './lib/process.js';

const CONCURRENCY = 16;
const ROUNDS = 5;
const REQUESTS_PER_ROUND = 800;

/** Requests per second, and this process's CPU milliseconds per request. */
async function round(server: TestServer, token: string): Promise<{ rate: number; cpuMs: number }> {
  let next = 0;
  const cpu = cpuSeconds(process.pid);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS_PER_ROUND) {
        const i = next++;
        const res = await server.api('PUT', '/app/user', { token, body: { nickname: `张老师${i % 50}` } });
        if (res.status !== 200) throw new Error(`PUT /app/user answered ${res.status}`);
      }
    }),
  );
  return { rate: REQUESTS_PER_ROUND / ((performance.now() - t0) / 1000), cpuMs: ((cpuSeconds(process.pid) - cpu) * 1000) / REQUESTS_PER_ROUND };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const on = await startTestServer({ logLevel: 'warn', env: { ZX_LOG_LEVEL: 'warn' } });
const off = await startTestServer({ logLevel: 'warn', env: { ZX_LOG_LEVEL: 'warn', ZX_RECORDS: 'off' } });
try {
  const tokens = { on: await on.login('teacher'), off: await off.login('teacher') };
  await round(on, tokens.on);
  await round(off, tokens.off);
  const rates = { on: [] as number[], off: [] as number[] };
  const cpuMs = { on: [] as number[], off: [] as number[] };
  for (let i = 0; i < ROUNDS; i++) {
    for (const [side, server] of [
      ['off', off],
      ['on', on],
    ] as const) {
      const result = await round(server, tokens[side]);
      rates[side].push(result.rate);
      cpuMs[side].push(result.cpuMs);
    }
  }
  const records = await on.data.db
    .selectFrom('operation_records')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  console.log(loadAverage());
  console.log(
    `PUT /new-chat/app/user on ${process.env.ZX_TEST_DB ?? 'sqlite'}, ${CONCURRENCY} concurrent clients, ${ROUNDS} interleaved rounds of ${REQUESTS_PER_ROUND}; medians`,
  );
  console.log(`  records off: ${Math.round(median(rates.off))} req/s, ${median(cpuMs.off).toFixed(3)} ms of CPU per request`);
  console.log(
    `  records on:  ${Math.round(median(rates.on))} req/s, ${median(cpuMs.on).toFixed(3)} ms of CPU per request (${Number(records.n)} records written)`,
  );
  console.log(`  ratio on/off: ${(median(rates.on) / median(rates.off)).toFixed(2)}`);
  const extraMs = median(cpuMs.on) - median(cpuMs.off);
  reportGoal({
    id: '5',
    what: `operation records: CPU per write, on less off (${process.env.ZX_TEST_DB ?? 'sqlite'})`,
    figure: `${extraMs.toFixed(3)} ms (${median(cpuMs.on).toFixed(3)} ms against ${median(cpuMs.off).toFixed(3)} ms)`,
    limit: '≤ 0.2 ms',
    met: extraMs <= 0.2,
  });
} finally {
  await on.close();
  await off.close();
}
