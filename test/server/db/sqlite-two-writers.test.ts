// The server and the indexing worker write one SQLite file through two
// connections (knowledge/chunk-writer.ts). A transaction that reads first
// and writes later must not fail because the other connection committed in
// between (SQLITE_BUSY on a stale snapshot, which no busy timeout retries):
// transactions take the write lock when they begin (server/db/sqlite.ts).
// And while a document is indexed by the worker, a teacher's other writes
// all succeed and the document ends with each passage exactly once.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createRequire } from 'node:module';
import { after, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { openSqliteKysely } from '../../../server/db/sqlite.js';
import { uploadInChunks } from '../../support/chunked-upload.js';
import { startTestServer } from '../../support/server.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zx-two-writers-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Another connection to the file, in its own thread (as the indexing worker is): inserts a row when asked. */
function otherWriter(file: string) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const db = new (require(workerData.driver))(workerData.file);
     db.pragma('busy_timeout = 5000');
     parentPort.postMessage('ready');
     parentPort.on('message', () => { db.prepare("insert into notes (body) values ('from the worker')").run(); db.close(); parentPort.postMessage('done'); });`,
    { eval: true, workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3') } },
  );
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return {
    ready,
    write: () =>
      new Promise<void>((resolve, reject) => {
        worker.once('message', () => resolve());
        worker.once('error', reject);
        worker.postMessage('write');
      }),
    stop: () => worker.terminate(),
  };
}

test('a transaction that reads, then writes after another connection tried to write, succeeds', async () => {
  const file = path.join(dir, 'two.db');
  const server = openSqliteKysely(file);
  await sql`create table notes (id integer primary key, body text)`.execute(server);
  await sql`insert into notes (body) values ('first')`.execute(server);
  const other = otherWriter(file);
  try {
    await other.ready;
    let otherDone!: Promise<void>;
    await server.transaction().execute(async (trx) => {
      const before = await sql<{ n: number }>`select count(*) as n from notes`.execute(trx);
      // The other connection writes now: with a deferred BEGIN it would commit at
      // once and this transaction's write below would fail with SQLITE_BUSY.
      otherDone = other.write();
      // Give it time to commit (it cannot when this transaction holds the write lock).
      await Promise.race([otherDone, new Promise((resolve) => setTimeout(resolve, 1000))]);
      await sql`insert into notes (body) values (${`after ${before.rows[0]!.n}`})`.execute(trx);
    });
    await otherDone;
    const rows = await sql<{ body: string }>`select body from notes order by id`.execute(server);
    assert.deepEqual(
      rows.rows.map((r) => r.body),
      ['first', 'after 1', 'from the worker'],
    );
  } finally {
    await other.stop();
    await server.destroy();
  }
});

test(
  'while the worker indexes a document, other writes succeed and every passage is stored once',
  { skip: process.env.ZX_TEST_DB === 'postgres' && 'SQLite only: PostgreSQL writes stay on the request thread' },
  async () => {
    const server = await startTestServer({ env: { ZX_LOG_LEVEL: 'error' } });
    try {
      const token = await server.login('teacher');
      const dataset = (await server.api<{ id: string }>('POST', '/course/ragDataset', { token, body: { name: '并发写入' } })).body.data;
      const paragraphs = Array.from({ length: 3000 }, (_, n) => `第${n}段 数控机床的坐标系采用右手直角坐标系，编号${n * 31 + 7}。液压系统由动力元件组成。`);
      const file = await uploadInChunks(server, token, 'big.txt', Buffer.from(paragraphs.join('\n\n')), 1024 * 1024);
      const [doc] = (await server.api<Array<{ id: string }>>('POST', `/course/ragDataset/${dataset.id}/documents`, { token, body: { fileIds: [file.id] } }))
        .body.data;
      // Meanwhile the teacher keeps editing: each rename is a read-then-write transaction.
      const failures: string[] = [];
      let state = { status: 'queued', chunkCount: 0, error: null as string | null };
      for (let n = 0; state.status !== 'ready' && state.status !== 'error'; n++) {
        const renamed = await server.api('PUT', `/course/ragDataset/${dataset.id}`, { token, body: { name: `并发写入 ${n}` } });
        if (renamed.status !== 200) failures.push(`${renamed.status} ${renamed.body.msg}`);
        state = (await server.api<typeof state>('GET', `/course/ragDataset/document/${doc!.id}`, { token })).body.data;
      }
      assert.deepEqual(failures, []);
      assert.equal(state.status, 'ready', state.error ?? '');
      const stored = await server.data.db
        .selectFrom('knowledge_chunks')
        .select([sql<number>`count(*)`.as('rows'), sql<number>`count(distinct position)`.as('positions')])
        .where('document_id', '=', doc!.id)
        .executeTakeFirstOrThrow();
      assert.equal(Number(stored.rows), state.chunkCount);
      assert.equal(Number(stored.positions), state.chunkCount);
      const dataset2 = await server.data.db.selectFrom('knowledge_datasets').select('chunk_count').where('id', '=', dataset.id).executeTakeFirstOrThrow();
      assert.equal(Number(dataset2.chunk_count), state.chunkCount, 'the dataset statistics count each passage once');
    } finally {
      await server.close();
    }
  },
);
