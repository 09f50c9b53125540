// Requests per second of GET /new-chat/app/user with a valid token (the real
// built server: token lookup, user and menus from SQLite, the envelope)
// against Fastify's bare hello route, both in their own process on 127.0.0.1,
// measured in the same run by the same client. Run `npm run build` first.
// Usage: node --import tsx bench/http-user.ts

import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD, startServer } from '../test/e2e/support.js';
import { loadAverage, reportGoal } from './lib/goal.js';
import { load, type LoadResult } from './lib/load.js';
import { cpuSeconds, startPortPrinter } from './lib/process.js';

const CONNECTIONS = 16;
const WARMUP_MS = 1000;
// And at least this many requests, so the code is compiled (JIT) before it is
// timed even when a loaded machine serves only a few hundred a second.
const WARMUP_REQUESTS = 5000;
// Interleaved rounds, so a change in machine load hits both sides alike; the
// figures are medians over the rounds.
const ROUNDS = 5;
const ROUND_MS = 1500;

const startHello = () => startPortPrinter(fileURLToPath(new URL('./fastify-hello.mjs', import.meta.url)));

const median = (values: number[]): number => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? Number.NaN;

async function round(port: number, path: string, headers: Record<string, string>, durationMs: number): Promise<LoadResult> {
  const result = await load({ port, path, headers, connections: CONNECTIONS, durationMs });
  if (result.errors > 0) throw new Error(`${path}: ${result.errors} of ${result.requests} responses were not 200`);
  return result;
}

// The real server as `npm start` runs it (production logs at warn).
const server = await startServer({ ZX_LOG_LEVEL: 'warn' });
const hello = await startHello();
try {
  const signIn = await fetch(`${server.url}/new-chat/app/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'teacher', password: DEMO_PASSWORD }),
  });
  const body = (await signIn.json()) as { code: number; data?: { token?: string } };
  const token = body.data?.token;
  if (!token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  const port = Number(new URL(server.url).port);
  const auth = { authorization: `Bearer ${token}`, 'client-id': 'app' };

  const check = await fetch(`${server.url}/new-chat/app/user`, { headers: auth });
  if (check.status !== 200) throw new Error(`GET /new-chat/app/user answered ${check.status}`);

  // rps: requests per second in each round; cpuUs: CPU time of the server process per
  // request answered, what the code path costs whatever else the shared machine runs.
  const sample = () => ({ rps: [] as number[], cpuUs: [] as number[] });
  const baseline = { label: 'baseline: bare Fastify hello route', port: hello.port, pid: hello.pid, path: '/', headers: {}, ...sample() };
  const user = { label: 'GET /new-chat/app/user (valid token)', port, pid: server.pid, path: '/new-chat/app/user', headers: auth, ...sample() };
  const targets = [baseline, user];
  for (const t of targets) {
    for (let served = 0; served < WARMUP_REQUESTS;) served += (await round(t.port, t.path, t.headers, WARMUP_MS)).requests;
  }
  for (let i = 0; i < ROUNDS; i++) {
    for (const t of targets) {
      const before = cpuSeconds(t.pid);
      const result = await round(t.port, t.path, t.headers, ROUND_MS);
      t.rps.push(result.rps);
      t.cpuUs.push(((cpuSeconds(t.pid) - before) * 1e6) / result.requests);
    }
  }

  console.log(
    `HTTP on 127.0.0.1, ${CONNECTIONS} keep-alive connections; after ${WARMUP_MS / 1000} s warm-up, ${ROUNDS} interleaved rounds of ${ROUND_MS / 1000} s each; medians`,
  );
  const width = Math.max(...targets.map((t) => t.label.length));
  for (const t of targets) {
    const spread = `${Math.round(Math.min(...t.rps))}–${Math.round(Math.max(...t.rps))}`;
    console.log(
      `${t.label.padEnd(width)}  ${Math.round(median(t.rps)).toLocaleString('en-US').padStart(8)} req/s  (rounds ${spread}); server CPU ${Math.round(median(t.cpuUs))} µs per request`,
    );
  }
  const ratios = user.rps.map((value, i) => value / (baseline.rps[i] ?? Number.NaN));
  console.log(
    `ratio: app/user / bare hello = ${median(ratios).toFixed(2)} (median of per-round ratios; rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
  );
  const cpuRatio = median(user.cpuUs) / median(baseline.cpuUs);
  console.log(loadAverage());
  reportGoal({
    id: '2',
    what: 'GET /app/user: server CPU per request ÷ a bare Fastify hello',
    figure: `${cpuRatio.toFixed(2)}× (${Math.round(median(user.cpuUs))} µs against ${Math.round(median(baseline.cpuUs))} µs)`,
    limit: '≤ 1.5×',
    met: cpuRatio <= 1.5,
  });
} finally {
  await hello.stop();
  await server.stop();
}
