// Cold start: `node dist/server/main.js start` on a fresh data directory
// (migrations, the first seed, the workers), from spawn to its first 200 on
// GET /new-chat/health, and its resident memory once idle, against a bare
// Fastify hello (bench/fastify-hello.mjs) started the same way in the same
// run, rounds alternating. Wall time moves with the machine's load; the CPU
// time to the first 200 (from /proc) moves far less, so both are printed.
// Memory is read 5 s after the first 200, and again once the server has
// settled: the demo's document has been indexed at start, its parse worker
// stays warm for 30 s (knowledge/parse-pool.ts), and V8 gives back the
// young generation start-up grew only when its memory reducer runs, some
// seconds after the last full collection. The goal is read on the settled
// figure, what an idle server holds.
// Run `npm run build` first.
// Usage: node --import tsx bench/cold-start.ts   (BENCH_ROUNDS=5 for more rounds)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuSeconds } from './lib/process.js';
import { reportGoal, sameRunFigure } from './lib/goal.js';
import { residentBytes } from './lib/resident.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** How long a started server is left alone before its memory is first read (timers, lazy workers). */
const IDLE_MS = 5000;
/** When it is read again, settled: past the parse pool's 30 s and V8's memory reducer. */
const SETTLED_MS = 45_000;
const START_TIMEOUT_MS = 120_000;
const MAIN = process.env.BENCH_MAIN ?? 'dist/server/main.js';
const HELLO = fileURLToPath(new URL('./fastify-hello.mjs', import.meta.url));

if (!existsSync(MAIN)) {
  console.error(`${MAIN} does not exist: run \`npm run build\` first.`);
  process.exit(1);
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as { port: number };
  probe.close();
  await once(probe, 'close');
  return port;
}

interface Start {
  ms: number;
  cpuMs: number;
  rssMb: number;
  /** Read at SETTLED_MS (the hello's is read at IDLE_MS only). */
  settledRssMb: number;
}

/**
 * Spawns `node args`, polls `url` until it answers 200, then leaves it idle and reads its memory (again once settled when `settles`).
 * The port is PORT from the environment, or (`printsPort`) the one the process prints first.
 */
async function coldStart(args: string[], url: (port: number) => string, env: NodeJS.ProcessEnv, { printsPort = false, settles = false } = {}): Promise<Start> {
  let port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, { env: { ...env, PORT: String(port) }, stdio: ['ignore', printsPort ? 'pipe' : 'ignore', 'inherit'] });
  try {
    if (printsPort) port = Number(String((await once(child.stdout!, 'data'))[0]).trim());
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode} before answering`);
      if (performance.now() - started > START_TIMEOUT_MS) throw new Error(`${args.join(' ')} did not answer within ${START_TIMEOUT_MS} ms`);
      const status = await fetch(url(port)).then(
        (response) => response.arrayBuffer().then(() => response.status),
        () => 0,
      );
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const ms = performance.now() - started;
    const cpuMs = cpuSeconds(child.pid!) * 1000;
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const rssMb = residentBytes(child.pid!) / 2 ** 20;
    if (!settles) return { ms, cpuMs, rssMb, settledRssMb: rssMb };
    await new Promise((resolve) => setTimeout(resolve, SETTLED_MS - IDLE_MS));
    return { ms, cpuMs, rssMb, settledRssMb: residentBytes(child.pid!) / 2 ** 20 };
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  }
}

const median = (values: number[]): number => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? Number.NaN;

const hello: Start[] = [];
const ours: Start[] = [];
for (let i = 0; i < ROUNDS; i++) {
  hello.push(await coldStart([HELLO], (port) => `http://127.0.0.1:${port}/`, process.env, { printsPort: true }));
  const dataDir = mkdtempSync(join(tmpdir(), 'zx-cold-start-'));
  try {
    ours.push(
      await coldStart(
        [MAIN, 'start'],
        (port) => `http://127.0.0.1:${port}/new-chat/health`,
        {
          ...process.env,
          HOST: '127.0.0.1',
          ZX_DATA_DIR: dataDir,
          ZX_LOG_LEVEL: 'warn',
        },
        { settles: true },
      ),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const figures = (runs: Start[], key: keyof Start) => runs.map((run) => run[key].toFixed(0)).join('/');
console.log(`Cold start on a fresh data directory, ${ROUNDS} rounds alternating (each round's figure, then the median)`);
for (const [label, runs] of [
  ['bare Fastify hello', hello],
  ['node dist/server/main.js start', ours],
] as const) {
  const settled = runs === ours ? `, ${figures(runs, 'settledRssMb')} MB settled (${SETTLED_MS / 1000} s)` : '';
  console.log(
    `  ${label}: first 200 after ${figures(runs, 'ms')} ms (${figures(runs, 'cpuMs')} ms of CPU), ` +
      `resident ${figures(runs, 'rssMb')} MB after ${IDLE_MS / 1000} s idle${settled}`,
  );
}
const wall = { ours: median(ours.map((run) => run.ms)), hello: median(hello.map((run) => run.ms)) };
const cpu = { ours: median(ours.map((run) => run.cpuMs)), hello: median(hello.map((run) => run.cpuMs)) };
const rss = { ours: median(ours.map((run) => run.settledRssMb)), hello: median(hello.map((run) => run.rssMb)) };
console.log(`  CPU to the first 200: ${(cpu.ours / cpu.hello).toFixed(2)}× the hello's (${cpu.ours.toFixed(0)} ms against ${cpu.hello.toFixed(0)} ms)`);
const verdicts = [
  { what: 'cold start, spawn to first 200', unit: 'ms', figure: wall, goal: '≤ 3× the hello', met: wall.ours / wall.hello <= 3 },
  { what: 'resident memory of the server settled after a cold start', unit: 'MB', figure: rss, goal: '≤ 100 MB', met: rss.ours <= 100 },
];
const met = verdicts.map(({ what, unit, figure, goal, met }) =>
  reportGoal({
    id: '7',
    what,
    figure: sameRunFigure(`${figure.ours.toFixed(0)} ${unit}`, `the bare hello's ${figure.hello.toFixed(0)} ${unit}`, figure.ours / figure.hello),
    limit: goal,
    met,
  }),
);
process.exit(met.every(Boolean) ? 0 : 1);
