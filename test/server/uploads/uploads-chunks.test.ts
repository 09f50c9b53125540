// The chunked, resumable upload (resumable.js / simple-uploader.js protocol):
// resume by testing chunks, any order, duplicates, wrong sizes and totals,
// checksums, identical content, limits, path tricks, ranges and clean-up.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ServerContext } from '../../../server/context.js';
import { createChunkRuntime } from '../../../server/modules/uploads/chunks.js';
import { cleanStaleUploads } from '../../../server/modules/uploads/cleanup.js';
import { chunkBytes, fakeVideo, fieldsFor, layout, postChunk, sha256, testChunk, uploadInChunks } from '../../support/chunked-upload.js';
import { startTestServer, type TestServer } from '../../support/server.js';

const CHUNK = 64 * 1024;
const video = fakeVideo;

let server: TestServer;
let teacher: string;
let student: string;
before(async () => {
  server = await startTestServer();
  teacher = await server.login('teacher');
  student = await server.login('student');
});
after(() => server.close());

const fetchFile = (url: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${url}`, { headers });
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function fileRows(): Promise<number> {
  const rows = await server.data.db.selectFrom('files').select('id').execute();
  return rows.length;
}

describe('chunk upload', () => {
  test('test says 204 until a chunk is there, then 200; the last chunk answers with the file, byte-identical', async () => {
    const content = video(CHUNK * 3 + 1000); // last chunk larger than the chunk size
    const name = 'lesson.mp4';
    assert.equal(layout(content.length, CHUNK).length, 3);
    assert.equal((await testChunk(server, teacher, fieldsFor(content, name, CHUNK, 1))).status, 204);

    const first = await postChunk(server, teacher, fieldsFor(content, name, CHUNK, 1), chunkBytes(content, CHUNK, 1));
    assert.equal(first.status, 200, first.body.msg);
    assert.deepEqual(first.body.data, { complete: false, chunkNumber: 1, receivedChunks: 1, totalChunks: 3 });
    const tested = await testChunk(server, teacher, fieldsFor(content, name, CHUNK, 1));
    assert.equal(tested.status, 200);
    assert.equal((await testChunk(server, teacher, fieldsFor(content, name, CHUNK, 2))).status, 204);

    await postChunk(server, teacher, fieldsFor(content, name, CHUNK, 2), chunkBytes(content, CHUNK, 2));
    const last = await postChunk(server, teacher, fieldsFor(content, name, CHUNK, 3), chunkBytes(content, CHUNK, 3));
    assert.equal(last.status, 200);
    assert.ok(last.body.data.complete);
    const file = last.body.data.file;
    assert.equal(file.name, name);
    assert.equal(file.size, content.length);
    assert.equal(file.mime, 'video/mp4');

    const download = await fetchFile(file.url, auth(teacher));
    assert.equal(download.status, 200);
    assert.equal(download.headers.get('accept-ranges'), 'bytes');
    assert.equal(sha256(new Uint8Array(await download.arrayBuffer())), sha256(content));

    // Re-testing a finished upload tells the client it is complete (with the same file).
    const again = await testChunk(server, teacher, fieldsFor(content, name, CHUNK, 2));
    assert.equal(again.status, 200);
    assert.ok(again.body?.data.complete && again.body.data.file.id === file.id);
  });

  test('range requests serve the bytes asked for (video seeking)', async () => {
    const content = video(CHUNK * 2);
    const file = await uploadInChunks(server, teacher, 'seek.mp4', content, CHUNK);
    const part = await fetchFile(file.url, { ...auth(teacher), range: 'bytes=100-199' });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get('content-range'), `bytes 100-199/${content.length}`);
    assert.deepEqual(Buffer.from(await part.arrayBuffer()), content.subarray(100, 200));
    const tail = await fetchFile(file.url, { ...auth(teacher), range: 'bytes=-10' });
    assert.equal(tail.status, 206);
    assert.deepEqual(Buffer.from(await tail.arrayBuffer()), content.subarray(content.length - 10));
    const beyond = await fetchFile(file.url, { ...auth(teacher), range: `bytes=${content.length + 5}-` });
    assert.equal(beyond.status, 416);
    assert.equal(beyond.headers.get('content-range'), `bytes */${content.length}`);
  });

  test('chunks out of order and duplicated still merge to the same bytes', async () => {
    const content = video(CHUNK * 4 + 17);
    const name = 'shuffled.mp4';
    let last;
    for (const n of [4, 2, 2, 1, 4, 3]) {
      last = await postChunk(server, teacher, fieldsFor(content, name, CHUNK, n), chunkBytes(content, CHUNK, n));
      assert.equal(last.status, 200, last.body.msg);
    }
    assert.ok(last!.body.data.complete);
    const download = await fetchFile(last!.body.data.file.url, auth(teacher));
    assert.equal(sha256(new Uint8Array(await download.arrayBuffer())), sha256(content));
  });

  test('a missing chunk keeps the file from appearing; sending it completes the file', async () => {
    const content = video(CHUNK * 3);
    const name = 'gap.mp4';
    const before = await fileRows();
    for (const n of [1, 3]) await postChunk(server, teacher, fieldsFor(content, name, CHUNK, n), chunkBytes(content, CHUNK, n));
    assert.equal(await fileRows(), before);
    assert.equal((await testChunk(server, teacher, fieldsFor(content, name, CHUNK, 2))).status, 204);
    const done = await postChunk(server, teacher, fieldsFor(content, name, CHUNK, 2), chunkBytes(content, CHUNK, 2));
    assert.ok(done.body.data.complete);
    assert.equal(await fileRows(), before + 1);
  });

  test('the last chunks arriving together merge once and both answer with the same file', async () => {
    const content = video(CHUNK * 3);
    const name = 'together.mp4';
    await postChunk(server, teacher, fieldsFor(content, name, CHUNK, 1), chunkBytes(content, CHUNK, 1));
    const [a, b] = await Promise.all([2, 3].map((n) => postChunk(server, teacher, fieldsFor(content, name, CHUNK, n), chunkBytes(content, CHUNK, n))));
    const ids = [a!, b!].filter((r) => r.body.data.complete).map((r) => (r.body.data as { file: { id: string } }).file.id);
    assert.ok(ids.length >= 1);
    assert.equal(new Set(ids).size, 1);
  });

  test('a chunk larger or smaller than announced is refused and not kept', async () => {
    const content = video(CHUNK * 2);
    const name = 'sizes.mp4';
    const fields = fieldsFor(content, name, CHUNK, 1);
    const big = await postChunk(server, teacher, fields, Buffer.concat([chunkBytes(content, CHUNK, 1), Buffer.alloc(10)]));
    assert.equal(big.status, 400);
    assert.match(big.body.msg, /第 1 个分片比声明的/);
    const small = await postChunk(server, teacher, fields, chunkBytes(content, CHUNK, 1).subarray(0, 100));
    assert.equal(small.status, 400);
    assert.match(small.body.msg, /不完整/);
    assert.equal((await testChunk(server, teacher, fields)).status, 204);
  });

  test('wrong totals, numbers and sizes are refused with what is wrong', async () => {
    const content = video(CHUNK * 3);
    const base = fieldsFor(content, 'totals.mp4', CHUNK, 1);
    const cases: Array<[Partial<typeof base>, RegExp]> = [
      [{ totalChunks: 7 }, /分片总数/],
      [{ chunkNumber: 4 }, /超出分片总数/],
      [{ currentChunkSize: CHUNK - 1 }, /大小 currentChunkSize/],
      [{ chunkSize: 0 }, /分片大小/],
      [{ chunkSize: 1024 * 1024 * 1024, totalChunks: 1, currentChunkSize: content.length }, /分片大小不能超过/],
    ];
    for (const [change, message] of cases) {
      const res = await postChunk(server, teacher, { ...base, ...change }, chunkBytes(content, CHUNK, 1));
      assert.equal(res.status, 400, JSON.stringify(change));
      assert.match(res.body.msg, message);
      const probe = await testChunk(server, teacher, { ...base, ...change });
      assert.equal(probe.status, 400, `test ${JSON.stringify(change)}`);
    }
    const missing = await fetch(`${server.baseUrl}/new-chat/app/api/file/chunk?chunkNumber=1`, { headers: auth(teacher) });
    assert.equal(missing.status, 400);
  });

  test('a refused parameter is named in the client’s language (its title is in the catalogue)', async () => {
    const content = video(CHUNK * 2);
    const fields = { ...fieldsFor(content, 'english.mp4', CHUNK, 1), currentChunkSize: 0 };
    const english = { ...auth(teacher), 'accept-language': 'en-US' };
    const han = /[\u4e00-\u9fff]/;
    // The test (query, checked by the route's schema) and the upload (form fields, checked by the same schema in the route).
    const query = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
    const probe = await fetch(`${server.baseUrl}/new-chat/app/api/file/chunk?${query}`, { headers: english });
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
    form.append('file', new Blob([new Uint8Array(chunkBytes(content, CHUNK, 1))]), fields.filename);
    const upload = await fetch(`${server.baseUrl}/new-chat/app/api/file/chunk`, { method: 'POST', body: form, headers: english });
    for (const res of [probe, upload]) {
      assert.equal(res.status, 400);
      const { msg } = (await res.json()) as { msg: string };
      assert.equal(msg, 'Current chunk size (currentChunkSize) must not be less than 1');
      assert.ok(!han.test(msg), msg);
    }
  });

  test('file names and relative paths never become paths', async () => {
    const content = Buffer.from('教学计划\n'.repeat(10_000));
    const file = await uploadInChunks(server, teacher, '../../../../etc/zx-evil.txt', content, CHUNK);
    assert.equal(file.name, 'zx-evil.txt');
    const viaRelative = await postChunk(
      server,
      teacher,
      { ...fieldsFor(content, 'ok.txt', content.length, 1), identifier: '../../x', relativePath: '../../../../tmp/zx-evil-dir/a.txt' },
      content,
    );
    assert.equal(viaRelative.status, 200, viaRelative.body.msg);
    assert.equal(existsSync('/etc/zx-evil.txt'), false);
    assert.equal(existsSync('/tmp/zx-evil-dir'), false);
    if (server.app.zx.files.kind === 'local') for (const name of await readdir(server.config.filesDir)) assert.match(name, /^[A-Za-z0-9_-]{22}$/);
    assert.equal(existsSync(path.join(server.config.dataDir, 'x')), false);
  });

  test('a chunk checksum that does not match is refused; a file checksum that does not match after merging leaves no file', async () => {
    const content = video(CHUNK * 2);
    const name = 'sums.mp4';
    const wrongChunk = await postChunk(server, teacher, fieldsFor(content, name, CHUNK, 1, { chunkSha256: 'a'.repeat(64) }), chunkBytes(content, CHUNK, 1));
    assert.equal(wrongChunk.status, 400);
    assert.match(wrongChunk.body.msg, /校验失败/);
    const rightChunk = await postChunk(
      server,
      teacher,
      fieldsFor(content, name, CHUNK, 1, { chunkSha256: sha256(chunkBytes(content, CHUNK, 1)) }),
      chunkBytes(content, CHUNK, 1),
    );
    assert.equal(rightChunk.status, 200);

    const before = await fileRows();
    const liar = video(CHUNK);
    const lie = { fileSha256: 'b'.repeat(64) };
    const res = await postChunk(server, teacher, fieldsFor(liar, 'liar.mp4', CHUNK, 1, lie), liar);
    assert.equal(res.status, 400);
    assert.match(res.body.msg, /文件校验失败/);
    assert.equal(await fileRows(), before);
  });

  test('identical content already stored completes at once', async () => {
    const content = video(CHUNK * 2);
    const hash = { fileSha256: sha256(content) };
    const first = await uploadInChunks(server, teacher, 'once.mp4', content, CHUNK);
    const probe = await testChunk(server, teacher, { ...fieldsFor(content, 'again.mp4', CHUNK, 1, hash), identifier: 'another-id' });
    assert.equal(probe.status, 200);
    assert.ok(probe.body?.data.complete);
    assert.equal(probe.body.data.file.id, first.id);
    assert.equal(probe.body.data.file.name, 'again.mp4');
    // Another user with the same bytes uploads them for real (a hash is not a key to someone else's file).
    const other = await testChunk(server, student, { ...fieldsFor(content, 'again.mp4', CHUNK, 1, hash), identifier: 'another-id' });
    assert.equal(other.status, 204);
  });

  test('sessions belong to their user: another user can neither see the chunks nor read the file', async () => {
    const content = video(CHUNK * 2);
    const name = 'mine.mp4';
    await postChunk(server, teacher, fieldsFor(content, name, CHUNK, 1), chunkBytes(content, CHUNK, 1));
    assert.equal((await testChunk(server, student, fieldsFor(content, name, CHUNK, 1))).status, 204);
    const done = await postChunk(server, teacher, fieldsFor(content, name, CHUNK, 2), chunkBytes(content, CHUNK, 2));
    assert.ok(done.body.data.complete);
    const url = done.body.data.file.url;
    assert.equal((await fetchFile(url, auth(student))).status, 404);
    assert.equal((await fetchFile(url)).status, 404);
  });

  test('types are checked by name before any byte is sent and by content after merging', async () => {
    const exe = await testChunk(server, teacher, fieldsFor(Buffer.alloc(10), 'setup.exe', CHUNK, 1));
    assert.equal(exe.status, 415);
    assert.match(exe.body!.msg, /不支持的文件类型/);
    const fake = Buffer.from('this is not a video at all');
    const res = await postChunk(server, teacher, fieldsFor(fake, 'fake.mp4', CHUNK, 1), fake);
    assert.equal(res.status, 415);
    assert.match(res.body.msg, /文件内容与扩展名 \.mp4 不符/);
  });

  test('a refused type is explained in the reader’s language: an unknown extension, and a .pdf that is really a zip', async () => {
    const english = { 'accept-language': 'en-US' };
    const exe = await testChunk(server, teacher, fieldsFor(Buffer.alloc(10), 'setup.exe', CHUNK, 1), english);
    assert.equal(exe.status, 415);
    assert.match(exe.body!.msg, /^Unsupported file type \(\.exe\)\. Supported: png, jpg, .*pdf, docx/);
    const none = await testChunk(server, teacher, fieldsFor(Buffer.alloc(10), 'README', CHUNK, 1), english);
    assert.match(none.body!.msg, /^Unsupported file type \(no extension\)/);
    // A zip renamed to .pdf passes the name check and is refused on its content.
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60, 1)]);
    const fake = await postChunk(server, teacher, fieldsFor(zip, '教材.pdf', CHUNK, 1), zip, { 'accept-language': 'ko-KR' });
    assert.equal(fake.status, 415);
    assert.equal(fake.body.msg, '파일 내용이 확장자 .pdf와 맞지 않습니다. 실제 pdf 파일을 올려 주세요');
  });

  test('signed out: 401', async () => {
    const content = video(10);
    assert.equal((await testChunk(server, null, fieldsFor(content, 'a.mp4', CHUNK, 1))).status, 401);
    assert.equal((await postChunk(server, null, fieldsFor(content, 'a.mp4', CHUNK, 1), content)).status, 401);
  });

  test('an upload in progress marks itself alive at most once a minute, and again after a minute', async () => {
    const content = video(CHUNK * 3);
    await postChunk(server, teacher, fieldsFor(content, 'alive.mp4', CHUNK, 1), chunkBytes(content, CHUNK, 1));
    const session = () =>
      server.data.db.selectFrom('upload_sessions').select(['id', 'updated_at']).where('file_name', '=', 'alive.mp4').executeTakeFirstOrThrow();
    const setTime = async (at: number) =>
      server.data.db
        .updateTable('upload_sessions')
        .set({ updated_at: at })
        .where('id', '=', (await session()).id)
        .execute();
    const recent = Date.now() - 30_000;
    await setTime(recent);
    assert.equal((await testChunk(server, teacher, fieldsFor(content, 'alive.mp4', CHUNK, 2))).status, 204);
    await postChunk(server, teacher, fieldsFor(content, 'alive.mp4', CHUNK, 2), chunkBytes(content, CHUNK, 2));
    assert.equal(Number((await session()).updated_at), recent, 'not written again within the minute');
    const old = Date.now() - 120_000;
    await setTime(old);
    assert.equal((await testChunk(server, teacher, fieldsFor(content, 'alive.mp4', CHUNK, 3))).status, 204);
    assert.ok(Number((await session()).updated_at) > old + 60_000, 'marked alive by the test request');
  });

  test('stale partial uploads are removed; fresh ones stay', async () => {
    const content = video(CHUNK * 2);
    await postChunk(server, teacher, fieldsFor(content, 'old.mp4', CHUNK, 1), chunkBytes(content, CHUNK, 1));
    const fresh = video(CHUNK * 2);
    await postChunk(server, teacher, fieldsFor(fresh, 'fresh.mp4', CHUNK, 1), chunkBytes(fresh, CHUNK, 1));
    const partial = path.join(server.config.dataDir, 'uploads-partial');
    const session = await server.data.db.selectFrom('upload_sessions').select('id').where('file_name', '=', 'old.mp4').executeTakeFirstOrThrow();
    await server.data.db
      .updateTable('upload_sessions')
      .set({ updated_at: Date.now() - 3 * 86400_000 })
      .where('id', '=', session.id)
      .execute();

    const ctx = server.app.zx as ServerContext;
    const removed = await cleanStaleUploads(ctx, createChunkRuntime(ctx));
    assert.ok(removed >= 1);
    assert.equal(existsSync(path.join(partial, session.id)), false);
    assert.equal((await testChunk(server, teacher, fieldsFor(content, 'old.mp4', CHUNK, 1))).status, 204);
    assert.equal((await testChunk(server, teacher, fieldsFor(fresh, 'fresh.mp4', CHUNK, 1))).status, 200);
  });
});

describe('limits', () => {
  let limited: TestServer;
  let token: string;
  before(async () => {
    limited = await startTestServer({ env: { ZX_UPLOAD_MAX_MB: '2', ZX_UPLOAD_QUOTA_MB: '3' } });
    token = await limited.login('teacher');
  });
  after(() => limited.close());

  test('a file over the size limit is refused before it is sent, saying the limit', async () => {
    const fields = { ...fieldsFor(Buffer.alloc(1), 'huge.mp4', 1024 * 1024, 1), totalSize: 5 * 1024 * 1024, totalChunks: 5, currentChunkSize: 1024 * 1024 };
    const res = await testChunk(limited, token, fields);
    assert.equal(res.status, 413);
    assert.match(res.body!.msg, /单个文件最大 2 MB/);
    assert.deepEqual(res.body!.data, { reason: 'file-too-large' }, 'the uploader offers no retry for it');
  });

  test('the quota counts stored files and uploads in progress', async () => {
    const half = video(1536 * 1024);
    await uploadInChunks(limited, token, 'a.mp4', half, 512 * 1024);
    const second = video(1536 * 1024);
    await postChunk(limited, token, fieldsFor(second, 'b.mp4', 512 * 1024, 1), chunkBytes(second, 512 * 1024, 1));
    const third = video(1024 * 1024);
    const res = await postChunk(limited, token, fieldsFor(third, 'c.mp4', 512 * 1024, 1), chunkBytes(third, 512 * 1024, 1));
    assert.equal(res.status, 413);
    assert.match(res.body.msg, /存储空间不足：已用 3 MB，共 3 MB/);
    assert.deepEqual(res.body.data, { reason: 'storage-full' }, 'the uploader offers a retry once files are deleted');
  });
});
