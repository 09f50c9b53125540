// Indexing by lease across instances: when a run's lease runs out while it
// is still writing (a paused or cut-off instance) and another instance takes
// the document over, the first run writes nothing more. The document ends
// ready once, with every passage stored exactly once (before, a joint
// restart stored every passage twice).
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { sql } from 'kysely';
import { uploadInChunks } from '../../support/chunked-upload.js';
import { startTestServer, type TestServer } from '../../support/server.js';

/** Plain text of about `mb` megabytes, Chinese sentences in short paragraphs. */
function bigText(mb: number): Buffer {
  const paragraph = '数控机床的坐标系采用右手直角坐标系，刀具远离工件的方向为正方向。G01 表示直线插补，进给速度由 F 指令给定。\n\n';
  return Buffer.from(paragraph.repeat(Math.ceil((mb * 1024 * 1024) / Buffer.byteLength(paragraph))));
}

describe('a document taken over by another instance', () => {
  const servers: TestServer[] = [];
  after(async () => {
    for (const s of servers.reverse()) await s.close();
  });

  test('is finished exactly once: the run that lost its lease stops writing', async () => {
    const a = await startTestServer({ env: { ZX_LOG_LEVEL: 'error' } });
    servers.push(a);
    const token = await a.login('teacher');
    const dataset = (await a.api<{ id: string }>('POST', '/course/ragDataset', { token, body: { name: '接管测试' } })).body.data;
    const file = await uploadInChunks(a, token, 'big.txt', bigText(3), 1024 * 1024);
    const added = await a.api<Array<{ id: string }>>('POST', `/course/ragDataset/${dataset.id}/documents`, { token, body: { fileIds: [file.id] } });
    assert.equal(added.status, 200, added.body.msg);
    const id = added.body.data[0]!.id;
    const db = a.data.db;
    const chunks = async () =>
      Number(
        (
          await db
            .selectFrom('knowledge_chunks')
            .select(sql<number>`count(*)`.as('n'))
            .where('document_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      );

    // Run A is writing passages…
    for (const deadline = Date.now() + 120_000; (await chunks()) < 50;) {
      assert.ok(Date.now() < deadline, 'run A never started writing');
      await new Promise((r) => setTimeout(r, 20));
    }
    // … when its lease runs out (as if its instance stalled), and instance B starts and takes the document over.
    await db.updateTable('knowledge_documents').set({ lease_until: 1 }).where('id', '=', id).execute();
    const b = await startTestServer({ env: { ZX_LOG_LEVEL: 'error' }, sameDatabaseAs: a });
    servers.push(b);

    let doc: { status: string; chunkCount: number; error: string | null } | undefined;
    for (const deadline = Date.now() + 180_000; Date.now() < deadline;) {
      doc = (await a.api<any>('GET', `/course/ragDataset/document/${id}`, { token })).body.data;
      if (doc!.status === 'ready' || doc!.status === 'error') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(doc?.status, 'ready', JSON.stringify(doc));
    // Let run A reach its next write, if it were still going.
    await new Promise((r) => setTimeout(r, 500));
    const row = await db.selectFrom('knowledge_documents').select(['attempts', 'chunk_count']).where('id', '=', id).executeTakeFirstOrThrow();
    assert.equal(Number(row.attempts), 2, 'taken over exactly once');
    const stored = await chunks();
    const distinct = Number(
      (
        await db
          .selectFrom('knowledge_chunks')
          .select(sql<number>`count(distinct position)`.as('n'))
          .where('document_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );
    assert.equal(stored, distinct, 'no passage stored twice');
    assert.equal(stored, Number(row.chunk_count), 'the count shown is the passages stored');
    assert.equal(doc?.chunkCount, stored);
  });
});
