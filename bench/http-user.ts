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
const DURATION_MS = 4000;

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

async function measure(label: string, port: number, path: string, headers: Record<string, string> = {}): Promise<LoadResult> {
  await load({ port, path, headers, connections: CONNECTIONS, durationMs: WARMUP_MS });
  const result = await load({ port, path, headers, connections: CONNECTIONS, durationMs: DURATION_MS });
  if (result.errors > 0) throw new Error(`${label}: ${result.errors} of ${result.requests} responses were not 200`);
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

  const baseline = await measure('fastify hello', hello.port, '/');
  const user = await measure('GET /new-chat/app/user', port, '/new-chat/app/user', auth);

  const fmt = (r: LoadResult) => `${Math.round(r.rps).toLocaleString('en-US').padStart(8)} req/s  (${r.requests} requests in ${r.seconds.toFixed(1)} s)`;
  console.log(`HTTP on 127.0.0.1, ${CONNECTIONS} keep-alive connections, ${DURATION_MS / 1000} s each after ${WARMUP_MS / 1000} s warm-up`);
  console.log(`baseline: bare Fastify hello route      ${fmt(baseline)}`);
  console.log(`GET /new-chat/app/user (valid token)    ${fmt(user)}`);
  console.log(`ratio: app/user / bare hello = ${(user.rps / baseline.rps).toFixed(2)}`);
} finally {
  await hello.stop();
  await server.stop();
}
