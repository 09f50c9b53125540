// Small uploads: type checked by content, size capped, private unless used as an avatar.
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { storeUpload } from '../../../server/modules/uploads/service.js';
import { insertBarrier } from '../../support/insert-barrier.js';
import { startTestServer, type Envelope, type TestServer } from '../../support/server.js';

interface FileInfo {
  id: string;
  url: string;
  name: string;
  size: number;
  mime: string;
}

// Signature, then the IHDR chunk's length and name as every PNG has them (its NUL bytes mark it binary).
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]), Buffer.from('IHDR'), Buffer.alloc(16, 1)]);
const SAMPLES: Record<string, Buffer> = {
  'photo.png': PNG,
  'photo.JPG': Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]),
  'anim.gif': Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'),
  'pic.webp': Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'),
  'notes.pdf': Buffer.from('%PDF-1.7\n%âãÏÓ\n', 'latin1'),
  'plan.docx': Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....word/document.xml')]),
  '说明.txt': Buffer.from('数控编程作业说明\n'),
  'README.md': Buffer.from('# 标题\n'),
};

let server: TestServer;
let teacher: string;
let student: string;
before(async () => {
  server = await startTestServer();
  teacher = await server.login('teacher');
  student = await server.login('student');
});
after(() => server.close());

const upload = (token: string | null, name: string, content: Buffer, field = 'file') => uploadTo(server, token, name, content, field);

async function uploadTo(target: TestServer, token: string | null, name: string, content: Buffer, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(content)]), name);
  const response = await fetch(`${target.baseUrl}/new-chat/app/api/file/upload`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as Envelope<FileInfo> };
}

const download = (url: string, token?: string) => fetch(`${server.baseUrl}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('POST /app/api/file/upload', () => {
  for (const [name, content] of Object.entries(SAMPLES)) {
    test(`accepts ${name}`, async () => {
      const res = await upload(teacher, name, content);
      assert.equal(res.status, 200, res.body.msg);
      assert.equal(res.body.data.name, name);
      assert.equal(res.body.data.size, content.length);
      assert.equal(res.body.data.url, `/new-chat/app/api/file/${res.body.data.id}`);
    });
  }

  test('stores under a random name, not the uploaded one', async () => {
    const res = await upload(teacher, '../../etc/passwd.txt', Buffer.from('hello'));
    const row = await server.data.db
      .selectFrom('files')
      .select('stored_name')
      .where('id', '=', (res.body.data as { id: string }).id)
      .executeTakeFirstOrThrow();
    assert.match(row.stored_name, /^[A-Za-z0-9_-]{22}$/);
    // On disk: nothing else in the folder either. (In an object store every key is files/<stored name>.)
    const stored = server.app.zx.files.kind === 'local' ? await readdir(server.config.filesDir) : [row.stored_name];
    assert.ok(stored.length > 0);
    for (const name of stored) assert.match(name, /^[A-Za-z0-9_-]{22}$/);
  });

  test('checks the bytes, not only the extension', async () => {
    const fake = await upload(teacher, 'photo.png', Buffer.from('this is text, not a picture'));
    assert.equal(fake.status, 400);
    assert.match(fake.body.msg, /文件内容与扩展名 \.png 不符/);
    const binaryText = await upload(teacher, 'notes.txt', PNG);
    assert.equal(binaryText.status, 400);
  });

  test('refuses types we do not serve (svg can carry scripts, exe is no school file)', async () => {
    for (const name of ['logo.svg', 'setup.exe', 'page.html', 'noextension']) {
      const res = await upload(teacher, name, Buffer.from('<svg onload="alert(1)"/>'));
      assert.equal(res.status, 400, name);
      assert.match(res.body.msg, /不支持的文件类型/, name);
    }
  });

  test('over 10 MB is a 413 saying the limit', async () => {
    const res = await upload(teacher, 'big.txt', Buffer.alloc(10 * 1024 * 1024 + 1, 0x61));
    assert.equal(res.status, 413);
    assert.equal(res.body.code, 413);
    assert.match(res.body.msg, /10 MB/);
    assert.deepEqual(res.body.data, { reason: 'file-too-large' });
  });

  test('empty file, wrong field, not multipart, not signed in', async () => {
    assert.match((await upload(teacher, 'empty.txt', Buffer.alloc(0))).body.msg, /文件是空的/);
    assert.match((await upload(teacher, 'a.txt', Buffer.from('x'), 'avatar')).body.msg, /字段 file/);
    const json = await server.api('POST', '/app/api/file/upload', { token: teacher, body: { file: 'x' } });
    assert.equal(json.status, 400);
    assert.match(json.body.msg, /multipart\/form-data/);
    assert.equal((await upload(null, 'a.txt', Buffer.from('x'))).status, 401);
  });
});

describe('GET /app/api/file/:id', () => {
  test('the owner reads a private file; others and anonymous get 404', async () => {
    const { body } = await upload(teacher, '教案.md', Buffer.from('# 教案\n'));
    const mine = await download(body.data.url, teacher);
    assert.equal(mine.status, 200);
    assert.equal(mine.headers.get('content-type'), 'text/markdown; charset=utf-8');
    assert.equal(await mine.text(), '# 教案\n');
    assert.match(mine.headers.get('content-disposition') ?? '', /attachment; filename\*=UTF-8''%E6%95%99%E6%A1%88\.md/);
    for (const token of [student, undefined]) {
      const other = await download(body.data.url, token);
      assert.equal(other.status, 404);
      assert.equal(((await other.json()) as Envelope).msg, '文件不存在或已删除');
    }
  });

  test('an unknown or malformed id', async () => {
    assert.equal((await server.api('GET', '/app/api/file/AAAAAAAAAAAAAAAAAAAAAA', { token: teacher })).status, 404);
    const bad = await server.api('GET', '/app/api/file/bad*id', { token: teacher });
    assert.equal(bad.status, 400);
    assert.match(bad.body.msg, /文件 id（id）格式不正确/);
  });
});

describe('avatar', () => {
  test('an uploaded image becomes the avatar and is then public', async () => {
    const { body } = await upload(student, 'me.png', PNG);
    assert.equal((await download(body.data.url)).status, 404, 'private before use');
    const res = await server.api<{ avatar: string }>('PUT', '/app/user', { token: student, body: { avatar: body.data.url } });
    assert.equal(res.body.code, 200, res.body.msg);
    assert.equal(res.body.data.avatar, body.data.url);
    const image = await download(body.data.url);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/png');
    assert.deepEqual(Buffer.from(await image.arrayBuffer()), PNG);

    const cleared = await server.api<{ avatar: string | null }>('PUT', '/app/user', { token: student, body: { avatar: null } });
    assert.equal(cleared.body.data.avatar, null);
  });

  test("a document, or someone else's image, cannot be an avatar", async () => {
    const doc = await upload(student, 'a.txt', Buffer.from('text'));
    const notImage = await server.api('PUT', '/app/user', { token: student, body: { avatar: doc.body.data.url } });
    assert.equal(notImage.status, 400);
    assert.match(notImage.body.msg, /头像必须是图片/);

    const theirs = await upload(teacher, 't.png', PNG);
    const stolen = await server.api('PUT', '/app/user', { token: student, body: { avatar: theirs.body.data.url } });
    assert.equal(stolen.status, 400);
    assert.equal((await download(theirs.body.data.url)).status, 404, 'still private');
  });
});

describe('quota', () => {
  // Text files of 900 KB each, distinct so none is mistaken for another.
  const note = (n: number) => Buffer.from(`homework ${n}\n`.padEnd(900 * 1024, 'x'), 'utf8');
  let limited: TestServer;
  before(async () => {
    limited = await startTestServer({ env: { ZX_UPLOAD_QUOTA_MB: '1' } });
  });
  after(() => limited.close());

  test('small uploads count against the storage quota: past it, each is refused saying so', async () => {
    const token = await limited.login('teacher');
    const first = await uploadTo(limited, token, 'first.txt', note(0));
    assert.equal(first.status, 200, first.body.msg);
    for (let n = 1; n <= 6; n++) {
      const res = await uploadTo(limited, token, `more-${n}.txt`, note(n));
      assert.equal(res.status, 413, `upload ${n} past the quota`);
      assert.match(res.body.msg, /存储空间不足：已用 900 KB，共 1 MB/);
      assert.deepEqual(res.body.data, { reason: 'storage-full' });
    }
  });

  test('uploads racing for the last room: exactly one is accepted, the others refused', async () => {
    // Each counted the others' reservations and undid its own: all six could lose (a student
    // with room for a file was refused), never more than one win. One must win.
    const token = await limited.login('student');
    const results = await Promise.all(Array.from({ length: 6 }, (_, n) => uploadTo(limited, token, `race-${n}.txt`, note(10 + n))));
    const accepted = results.filter((r) => r.status === 200);
    assert.equal(accepted.length, 1, `${accepted.length} uploads of 900 KB accepted under a 1 MB quota`);
    assert.ok(results.every((r) => r.status === 200 || r.status === 413));
    const stored = await limited.data.db.selectFrom('files').select('size').where('name', 'like', 'race-%').execute();
    assert.equal(stored.length, accepted.length, 'refused uploads leave no file behind');
  });

  test('two uploads whose reservations are written at the same moment: one is stored, not neither', async () => {
    // A hook holds each file row's insert until both are written (test/support/insert-barrier.ts):
    // both then counted 1.8 MB and both undid themselves, and a manager with room for one file
    // got none (on SQLite and PostgreSQL).
    const ctx = limited.app.zx;
    const owner = (await ctx.db.selectFrom('users').select('id').where('username', '=', 'manager').executeTakeFirstOrThrow()).id;
    const hooked = { ...ctx, db: ctx.db.withPlugin(insertBarrier('files')) };
    const results = await Promise.allSettled([0, 1].map((n) => storeUpload(hooked, owner, `barrier-${n}.txt`, note(20 + n), 1024 * 1024)));
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1, 'one of the two is stored');
    const refused = results.find((r) => r.status === 'rejected');
    assert.match(String((refused as PromiseRejectedResult).reason?.message), /存储空间不足/u);
    const stored = await ctx.db.selectFrom('files').select('name').where('owner_id', '=', owner).execute();
    assert.equal(stored.length, 1);
  });
});
