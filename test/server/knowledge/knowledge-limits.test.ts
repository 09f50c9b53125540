// Parsing and indexing run in a worker under limits: a zip bomb, a file
// over the size limit, a document that takes too long or too much memory
// each end `error` with a reason the teacher can act on, while the server
// keeps answering; a document whose runs keep dying with the server is
// failed after ZX_INDEX_MAX_ATTEMPTS starts, not resumed at every start.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildApp } from '../../../server/app.js';
import { uploadInChunks } from '../../support/chunked-upload.js';
import { makeDocx, makePptx } from '../../support/documents.js';
import { startTestServer } from '../../support/server.js';

interface Doc {
  id: string;
  status: string;
  error: string | null;
  chunkCount: number;
}

/** A server with its own limits, a teacher and a dataset. */
async function library(env: Record<string, string> = {}) {
  const server = await startTestServer({ env: { ZX_LOG_LEVEL: 'error', ...env } });
  const token = await server.login('teacher');
  const dataset = (await server.api<{ id: string }>('POST', '/course/ragDataset', { token, body: { name: '限制测试' } })).body.data;
  async function add(name: string, content: Buffer): Promise<string> {
    const file = await uploadInChunks(server, token, name, content, 1024 * 1024);
    const res = await server.api<Doc[]>('POST', `/course/ragDataset/${dataset.id}/documents`, { token, body: { fileIds: [file.id] } });
    assert.equal(res.status, 200, res.body.msg);
    return res.body.data[0]!.id;
  }
  /** Polls until the document is done; every poll meanwhile must be answered (the parsing never blocks the server). */
  async function settle(id: string): Promise<{ doc: Doc }> {
    for (const deadline = Date.now() + 180_000; Date.now() < deadline;) {
      // generous: a busy 2-core machine
      const res = await server.api<Doc>('GET', `/course/ragDataset/document/${id}`, { token });
      assert.equal(res.status, 200, res.body.msg);
      if (res.body.data.status === 'ready' || res.body.data.status === 'error') return { doc: res.body.data };
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`document ${id} never finished`);
  }
  return { server, token, add, settle };
}

/** Plain text of about `mb` megabytes, Chinese sentences in short paragraphs. */
function bigText(mb: number): Buffer {
  const paragraph = '数控机床的坐标系采用右手直角坐标系，刀具远离工件的方向为正方向。G01 表示直线插补，进给速度由 F 指令给定。\n\n';
  return Buffer.from(paragraph.repeat(Math.ceil((mb * 1024 * 1024) / Buffer.byteLength(paragraph))));
}

/** A Word file of ~130 KB whose XML unpacks to ~40 MB. */
function docxBomb(): Buffer {
  return makeDocx(Array.from({ length: 400_000 }, () => '液压系统由动力元件、执行元件组成。'));
}

/** The same, with the XML's declared size in its zip header lowered to 1 KB: only counting while inflating catches it. */
function lyingDocxBomb(): Buffer {
  const zip = docxBomb();
  const name = zip.indexOf('word/document.xml');
  const header = name - 30;
  assert.equal(zip.readUInt32LE(header), 0x04034b50, 'local file header');
  zip.writeUInt32LE(1024, header + 22);
  return zip;
}

describe('limits on parsing', () => {
  let lib: Awaited<ReturnType<typeof library>>;
  before(async () => {
    lib = await library();
  });
  after(() => lib.server.close());

  test('a DOCX zip bomb ends failed, saying it unpacks too large, and the server keeps answering meanwhile', async () => {
    const bomb = docxBomb();
    assert.ok(bomb.length < 1024 * 1024, `the bomb is small (${bomb.length} bytes)`);
    // Every poll while it unpacks is answered (settle); how fast is a figure for bench/indexing-latency.ts, not a test.
    const { doc } = await lib.settle(await lib.add('炸弹.docx', bomb));
    assert.equal(doc.status, 'error');
    assert.match(doc.error ?? '', /文件解压后过大/);
    assert.equal(doc.chunkCount, 0);
  });

  test('a bomb whose zip header lies about the size is caught while inflating', async () => {
    const { doc } = await lib.settle(await lib.add('lying-bomb.docx', lyingDocxBomb()));
    assert.equal(doc.status, 'error');
    assert.match(doc.error ?? '', /文件解压后过大/);
  });

  test('a PPTX whose slide unpacks too large ends failed the same way', async () => {
    const pptx = makePptx([Array.from({ length: 400_000 }, () => 'PLC 梯形图由触点、线圈和功能块构成。')]);
    const { doc } = await lib.settle(await lib.add('炸弹.pptx', pptx));
    assert.equal(doc.status, 'error');
    assert.match(doc.error ?? '', /文件解压后过大/);
  });

  test('a document whose runs died with the server too often is failed, not resumed at start; one with tries left is resumed', async () => {
    const exhausted = await lib.add('反复中断.txt', Buffer.from('数控机床的坐标系采用右手直角坐标系。\n'));
    const retried = await lib.add('中断一次.txt', Buffer.from('钳工实训安全规范：严禁戴手套操作钻床。\n'));
    assert.equal((await lib.settle(exhausted)).doc.status, 'ready');
    assert.equal((await lib.settle(retried)).doc.status, 'ready');
    // As a run that died left them: in progress, lease run out, attempts counted.
    const db = lib.server.data.db;
    await db
      .updateTable('knowledge_documents')
      .set({ status: 'parsing', attempts: 3, lease_until: Date.now() - 1000 })
      .where('id', '=', exhausted)
      .execute();
    await db.updateTable('knowledge_documents').set({ status: 'indexing', attempts: 1, lease_until: null }).where('id', '=', retried).execute();

    // A server starting on the same data.
    const restarted = buildApp({ config: lib.server.config, data: lib.server.data, logger: false });
    await restarted.ready();
    try {
      const failed = (await lib.settle(exhausted)).doc;
      assert.equal(failed.status, 'error');
      assert.match(failed.error ?? '', /解析了 3 次都因服务器中断而未完成/);
      assert.equal(failed.chunkCount, 0);
      assert.equal((await lib.settle(retried)).doc.status, 'ready');
    } finally {
      await restarted.close();
    }
    // Parsing again on request starts the count over.
    const again = await lib.server.api<Doc>('POST', `/course/ragDataset/document/${exhausted}/reindex`, { token: lib.token });
    assert.equal(again.status, 200, again.body.msg);
    assert.equal((await lib.settle(exhausted)).doc.status, 'ready');
  });
});

describe('size, time and memory limits', () => {
  test('a text over ZX_INDEX_MAX_MB ends failed, naming the limit', async () => {
    const lib = await library({ ZX_INDEX_MAX_MB: '1' });
    try {
      const { doc } = await lib.settle(await lib.add('太大.txt', bigText(2)));
      assert.equal(doc.status, 'error');
      assert.match(doc.error ?? '', /文件过大（2 MB），知识库单个文件最多解析 1 MB/);
    } finally {
      await lib.server.close();
    }
  });

  test('a document that takes longer than ZX_INDEX_TIMEOUT_SECONDS ends failed with a timeout', async () => {
    const lib = await library({ ZX_INDEX_TIMEOUT_SECONDS: '1' });
    try {
      // Big enough that even a fast, idle machine needs well over a second of
      // parsing (9 MB finished in under one on a quiet CI machine).
      const { doc } = await lib.settle(await lib.add('太慢.txt', bigText(48)));
      assert.equal(doc.status, 'error');
      assert.match(doc.error ?? '', /解析超时（超过 1 秒仍未完成）/);
      assert.equal(doc.chunkCount, 0);
    } finally {
      await lib.server.close();
    }
  });

  test('a document that needs more memory than ZX_INDEX_MEMORY_MB ends failed, and the server lives on', async () => {
    const lib = await library({ ZX_INDEX_MEMORY_MB: '64' });
    try {
      const { doc } = await lib.settle(await lib.add('太占内存.txt', bigText(40)));
      assert.equal(doc.status, 'error');
      assert.match(doc.error ?? '', /解析时内存超出限制（64 MB）/);
      assert.equal((await lib.server.api('GET', '/health')).status, 200);
    } finally {
      await lib.server.close();
    }
  });
});
