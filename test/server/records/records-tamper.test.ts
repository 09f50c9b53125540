// The operation records against someone who can write the database but does
// not hold ZX_SECRET_KEY: an edit with the hashes recomputed, a deletion with
// the records renumbered, an anchor nobody signed, and a cut tail (the head
// row moved back too) are all seen, the last through a head kept outside
// the database (the log line written on every change, or an export).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { appenderFor } from '../../../server/modules/records/appender.js';
import { parseHead } from '../../../server/modules/records/chain-key.js';
import { recordHash } from '../../../server/modules/records/chain.js';
import { pruneRecords } from '../../../server/modules/records/prune.js';
import { verifyChain } from '../../../server/modules/records/verify.js';
import { startTestServer, type TestServer } from '../../support/server.js';

let server: TestServer;
let teacher: string;
let manager: string;

before(async () => {
  server = await startTestServer({ env: { ZX_SECRET_KEY: 'records-chain-secret-for-tests-0123456789' } });
  [teacher, manager] = await Promise.all([server.login('teacher'), server.login('manager')]);
  for (let i = 0; i < 12; i++) await server.api('PUT', '/app/user', { token: teacher, body: { nickname: `张老师${i}` } });
  await appenderFor(server.data.db).idle();
});
after(() => server?.close());

type Row = Awaited<ReturnType<typeof allRows>>[number];
const allRows = () => server.data.db.selectFrom('operation_records').selectAll().orderBy('seq').execute();

/** What a database writer can do without the key: write rows back with the hashes recomputed as sha256 (or dressed as keyed). */
async function rewrite(rows: Row[], fromIndex: number, dress: boolean): Promise<void> {
  const db = server.data.db;
  let prev = fromIndex === 0 ? rows[0]!.prev_hash : rows[fromIndex - 1]!.hash;
  for (const row of rows.slice(fromIndex)) {
    const fields = { ...row, seq: Number(row.seq), at: Number(row.at), status: Number(row.status), prev_hash: prev };
    const plain = recordHash(fields, null);
    const hash = dress ? `m1:${plain}` : plain;
    await db.updateTable('operation_records').set({ prev_hash: prev, hash }).where('seq', '=', row.seq).execute();
    prev = hash;
  }
  const last = await db.selectFrom('operation_records').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1).executeTakeFirstOrThrow();
  await db.updateTable('operation_record_head').set({ seq: last.seq, hash: last.hash }).where('id', '=', 1).execute();
}

async function restore(saved: Row[], head: { seq: number; hash: string }): Promise<void> {
  const db = server.data.db;
  await db.deleteFrom('operation_records').execute();
  await db.insertInto('operation_records').values(saved).execute();
  await db.updateTable('operation_record_head').set(head).where('id', '=', 1).execute();
  assert.equal((await verifyChain(db)).intact, true, 'restored');
}

describe('tamper-evident operation records', () => {
  it('an edited record with every later hash recomputed does not verify', async () => {
    const saved = await allRows();
    const head = { seq: Number(saved.at(-1)!.seq), hash: saved.at(-1)!.hash };
    assert.equal((await verifyChain(server.data.db)).keyed, true);
    for (const dress of [false, true]) {
      await server.data.db.updateTable('operation_records').set({ username: 'nobody' }).where('seq', '=', saved[4]!.seq).execute();
      await rewrite(await allRows(), 4, dress);
      const report = await verifyChain(server.data.db);
      assert.equal(report.intact, false);
      assert.equal(report.brokenAt, Number(saved[4]!.seq));
      await restore(saved, head);
    }
  });

  it('a deleted record with the rest renumbered and relinked does not verify', async () => {
    const saved = await allRows();
    const head = { seq: Number(saved.at(-1)!.seq), hash: saved.at(-1)!.hash };
    const db = server.data.db;
    await db.deleteFrom('operation_records').where('seq', '=', saved[3]!.seq).execute();
    for (const row of saved.slice(4))
      await db
        .updateTable('operation_records')
        .set({ seq: Number(row.seq) - 1 })
        .where('seq', '=', row.seq)
        .execute();
    await rewrite(await allRows(), 3, true);
    assert.equal((await verifyChain(db)).intact, false);
    await restore(saved, head);
  });

  it('an anchor without a signed prune record does not verify; a real prune does', async () => {
    const saved = await allRows();
    const head = { seq: Number(saved.at(-1)!.seq), hash: saved.at(-1)!.hash };
    const db = server.data.db;
    const cut = saved[5]!;
    await db.deleteFrom('operation_records').where('seq', '<=', cut.seq).execute();
    await db
      .insertInto('operation_record_anchors')
      .values({ seq: Number(cut.seq), hash: cut.hash, pruned_count: 6, pruned_at: Date.now() })
      .execute();
    const report = await verifyChain(db);
    assert.equal(report.intact, false);
    assert.equal(report.reason, 'anchor');
    await db.deleteFrom('operation_record_anchors').execute();
    await restore(saved, head);

    const result = await pruneRecords(db, Number(saved[5]!.at) + 1);
    assert.ok(result.pruned >= 6);
    assert.equal((await verifyChain(db)).intact, true);
  });

  it('a cut tail with the head row moved back shows against the head in the log and in an export', async () => {
    await server.api('PUT', '/app/user', { token: teacher, body: { nickname: '最后一次' } });
    await appenderFor(server.data.db).idle();
    const logged = [...server.logs().matchAll(/"recordsHead":"(\d+:(?:m1:)?[0-9a-f]{64})"/gu)].at(-1)?.[1];
    assert.ok(logged, 'every new head is written to the log');
    const fromLog = parseHead(logged)!;

    const exported = await fetch(`${server.baseUrl}/new-chat/course/board/records/export`, { headers: { authorization: `Bearer ${manager}` } });
    assert.equal(exported.status, 200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await exported.arrayBuffer()) as unknown as ArrayBuffer);
    const fromExport = parseHead(String(book.worksheets[1]!.getRow(2).getCell(1).value));
    assert.ok(fromExport, 'the export carries the head');

    const db = server.data.db;
    const rows = await allRows();
    const kept = rows.at(-3)!;
    await db.deleteFrom('operation_records').where('seq', '>', kept.seq).execute();
    await db.updateTable('operation_record_head').set({ seq: kept.seq, hash: kept.hash }).where('id', '=', 1).execute();
    assert.equal((await verifyChain(db)).intact, true, 'inside the database alone a clean cut looks whole');
    for (const head of [fromLog, fromExport!]) {
      const res = await server.api<{ intact: boolean; reason: string }>('GET', `/course/board/records/chain?head=${head.seq}:${head.hash}`, { token: manager });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.intact, false);
      assert.equal(res.body.data.reason, 'missing');
    }
  });
});
