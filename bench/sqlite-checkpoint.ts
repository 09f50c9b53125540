// SQLite checkpoints off the request thread: the same stream of
// small write transactions (a chat answer's size: a 2 KB row with two
// indexes, one per transaction, as a server writes them between requests)
// through the data layer as the server opens it (the log copied back by a
// worker, server/db/wal-checkpointer.ts) against a bare connection where
// SQLite checkpoints at the commit that crosses 1,000 pages (the baseline,
// as before). Printed: the request thread's time per commit (p50, p99,
// max) and in all commits, and how often a commit held the thread past
// 1 ms. Rounds alternate so a busy machine weighs on both alike.
// Usage: node --import tsx bench/sqlite-checkpoint.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { createDataLayer } from '../server/db/index.js';
import type { Database } from '../server/db/schema.js';
import { openSqliteKysely } from '../server/db/sqlite.js';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const COMMITS = 6_000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zx-bench-checkpoint-'));

interface Figures {
  p50: number;
  p99: number;
  max: number;
  totalMs: number;
  overOneMs: number;
}

/** Writes COMMITS transactions, yielding between them as a server does between requests; returns the commit times. */
async function writeStream(db: Kysely<Database>): Promise<Figures> {
  await sql`create table answers (id integer primary key, chat text, body text, at integer)`.execute(db);
  await sql`create index answers_chat on answers (chat, at)`.execute(db);
  const body = 'answer '.repeat(300);
  const times: number[] = [];
  for (let i = 0; i < COMMITS; i++) {
    const started = performance.now();
    await db.transaction().execute(async (trx) => {
      await sql`insert into answers (chat, body, at) values (${`chat-${i % 200}`}, ${body}, ${i})`.execute(trx);
    });
    times.push(performance.now() - started);
    await new Promise((resolve) => setImmediate(resolve));
  }
  times.sort((a, b) => a - b);
  return {
    p50: times[Math.floor(times.length / 2)]! * 1000,
    p99: times[Math.floor(times.length * 0.99)]! * 1000,
    max: times.at(-1)!,
    totalMs: times.reduce((sum, t) => sum + t, 0),
    overOneMs: times.filter((t) => t > 1).length,
  };
}

let round = 0;
async function baseline(): Promise<Figures> {
  const db = openSqliteKysely(path.join(dir, `baseline-${round++}.db`));
  try {
    return await writeStream(db);
  } finally {
    await db.destroy();
  }
}

async function shipped(): Promise<Figures> {
  const data = await createDataLayer({ database: { kind: 'sqlite', file: path.join(dir, `shipped-${round++}.db`) } });
  try {
    return await writeStream(data.db);
  } finally {
    await data.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const spread = (xs: number[], digits = 1) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return `${sorted[0]!.toFixed(digits)}/${median(sorted).toFixed(digits)}/${sorted.at(-1)!.toFixed(digits)}`;
};

try {
  await shipped(); // warm-up: JIT, the worker's first start
  const before: Figures[] = [];
  const after: Figures[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    before.push(await baseline());
    after.push(await shipped());
  }
  const show = (name: string, f: Figures[]) =>
    `  ${name}: per commit p50 ${spread(
      f.map((x) => x.p50),
      0,
    )} µs, p99 ${spread(
      f.map((x) => x.p99),
      0,
    )} µs, max ${spread(f.map((x) => x.max))} ms; all commits ${spread(f.map((x) => x.totalMs))} ms; commits over 1 ms ${spread(
      f.map((x) => x.overOneMs),
      0,
    )} of ${COMMITS}`;
  console.log(
    `SQLite commits on the request thread, ${ROUNDS} rounds (min/median/max), ${COMMITS} one-row transactions each; load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  console.log(show('checkpoint at the commit (baseline)', before));
  console.log(show('checkpoint in a worker (shipped)', after));
  console.log(
    `  time in commits, shipped ÷ baseline: ${spread(
      after.map((x, i) => x.totalMs / before[i]!.totalMs),
      2,
    )}; worst commit, shipped ÷ baseline: ${spread(
      after.map((x, i) => x.max / before[i]!.max),
      2,
    )}`,
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
