// A chunk whose write the database cuts off (PostgreSQL connections
// terminated by a restart or failover; SQLite's write lock held past its
// busy timeout) is answered 503 with Retry-After, which every resumable
// client retries, instead of a 500 the browser uploader takes as final; the
// same chunk sent again once the database is back completes the upload.
import assert from 'node:assert/strict';
import SQLite from 'better-sqlite3';
import { after, before, it } from 'node:test';
import pg from 'pg';
import { withDefaultUser } from '../../../server/db/index.js';
import { chunkBytes, fakeVideo, fieldsFor, postChunk } from '../../support/chunked-upload.js';
import { startTestServer, type TestServer } from '../../support/server.js';

const CHUNK = 64 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: TestServer;
let teacher: string;
before(async () => {
  server = await startTestServer();
  teacher = await server.login('teacher');
});
after(() => server.close());

/** Holds the database so that the next chunk's write is cut off; returns the way to let it go. */
async function interruptNextWrite(): Promise<{ cut: Promise<void>; release: () => Promise<void> }> {
  const database = server.config.database;
  if (database.kind === 'sqlite') {
    // Another connection holds the write lock longer than the server's busy timeout (5 s).
    const other = new SQLite(database.file);
    other.exec('begin immediate');
    return {
      cut: Promise.resolve(),
      release: async () => {
        other.exec('rollback');
        other.close();
      },
    };
  }
  // PostgreSQL: chunk rows cannot be written while this lock is held, so the chunk's
  // insert waits on it; its connection is then terminated, as a restart does.
  const admin = new pg.Client({ connectionString: withDefaultUser(database.url) });
  await admin.connect();
  await admin.query('begin');
  await admin.query(`lock table "${server.data.schema}".upload_chunks in share mode`);
  const cut = (async () => {
    for (let i = 0; i < 600; i++) {
      const { rows } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = $1 and wait_event_type = 'Lock'`,
        [`zhixue:${server.data.schema}`],
      );
      if (rows.length > 0) return;
      await sleep(25);
    }
    throw new Error('no write of the server waited on the lock');
  })();
  return {
    cut,
    release: async () => {
      await admin.query('rollback');
      await admin.end();
    },
  };
}

it('a chunk write cut off by the database answers 503 with Retry-After; sent again, it completes the file', { timeout: 60_000 }, async () => {
  const content = fakeVideo(CHUNK * 2);
  const fields = (n: number) => fieldsFor(content, 'lesson.mp4', CHUNK, n);
  const first = await postChunk(server, teacher, fields(1), chunkBytes(content, CHUNK, 1));
  assert.equal(first.status, 200, first.body.msg);

  const held = await interruptNextWrite();
  let cutOff: Response;
  try {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields(2))) if (v !== undefined) form.append(k, String(v));
    form.append('file', new Blob([new Uint8Array(chunkBytes(content, CHUNK, 2))]), 'lesson.mp4');
    const sent = fetch(`${server.baseUrl}/new-chat/app/api/file/chunk`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${teacher}`, 'accept-language': 'en-US' },
    });
    await held.cut;
    cutOff = await sent;
  } finally {
    await held.release();
  }
  assert.equal(cutOff.status, 503);
  assert.ok(Number(cutOff.headers.get('retry-after')) > 0, 'the client is told when to send it again');
  const body = (await cutOff.json()) as { code: number; msg: string };
  assert.deepEqual(body, { code: 503, msg: 'The connection to the database was interrupted. Please try again shortly', data: null });

  const again = await postChunk(server, teacher, fields(2), chunkBytes(content, CHUNK, 2));
  assert.equal(again.status, 200, again.body.msg);
  assert.equal(again.body.data.complete, true);
});
