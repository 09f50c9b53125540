// On SQLite the parse worker's own thread writes a document's passages while
// the worker reads the rest of it, so segmenting and writing overlap the
// reading instead of following it (bench/index-throughput.ts). Every passage
// is written by the time the main thread hears the document was read, even
// while the main thread holds its answer; before, nothing was written until
// it answered. A document deleted or taken over while it is read is not
// read to its end. A scan, found to have no text only once every page was
// read, is refused as before. A small file is segmented and written on the
// parse worker's own thread instead, with the same outcome.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { DocumentGone, parseInWorker, IndexFailure } from '../../../server/modules/knowledge/parse-in-worker.js';
import { readIndexLimits } from '../../../server/modules/knowledge/index-limits.js';
import { findFile } from '../../../server/modules/uploads/index.js';
import { makePdf } from '../../support/documents.js';
import { startTestServer, type TestServer } from '../../support/server.js';

const sqliteOnly = process.env.ZX_TEST_DB === 'postgres' && 'SQLite only: on PostgreSQL the main thread writes the passages';

describe('indexing writes passages while the document is still being read', { skip: sqliteOnly }, () => {
  let server: TestServer;
  let token = '';
  let datasetId = '';
  before(async () => {
    server = await startTestServer({ env: { ZX_LOG_LEVEL: 'error' } });
    token = await server.login('teacher');
    datasetId = (await server.api<{ id: string }>('POST', '/course/ragDataset', { token, body: { name: '边读边写' } })).body.data.id;
  });
  after(() => server.close());

  const passagesOf = async (documentId: string) =>
    Number(
      (
        await server.data.db
          .selectFrom('knowledge_chunks')
          .select(sql<number>`count(*)`.as('n'))
          .where('document_id', '=', documentId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** Adds a file to the dataset, waits until the server indexed it, then puts it back in progress for a run of our own. */
  async function documentInProgress(name: string, bytes: Buffer, ownThread = true) {
    const fileId = await server.uploadFile(token, name, bytes);
    const id = (await server.api<Array<{ id: string }>>('POST', `/course/ragDataset/${datasetId}/documents`, { token, body: { fileIds: [fileId] } })).body
      .data[0]!.id;
    for (let status = ''; status !== 'ready' && status !== 'error';) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await server.api<{ status: string }>('GET', `/course/ragDataset/document/${id}`, { token })).body.data.status;
    }
    await server.data.db.deleteFrom('knowledge_chunks').where('document_id', '=', id).execute();
    await server.data.db.updateTable('knowledge_documents').set({ status: 'indexing' }).where('id', '=', id).execute();
    const doc = await server.data.db.selectFrom('knowledge_documents').select(['attempts', 'mime']).where('id', '=', id).executeTakeFirstOrThrow();
    const file = (await findFile(server.data.db, fileId))!;
    const copy = await server.app.zx.files.localCopy(file.storedName);
    const job = {
      path: copy.path,
      mime: doc.mime,
      maxInputBytes: 50 * 1024 * 1024,
      maxUnzippedBytes: 50 * 1024 * 1024,
      batchSize: 20,
      writer: { sqliteFile: (server.config.database as { file: string }).file, datasetId, documentId: id, attempt: doc.attempts, ownThread },
    };
    return { id, job, release: () => copy.release() };
  }

  for (const [ownThread, how] of [
    [true, 'written on a thread of its own'],
    [false, "written on the parse worker's thread, as a small file is"],
  ] as const) {
    test(`every passage is stored before the main thread answers "read" (${how})`, async () => {
      const pages = Array.from({ length: 30 }, (_, p) =>
        Array.from({ length: 24 }, (_, line) => `${p + 1}-${line + 1} 数控机床的坐标系采用右手直角坐标系，刀具远离工件的方向为正方向。`),
      );
      const { id, job, release } = await documentInProgress('坐标系.pdf', makePdf(pages), ownThread);
      let storedWhenRead = -1;
      let announced = 0;
      let wrote = 0;
      try {
        await parseInWorker(job, readIndexLimits({}), {
          async parsed(info) {
            announced = info.passageCount;
            // The main thread holds its answer: the writer does not wait for it.
            for (const deadline = Date.now() + 60_000; (await passagesOf(id)) < info.passageCount && Date.now() < deadline;)
              await new Promise((r) => setTimeout(r, 20));
            storedWhenRead = await passagesOf(id);
          },
          batch: async () => assert.fail('writer mode hands over no batches'),
          wrote: (count) => void (wrote += count),
        });
      } finally {
        await release();
      }
      assert.ok(announced > 40, `a document of ${announced} passages, more than two batches`);
      assert.equal(storedWhenRead, announced, 'all stored while the main thread held its answer');
      assert.equal(wrote, announced, 'the main thread heard of each passage written');
      assert.equal(await passagesOf(id), announced, 'none stored twice');
    });

    test(`a document taken over by another run is not read to its end (${how})`, async () => {
      const pages = Array.from({ length: 30 }, (_, p) =>
        Array.from({ length: 24 }, (_, line) => `${p + 1}-${line + 1} 液压系统由动力元件、执行元件、控制元件和辅助元件组成。`),
      );
      const { id, job, release } = await documentInProgress('液压.pdf', makePdf(pages), ownThread);
      let read = false;
      try {
        // Another run holds the next attempt; batches of 2 make more than the writer's queue holds, so the reader hears of it.
        const theirs = { ...job, batchSize: 2, writer: { ...job.writer, attempt: job.writer.attempt + 1 } };
        await assert.rejects(
          parseInWorker(theirs, readIndexLimits({}), { parsed: async () => void (read = true), batch: async () => {} }),
          (error: unknown) => error instanceof DocumentGone,
        );
      } finally {
        await release();
      }
      assert.equal(read, false, 'the worker stopped before the last page');
      assert.equal(await passagesOf(id), 0, 'nothing written for a run that does not hold the document');
    });
  }

  test('a PDF without a text layer, read page by page, is refused as a scan and stores nothing', async () => {
    const { id, job, release } = await documentInProgress('空白.pdf', makePdf([[' '], [' ']]));
    try {
      await assert.rejects(
        parseInWorker(job, readIndexLimits({}), { parsed: async () => assert.fail('not read'), batch: async () => {} }),
        (error: unknown) => error instanceof IndexFailure && /扫描件|没有可用的文字/u.test(error.message),
      );
    } finally {
      await release();
    }
    assert.equal(await passagesOf(id), 0);
  });
});
