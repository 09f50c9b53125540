// Disk full is said as such: a write that fails with ENOSPC (injected here
// under the file store, as a full disk raises it) answers 507 "存储空间已满",
// and GET /health reports the storage as full with the free bytes.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { sql } from 'kysely';
import { after, before, test } from 'node:test';
import { startTestServer, type Envelope, type TestServer } from '../../support/server.js';

let server: TestServer;
before(async () => {
  server = await startTestServer({ env: { ZX_LOG_LEVEL: 'error' } });
});
after(() => server.close());

interface Health {
  status: string;
  storage: string;
  freeBytes: number | null;
}

test('a full disk: the upload says storage is full, and health reports it', async () => {
  const token = await server.login('teacher');
  const before = await server.api<Health>('GET', '/health');
  assert.equal(before.body.data.storage, 'ok');
  assert.ok((before.body.data.freeBytes ?? 0) > 0, 'free bytes of the data folder');

  const realWriteFile = fs.promises.writeFile;
  fs.promises.writeFile = (async (file: fs.PathLike, ...rest: unknown[]) => {
    if (String(file).startsWith(server.config.filesDir))
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
    return (realWriteFile as (...args: unknown[]) => Promise<void>)(file, ...rest);
  }) as typeof fs.promises.writeFile;
  let response: Response;
  try {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('作业说明\n')]), 'a.txt');
    response = await fetch(`${server.baseUrl}/new-chat/app/api/file/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  } finally {
    fs.promises.writeFile = realWriteFile;
  }
  const body = (await response.json()) as Envelope;
  assert.equal(response.status, 507);
  assert.deepEqual({ code: body.code, msg: body.msg }, { code: 507, msg: '存储空间已满，请联系管理员' });

  const health = await server.api<Health>('GET', '/health');
  assert.equal(health.status, 200);
  assert.equal(health.body.data.storage, 'full');
});

// PostgreSQL says a full disk with its own SQLSTATE (53100 disk_full), not
// ENOSPC: a write refused that way is the same 507 and health says so.
test('PostgreSQL disk full (53100): the write says storage is full', { skip: process.env.ZX_TEST_DB !== 'postgres' }, async () => {
  const token = await server.login('teacher');
  await sql`create function zx_disk_full() returns trigger language plpgsql as $$ begin raise exception 'could not extend file "base/1/2": No space left on device' using errcode = '53100'; end $$`.execute(
    server.data.db,
  );
  await sql`create trigger zx_disk_full before update on users for each row execute function zx_disk_full()`.execute(server.data.db);
  try {
    const response = await server.api('PUT', '/app/user', { token, body: { nickname: '满盘' } });
    assert.equal(response.status, 507);
    assert.deepEqual({ code: response.body.code, msg: response.body.msg }, { code: 507, msg: '存储空间已满，请联系管理员' });
  } finally {
    await sql`drop trigger zx_disk_full on users`.execute(server.data.db);
    await sql`drop function zx_disk_full()`.execute(server.data.db);
  }
  const after = await server.api('PUT', '/app/user', { token, body: { nickname: '满盘' } });
  assert.equal(after.status, 200, 'writes work again once space is back');
});
