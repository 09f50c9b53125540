// The write-ahead log is copied into the database file by a worker thread,
// not by whichever request's commit crosses SQLite's threshold (those commits took 4 to 21 ms on the request thread under load). What a
// school would notice if this broke: data written and then left alone never
// reaching the database file, a log file left behind after a clean stop, or
// a failing checkpoint that nobody hears about.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { after, test } from 'node:test';
import { createDataLayer } from '../../../server/db/index.js';
import { openSqliteConnection } from '../../../server/db/sqlite.js';
import { startWalCheckpointer, type WalCheckpointer } from '../../../server/db/wal-checkpointer.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zx-wal-checkpoint-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Rows in the database file alone, as a copy without its log shows them. */
function rowsInFileAlone(file: string): number {
  const copy = path.join(dir, `copy-${Math.random().toString(36).slice(2)}.db`);
  fs.copyFileSync(file, copy);
  const db = new SQLite(copy, { readonly: true });
  try {
    return (db.prepare('select count(*) as n from notes').get() as { n: number }).n;
  } catch {
    return 0; // the table itself has not reached the file yet
  } finally {
    db.close();
    fs.rmSync(copy, { force: true });
  }
}

test('what the server writes reaches the database file without another commit, and a clean stop leaves no log behind', async () => {
  const file = path.join(dir, 'school.db');
  const data = await createDataLayer({ database: { kind: 'sqlite', file } });
  await sql`create table notes (id integer primary key, body text)`.execute(data.db);
  // 1,500 rows of 3 KB: about 1,500 pages, so SQLite's own threshold (1,000)
  // would have checkpointed once and left the rest in the log for good.
  const body = 'x'.repeat(3_000);
  for (let i = 0; i < 1_500; i += 100) {
    await data.db.transaction().execute(async (trx) => {
      for (let j = 0; j < 100; j++) await sql`insert into notes (body) values (${body})`.execute(trx);
    });
  }
  let found = 0;
  // The worker starts with the first commit it sees (it looks every 2 s), then copies.
  for (let waited = 0; waited < 10_000 && found < 1_500; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    found = rowsInFileAlone(file);
  }
  assert.equal(found, 1_500, 'every row is in the database file once the writes stop');
  await data.close();
  assert.equal(fs.existsSync(`${file}-wal`), false, 'the server closed its connection last, so SQLite removed the log');
  const reopened = new SQLite(file, { readonly: true });
  assert.equal((reopened.prepare('select count(*) as n from notes').get() as { n: number }).n, 1_500);
  reopened.close();
});

test('a checkpoint worker that cannot run says so, and asking it for a checkpoint fails instead of waiting for ever', async () => {
  const heard: string[] = [];
  const checkpointer = startWalCheckpointer(path.join(dir, 'missing', 'none.db'), (message) => heard.push(message));
  await assert.rejects(checkpointer.checkpointNow());
  for (let waited = 0; waited < 5_000 && heard.length === 0; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.match(heard.join('\n'), /WAL checkpoint worker (stopped|exited)/u);
  await checkpointer.stop();
});

test('a checkpoint asked for copies every frame of the log', async () => {
  const file = path.join(dir, 'asked.db');
  const data = await createDataLayer({ database: { kind: 'sqlite', file } });
  try {
    await sql`create table notes (id integer primary key, body text)`.execute(data.db);
    await sql`insert into notes (body) values ('one')`.execute(data.db);
    const checkpointer = startWalCheckpointer(file, (message) => assert.fail(message));
    try {
      const result = await checkpointer.checkpointNow();
      assert.equal(result.checkpointed, result.log);
    } finally {
      await checkpointer.stop();
    }
  } finally {
    await data.close();
  }
});

/** Waits until the checkpointer is in `state` (at most 10 s). */
async function until(checkpointer: WalCheckpointer, state: ReturnType<WalCheckpointer['state']>): Promise<void> {
  for (let waited = 0; waited < 10_000 && checkpointer.state() !== state; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(checkpointer.state(), state);
}

/** Threads of this process (Linux), to see the worker's thread end. */
const threads = () => fs.readdirSync('/proc/self/task').length;

test(
  'with nothing written the checkpoint worker ends, and the next write starts it again and reaches the file',
  { skip: process.platform !== 'linux' },
  async () => {
    const file = path.join(dir, 'rests.db');
    const { db, commitMark } = openSqliteConnection(file, { autocheckpointPages: 40_000 });
    const checkpointer = startWalCheckpointer(file, (message) => assert.fail(message), { commitMark, pauses: { busyMs: 20, idleMs: 50 }, restAfterMs: 300 });
    try {
      assert.equal(checkpointer.state(), 'resting', 'nothing is started before anything is written');
      await sql`create table notes (id integer primary key, body text)`.execute(db);
      await sql`insert into notes (body) values ('first')`.execute(db);
      await until(checkpointer, 'running');
      const withWorker = threads();
      await until(checkpointer, 'resting');
      for (let waited = 0; waited < 5_000 && threads() >= withWorker; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.ok(threads() < withWorker, `the worker's thread has ended (${threads()} threads, ${withWorker} with it)`);
      assert.equal(rowsInFileAlone(file), 1, 'what was written before it rested is in the file');

      // Written by another connection (as the indexing worker writes): seen too.
      const other = new SQLite(file);
      other.prepare("insert into notes (body) values ('second')").run();
      other.close();
      await sql`insert into notes (body) values ('third')`.execute(db);
      await until(checkpointer, 'running');
      for (let waited = 0; waited < 5_000 && rowsInFileAlone(file) < 3; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(rowsInFileAlone(file), 3, 'what was written while it rested reaches the file');
      await until(checkpointer, 'resting');
    } finally {
      await checkpointer.stop();
      await db.destroy();
    }
    assert.equal(checkpointer.state(), 'stopped');
    assert.equal(fs.existsSync(`${file}-wal`), false, 'the server closed its connection last, so SQLite removed the log');
  },
);

test('a commit by another connection alone wakes a resting checkpointer', async () => {
  const file = path.join(dir, 'other-writer.db');
  const { db, commitMark } = openSqliteConnection(file, { autocheckpointPages: 40_000 });
  await sql`create table notes (id integer primary key, body text)`.execute(db);
  const checkpointer = startWalCheckpointer(file, (message) => assert.fail(message), { commitMark, pauses: { busyMs: 20, idleMs: 50 }, restAfterMs: 300 });
  try {
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(checkpointer.state(), 'resting', 'nothing was written since it started');
    const other = new SQLite(file);
    other.prepare("insert into notes (body) values ('from the indexing worker')").run();
    other.close();
    await until(checkpointer, 'running');
  } finally {
    await checkpointer.stop();
    await db.destroy();
  }
});
