// A crash during a chunked upload's merge: the session is left `merging`,
// every chunk on disk, and a half-written `.part` of the stored file. Once
// the dead merge's lease runs out, the client's retry of the last chunk
// finishes the upload, and a server starting on the same data finishes it
// without the client; orphaned `.part` files are removed and the quota
// counts only the stored file.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { buildApp } from '../../../server/app.js';
import type { ServerContext } from '../../../server/context.js';
import { createChunkRuntime } from '../../../server/modules/uploads/chunks.js';
import { recoverUploads } from '../../../server/modules/uploads/cleanup.js';
import { bytesInUse } from '../../../server/modules/uploads/session-store.js';
import { chunkBytes, fakeVideo, fieldsFor, layout, postChunk, testChunk } from '../../support/chunked-upload.js';
import { startTestServer, type TestServer } from '../../support/server.js';

const CHUNK = 64 * 1024;
const video = fakeVideo;

let server: TestServer;
before(async () => {
  server = await startTestServer({ env: { ZX_LOG_LEVEL: 'error' } });
});
after(() => server.close());

const context = () => server.app.zx as ServerContext;
const onDisk = () => context().files.kind === 'local';
const quietLog = { warn() {}, info() {} } as never;

/**
 * Uploads every chunk but the last, then leaves the session as a merge killed
 * half-way leaves it: the last chunk stored and recorded, status `merging`
 * under a lease that has run out, and a half-written stored file (`.part`).
 */
async function crashMidMerge(token: string, name: string, content: Buffer) {
  const chunks = layout(content.length, CHUNK);
  for (const { n } of chunks.slice(0, -1)) {
    const res = await postChunk(server, token, fieldsFor(content, name, CHUNK, n), chunkBytes(content, CHUNK, n));
    assert.equal(res.status, 200, res.body.msg);
  }
  const last = chunks.length;
  const session = await server.data.db.selectFrom('upload_sessions').select(['id', 'owner_id']).where('file_name', '=', name).executeTakeFirstOrThrow();
  // The upload's bytes in the store (on disk: one file, written in place).
  const sessionDir = path.join(server.config.dataDir, 'uploads-partial', session.id);
  const lastBytes = chunkBytes(content, CHUNK, last);
  await server.app.zx.files.chunks.write(session.id, { number: last, offset: (last - 1) * CHUNK, size: lastBytes.length }, Readable.from([lastBytes]));
  await server.data.db
    .insertInto('upload_chunks')
    .values({ session_id: session.id, chunk_number: last, size: chunkBytes(content, CHUNK, last).length, created_at: Date.now() })
    .execute();
  await server.data.db
    .updateTable('upload_sessions')
    .set({ status: 'merging', lease_until: Date.now() - 1000 })
    .where('id', '=', session.id)
    .execute();
  await mkdir(server.config.filesDir, { recursive: true });
  const orphan = path.join(server.config.filesDir, `crashed${session.id}.part`);
  await writeFile(orphan, content.subarray(0, content.length / 2));
  const anHourAgo = new Date(Date.now() - 3600_000);
  await utimes(orphan, anHourAgo, anHourAgo);
  return { sessionId: session.id, ownerId: session.owner_id, sessionDir, orphan, last };
}

async function download(token: string, url: string): Promise<Buffer> {
  const res = await fetch(`${server.baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200);
  return Buffer.from(await res.arrayBuffer());
}

describe('a crash during a merge', () => {
  test('the client retrying the last chunk completes the upload; no orphan is left and the quota counts the file once', { timeout: 90_000 }, async () => {
    const token = await server.login('teacher');
    const content = video(CHUNK * 4 + 1000);
    const crashed = await crashMidMerge(token, 'crashed.mp4', content);

    const retry = await postChunk(server, token, fieldsFor(content, 'crashed.mp4', CHUNK, crashed.last), chunkBytes(content, CHUNK, crashed.last));
    assert.equal(retry.status, 200, retry.body.msg);
    assert.equal(retry.body.data.complete, true);
    assert.ok(retry.body.data.complete && (await download(token, retry.body.data.file.url)).equals(content), 'the stored file is byte-identical');
    assert.equal(existsSync(crashed.sessionDir), false, 'chunks removed');

    const { parts } = await recoverUploads(context(), createChunkRuntime(context()), quietLog);
    // (On disk a dead write leaves a `.part` file; in an object store, an unfinished multipart upload.)
    if (onDisk()) assert.ok(parts >= 1);
    assert.equal(existsSync(crashed.orphan), !onDisk(), 'the half-written file is removed');
    assert.equal(await bytesInUse(server.data.db, crashed.ownerId), content.length, 'quota: the stored file, once');
  });

  test('a server starting on the same data finishes the merge without the client', { timeout: 90_000 }, async () => {
    const token = await server.login('student');
    const content = video(CHUNK * 3 + 77);
    const crashed = await crashMidMerge(token, 'restart.mp4', content);

    const restarted = buildApp({ config: server.config, data: server.data, logger: false });
    await restarted.ready();
    try {
      let status = '';
      for (let i = 0; i < 1200 && status !== 'complete'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        status = (await server.data.db.selectFrom('upload_sessions').select('status').where('id', '=', crashed.sessionId).executeTakeFirstOrThrow()).status;
      }
      assert.equal(status, 'complete');
    } finally {
      await restarted.close();
    }
    // The client, coming back, finds the file done.
    const check = await testChunk(server, token, fieldsFor(content, 'restart.mp4', CHUNK, 1));
    assert.equal(check.status, 200);
    assert.ok(check.body!.data.complete && (await download(token, check.body!.data.file.url)).equals(content));
    assert.equal(existsSync(crashed.sessionDir), false, 'chunks removed');
    if (!onDisk())
      assert.equal(await context().files.chunks.firstMissing(crashed.sessionId, [{ number: 1, offset: 0, size: 1 }]), 1, 'chunks removed from the store');
    if (onDisk()) assert.equal(existsSync(crashed.orphan), false, 'the half-written file is removed');
    assert.equal(await bytesInUse(server.data.db, crashed.ownerId), content.length);
  });
});
