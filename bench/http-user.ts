// Requests per second of GET /new-chat/app/user with a valid token (the real
// built server: token lookup, user and menus from SQLite, the envelope)
// against Fastify's bare hello route, both in their own process on 127.0.0.1,
// measured in the same run by the same client. Run `npm run build` first.
// Usage: node --import tsx bench/http-user.ts
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD, startServer } from '../test/e2e/support.js';
import { load, type LoadResult } from './lib/load.js';

const CONNECTIONS = 16;
const WARMUP_MS = 1000;
// Interleaved rounds, so a change in machine load hits both sides alike; the
// figures are medians over the rounds.
const ROUNDS = 5;
const ROUND_MS = 1500;

async function startHello(): Promise<{ port: number; stop: () => Promise<void> }> {
  const script = fileURLToPath(new URL('./fastify-hello.mjs', import.meta.url));
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(child.stdout!, 'data')) as [Buffer];
  return {
    port: Number(String(line).trim()),
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

async function round(port: number, path: string, headers: Record<string, string>, durationMs: number): Promise<LoadResult> {
  const result = await load({ port, path, headers, connections: CONNECTIONS, durationMs });
  if (result.errors > 0) throw new Error(`${path}: ${result.errors} of ${result.requests} responses were not 200`);
  return result;
}

// The real server as `npm start` runs it, but logging only warnings: at the
// default level (info) every request writes a log line, which the bare
// baseline does not do.
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

  const targets = [
    { label: 'baseline: bare Fastify hello route', port: hello.port, path: '/', headers: {} },
    { label: 'GET /new-chat/app/user (valid token)', port, path: '/new-chat/app/user', headers: auth },
  ];
  for (const t of targets) await round(t.port, t.path, t.headers, WARMUP_MS);
  const rps: number[][] = targets.map(() => []);
  for (let i = 0; i < ROUNDS; i++) {
    for (const [index, t] of targets.entries()) rps[index].push((await round(t.port, t.path, t.headers, ROUND_MS)).rps);
  }

  console.log(
    `HTTP on 127.0.0.1, ${CONNECTIONS} keep-alive connections; after ${WARMUP_MS / 1000} s warm-up, ${ROUNDS} interleaved rounds of ${ROUND_MS / 1000} s each; medians`,
  );
  const width = Math.max(...targets.map((t) => t.label.length));
  for (const [index, t] of targets.entries()) {
    const spread = `${Math.round(Math.min(...rps[index]))}–${Math.round(Math.max(...rps[index]))}`;
    console.log(`${t.label.padEnd(width)}  ${Math.round(median(rps[index])).toLocaleString('en-US').padStart(8)} req/s  (rounds ${spread})`);
  }
  const ratios = rps[1].map((value, i) => value / rps[0][i]);
  console.log(`ratio: app/user / bare hello = ${median(ratios).toFixed(2)} (median of per-round ratios)`);
} finally {
  await hello.stop();
  await server.stop();
}
