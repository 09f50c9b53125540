// Files in an S3-compatible object store (ZX_STORAGE=s3), against a local
// S3-protocol server (s3rver) over real HTTP: chunks land in the store, the
// finished upload is one object combined from ≥ 5 MiB parts, downloads and
// ranges stream from it, a document is indexed from it, a removed object is
// gone; path-style addressing follows the setting; a store that is down
// answers 503 with a clear message and health says so.
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ListObjectsV2Command, S3Client, type UploadPartCommandInput } from '@aws-sdk/client-s3';
import { loadConfig, type S3StorageConfig } from '../../../server/config.js';
import { hashThread } from '../../../server/files/hash-thread.js';
import { createS3Client, createS3FileStorage, PART_BYTES } from '../../../server/files/s3-storage.js';
import { chunkBytes, fakeVideo, fieldsFor, layout, postChunk, sha256, uploadInChunks } from '../../support/chunked-upload.js';
import { makeDocx } from '../../support/documents.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { startTestS3, type TestS3 } from '../../support/s3.js';

const MiB = 1024 * 1024;

let s3: TestS3;
let server: TestServer;
let teacher: string;
let prefix: string;
let client: S3Client;

before(async () => {
  s3 = await startTestS3();
  const env = s3.env();
  prefix = env.ZX_S3_PREFIX!;
  server = await startTestServer({ env: { ...env, ZX_BUILTIN_DELAY_MS: '0', ZX_LOG_LEVEL: 'error' } });
  teacher = await server.login('teacher');
  client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
after(async () => {
  client?.destroy();
  await server?.close();
  await s3?.close();
});

async function keys(under: string): Promise<string[]> {
  const found: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${prefix}/${under}`, ...(token ? { ContinuationToken: token } : {}) }),
    );
    for (const item of page.Contents ?? []) found.push(item.Key!.slice(prefix.length + 1));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return found.sort();
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('S3 storage over HTTP', () => {
  test(
    'chunks land in the store (nothing on the instance disk); the finished file is one object; Range reads stream from it',
    { timeout: 120_000 },
    async () => {
      const CHUNK = 256 * 1024;
      const content = fakeVideo(CHUNK * 5 + 999);
      const chunks = layout(content.length, CHUNK);
      for (const { n } of chunks.slice(0, -1)) {
        const res = await postChunk(server, teacher, fieldsFor(content, 'lesson.mp4', CHUNK, n), chunkBytes(content, CHUNK, n));
        assert.equal(res.status, 200, res.body.msg);
      }
      const session = await server.data.db.selectFrom('upload_sessions').select('id').where('file_name', '=', 'lesson.mp4').executeTakeFirstOrThrow();
      assert.deepEqual(
        await keys(`uploads-partial/${session.id}/`),
        chunks
          .slice(0, -1)
          .map(({ n }) => `uploads-partial/${session.id}/${n}`)
          .sort(),
      );
      assert.deepEqual(
        await readdir(path.join(server.config.dataDir)).then((names) => names.filter((n) => n === 'files' || n === 'uploads-partial')),
        [],
        'no file or chunk on the instance disk',
      );

      const last = await postChunk(server, teacher, fieldsFor(content, 'lesson.mp4', CHUNK, chunks.length), chunkBytes(content, CHUNK, chunks.length));
      assert.equal(last.status, 200, last.body.msg);
      assert.ok(last.body.data.complete);
      const file = last.body.data.file;
      const row = await server.data.db.selectFrom('files').select(['stored_name', 'sha256']).where('id', '=', file.id).executeTakeFirstOrThrow();
      assert.equal(row.sha256, sha256(content));
      assert.deepEqual(await keys(`uploads-partial/${session.id}/`), [], 'chunks removed once combined');
      assert.ok((await keys('files/')).includes(`files/${row.stored_name}`));

      const whole = await fetch(`${server.baseUrl}${file.url}`, { headers: auth(teacher) });
      assert.equal(whole.status, 200);
      assert.equal(whole.headers.get('accept-ranges'), 'bytes');
      assert.equal(whole.headers.get('content-length'), String(content.length));
      assert.equal(sha256(new Uint8Array(await whole.arrayBuffer())), sha256(content));

      const part = await fetch(`${server.baseUrl}${file.url}`, { headers: { ...auth(teacher), range: 'bytes=300000-300099' } });
      assert.equal(part.status, 206);
      assert.equal(part.headers.get('content-range'), `bytes 300000-300099/${content.length}`);
      assert.deepEqual(Buffer.from(await part.arrayBuffer()), content.subarray(300000, 300100));
      const tail = await fetch(`${server.baseUrl}${file.url}`, { headers: { ...auth(teacher), range: 'bytes=-7' } });
      assert.deepEqual(Buffer.from(await tail.arrayBuffer()), content.subarray(content.length - 7));
      const beyond = await fetch(`${server.baseUrl}${file.url}`, { headers: { ...auth(teacher), range: `bytes=${content.length}-` } });
      assert.equal(beyond.status, 416);
      assert.equal(beyond.headers.get('content-range'), `bytes */${content.length}`);
      const etag = whole.headers.get('etag')!;
      const again = await fetch(`${server.baseUrl}${file.url}`, { headers: { ...auth(teacher), 'if-none-match': etag } });
      assert.equal(again.status, 304);

      // Deleted from the store: the file answers 404, not a broken stream.
      await server.app.zx.files.remove(row.stored_name);
      assert.equal((await keys('files/')).includes(`files/${row.stored_name}`), false);
      const gone = await fetch(`${server.baseUrl}${file.url}`, { headers: auth(teacher) });
      assert.equal(gone.status, 404);
      assert.match(((await gone.json()) as { msg: string }).msg, /文件不存在或已删除/);
    },
  );

  test('a knowledge document is parsed from the store and found by search', { timeout: 200_000 }, async () => {
    const dataset = await server.api<{ id: string }>('POST', '/course/ragDataset', { token: teacher, body: { name: '对象存储资料' } });
    assert.equal(dataset.status, 200, dataset.body.msg);
    const file = await uploadInChunks(server, teacher, '车床保养.docx', makeDocx(['车床每周加注导轨油，检查主轴箱油位。', '下课前清理切屑。']), 64 * 1024);
    const added = await server.api<Array<{ id: string }>>('POST', `/course/ragDataset/${dataset.body.data.id}/documents`, {
      token: teacher,
      body: { fileIds: [file.id] },
    });
    assert.equal(added.status, 200, added.body.msg);
    let status = '';
    let error: string | null = null;
    for (const deadline = Date.now() + 180_000; Date.now() < deadline && status !== 'ready' && status !== 'error';) {
      await new Promise((r) => setTimeout(r, 100));
      const doc = await server.api<{ status: string; error: string | null }>('GET', `/course/ragDataset/document/${added.body.data[0]!.id}`, {
        token: teacher,
      });
      ({ status, error } = doc.body.data);
    }
    assert.equal(status, 'ready', error ?? '');
    const hits = await server.api<Array<{ content: string }>>('POST', '/course/ragDataset/search', {
      token: teacher,
      body: { datasetIds: [dataset.body.data.id], query: '导轨油', limit: 3 },
    });
    assert.equal(hits.status, 200, hits.body.msg);
    assert.match(hits.body.data[0]!.content, /导轨油/);
    assert.deepEqual(await readdir(path.join(server.config.dataDir, 'tmp')).catch(() => []), [], 'the parser’s local copy is removed');
  });
});

describe('combining an upload', () => {
  test('chunks smaller than 5 MiB are combined into multipart parts of at least 5 MiB (all but the last)', { timeout: 120_000 }, async () => {
    const config = loadConfig({ ...s3.env(), ZX_DATA_DIR: server.config.dataDir }).storage as S3StorageConfig;
    const counting = createS3Client(config);
    const parts: number[] = [];
    counting.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'UploadPartCommand') parts.push(Number((args.input as UploadPartCommandInput & { Body: Uint8Array }).Body.length));
        return next(args);
      },
      { step: 'initialize' },
    );
    const store = createS3FileStorage(config, server.config.dataDir, counting);
    const CHUNK = 1 * MiB;
    const size = 2 * PART_BYTES + 3 * MiB + 123; // 19 chunks of 1 MiB (+ a longer last one)
    const content = fakeVideo(size);
    const totalChunks = Math.floor(size / CHUNK);
    const { Readable } = await import('node:stream');
    for (let n = 1; n <= totalChunks; n++) {
      const start = (n - 1) * CHUNK;
      const end = n === totalChunks ? size : n * CHUNK;
      await store.chunks.write('combine1', { number: n, offset: start, size: end - start }, Readable.from([content.subarray(start, end)]));
    }
    const saved = await store.chunks.combine({ id: 'combine1', totalSize: size, totalChunks });
    assert.equal(saved.size, size);
    assert.equal(saved.sha256, sha256(content));
    assert.equal(parts.length, 3);
    for (const bytes of parts.slice(0, -1)) assert.ok(bytes >= 5 * MiB, `part of ${bytes} bytes`);
    assert.equal(
      parts.reduce((a, b) => a + b, 0),
      size,
    );
    assert.ok((await store.readAll('combine1')).equals(content));
    await store.chunks.remove('combine1');
    assert.deepEqual(await store.chunks.uploads().then((list) => list.filter((u) => u.id === 'combine1')), []);
    counting.destroy();
  });
});

describe('a listing that lags a write', () => {
  test('a chunk just stored is not called lost when the listing does not show it yet', async () => {
    const { Readable } = await import('node:stream');
    const config = loadConfig({ ...s3.env(), ZX_DATA_DIR: server.config.dataDir }).storage as S3StorageConfig;
    const lagging = createS3Client(config);
    // The store lists as one that has not caught up with its last write: no objects yet.
    lagging.middlewareStack.add(
      (next, context) => async (args) => {
        const answer = await next(args);
        if (context.commandName === 'ListObjectsV2Command') (answer.output as { Contents?: unknown[] }).Contents = [];
        return answer;
      },
      { step: 'initialize' },
    );
    const store = createS3FileStorage(config, server.config.dataDir, lagging);
    const bytes = fakeVideo(64 * 1024);
    const slot = { number: 1, offset: 0, size: bytes.length };
    await store.chunks.write('lagging1', slot, Readable.from([bytes]));
    assert.equal(await store.chunks.firstMissing('lagging1', [slot]), null, 'stored, though not listed yet');
    assert.equal(await store.chunks.firstMissing('lagging1', [slot, { number: 2, offset: bytes.length, size: bytes.length }]), 2, 'one never sent is lost');
    await createS3FileStorage(config, server.config.dataDir).chunks.remove('lagging1');
    lagging.destroy();
  });
});

describe('checksums on the hash thread', () => {
  // The server's own prefix, so keys() sees what this store writes.
  const storeOf = () => {
    const config = loadConfig({ ...s3.env(), ZX_S3_PREFIX: prefix, ZX_DATA_DIR: server.config.dataDir }).storage as S3StorageConfig;
    return createS3FileStorage(config, server.config.dataDir);
  };
  const slotOf = (n: number, size: number) => ({ number: n, offset: (n - 1) * size, size });

  test('a chunk whose checksum does not match is refused and never stored; one that matches is', async () => {
    const { Readable } = await import('node:stream');
    const store = storeOf();
    const bytes = fakeVideo(256 * 1024);
    const other = Buffer.from(bytes);
    other[1000] = other[1000]! ^ 0xff;
    await assert.rejects(store.chunks.write('checked1', slotOf(1, bytes.length), Readable.from([other]), sha256(bytes)), { problem: 'checksum' });
    assert.deepEqual(await keys('uploads-partial/checked1/'), []);
    await store.chunks.write('checked1', slotOf(1, bytes.length), Readable.from([bytes]), sha256(bytes).toUpperCase());
    assert.deepEqual(await keys('uploads-partial/checked1/'), ['uploads-partial/checked1/1']);
    assert.ok((await store.chunks.head('checked1', bytes.length)).equals(bytes), 'the stored chunk is the bytes sent');
    await store.chunks.remove('checked1');
  });

  test(
    'the hash thread stops while an upload is combined: no object is left with a wrong hash, and combining again gives the right one',
    { timeout: 120_000 },
    async () => {
      const { Readable } = await import('node:stream');
      const store = storeOf();
      const CHUNK = 1 * MiB;
      const content = fakeVideo(12 * CHUNK);
      for (let n = 1; n <= 12; n++) await store.chunks.write('combine2', slotOf(n, CHUNK), Readable.from([content.subarray((n - 1) * CHUNK, n * CHUNK)]));
      const target = { id: 'combine2', totalSize: content.length, totalChunks: 12 };
      const combining = store.chunks.combine(target);
      await hashThread.stopForTest();
      await assert.rejects(combining, { name: 'HashThreadLost' });
      assert.deepEqual(await keys('files/combine2'), [], 'the object hashed in part was removed');
      const saved = await store.chunks.combine(target);
      assert.equal(saved.sha256, sha256(content));
      assert.ok((await store.readAll('combine2')).equals(content));
      await store.remove('combine2');
      await store.chunks.remove('combine2');
    },
  );
});

describe('addressing', () => {
  const requestOf = async (forcePathStyle: boolean) => {
    const config: S3StorageConfig = {
      kind: 's3',
      bucket: 'zx-school',
      endpoint: 'http://oss.example.test:9000',
      region: 'cn-hangzhou',
      forcePathStyle,
      accessKeyId: 'k',
      secretAccessKey: 's',
    };
    const c = createS3Client(config);
    let seen = { host: '', path: '' };
    c.middlewareStack.add(
      () => async (args) => {
        const req = args.request as { hostname: string; path: string };
        seen = { host: req.hostname, path: req.path };
        throw new Error('captured');
      },
      { step: 'finalizeRequest', priority: 'low' },
    );
    await assert.rejects(createS3FileStorage(config, server.config.dataDir, c).stat('abc'), /captured/);
    c.destroy();
    return seen;
  };

  test('ZX_S3_FORCE_PATH_STYLE=true puts the bucket in the path (MinIO); unset, in the host name (OSS, COS, AWS)', async () => {
    assert.deepEqual(await requestOf(true), { host: 'oss.example.test', path: '/zx-school/files/abc' });
    assert.deepEqual(await requestOf(false), { host: 'zx-school.oss.example.test', path: '/files/abc' });
    assert.equal((loadConfig({ ...s3.env(), ZX_S3_FORCE_PATH_STYLE: 'true' }).storage as S3StorageConfig).forcePathStyle, true);
    assert.equal((loadConfig({ ...s3.env(), ZX_S3_FORCE_PATH_STYLE: '' }).storage as S3StorageConfig).forcePathStyle, false);
  });
});

describe('a store that is down', () => {
  test('downloads and uploads answer 503 "文件存储暂时无法访问"; health says storage down; all is well once it is back', { timeout: 120_000 }, async () => {
    const content = fakeVideo(64 * 1024 * 2);
    const file = await uploadInChunks(server, teacher, 'before.mp4', content, 64 * 1024);
    await s3.stop();
    try {
      const health = await server.api<{ status: string; storage: string; files: string; storageReason: string }>('GET', '/health');
      assert.equal(health.status, 200, 'still in the balancer: chat and the rest work without files');
      assert.equal(health.body.data.status, 'degraded');
      assert.equal(health.body.data.storage, 'down');
      assert.equal(health.body.data.files, 's3');
      assert.match(health.body.data.storageReason, /ECONNREFUSED|connect/i);

      const download = await fetch(`${server.baseUrl}${file.url}`, { headers: auth(teacher) });
      assert.equal(download.status, 503);
      assert.match(((await download.json()) as { msg: string }).msg, /文件存储暂时无法访问，请稍后再试/);

      const other = fakeVideo(64 * 1024);
      const upload = await postChunk(server, teacher, fieldsFor(other, 'during.mp4', 64 * 1024, 1), other);
      assert.equal(upload.status, 503);
      assert.match(upload.body.msg, /文件存储暂时无法访问/);
      assert.doesNotMatch(server.logs(), /S3RVER"?[,}]|secretAccessKey/, 'no key in the log');
    } finally {
      await s3.restart();
    }
    const health = await server.api<{ status: string; storage: string }>('GET', '/health');
    assert.equal(health.body.data.status, 'ok');
    assert.equal(health.body.data.storage, 'ok');
    const download = await fetch(`${server.baseUrl}${file.url}`, { headers: auth(teacher) });
    assert.equal(download.status, 200);
    assert.equal(sha256(new Uint8Array(await download.arrayBuffer())), sha256(content));
  });
});
