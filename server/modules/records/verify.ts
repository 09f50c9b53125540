// Checks the chain from the first kept record to the head: consecutive
// numbers, each record's prev_hash equal to the record before (or to the
// last prune's anchor), each hash recomputed from the fields, and the head
// equal to the last record (so a cut tail shows too). Reads in pages, so a
// year of records never sits in memory at once.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { GENESIS_HASH, recordHash } from './chain.js';

export interface ChainReport {
  intact: boolean;
  /** Records checked. */
  checked: number;
  /** First record (seq) where the chain breaks, and why; null when intact. */
  brokenAt: number | null;
  reason: string | null;
  checkedAt: number;
}

const PAGE = 2000;

export async function verifyChain(db: Kysely<Database>, now: number = Date.now()): Promise<ChainReport> {
  const broken = (checked: number, seq: number, reason: string): ChainReport => ({ intact: false, checked, brokenAt: seq, reason, checkedAt: now });
  const anchor = await db.selectFrom('operation_record_anchors').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  let expectedSeq = anchor ? Number(anchor.seq) + 1 : 1;
  let expectedPrev = anchor ? anchor.hash : GENESIS_HASH;
  let checked = 0;
  for (;;) {
    const rows = await db.selectFrom('operation_records').selectAll().where('seq', '>=', expectedSeq).orderBy('seq').limit(PAGE).execute();
    for (const row of rows) {
      const seq = Number(row.seq);
      if (seq !== expectedSeq) return broken(checked, expectedSeq, seq > expectedSeq ? 'missing' : 'order');
      if (row.prev_hash !== expectedPrev) return broken(checked, seq, 'link');
      const normalized = { ...row, seq, at: Number(row.at), status: Number(row.status) };
      if (recordHash(normalized) !== row.hash) return broken(checked, seq, 'hash');
      expectedPrev = row.hash;
      expectedSeq = seq + 1;
      checked += 1;
    }
    if (rows.length < PAGE) break;
    // Lets other requests in between pages on a big table.
    await new Promise((resolve) => setImmediate(resolve));
  }
  // Rows before the anchor (or before seq 1) must not exist: they would be outside the chain.
  const stray = await db
    .selectFrom('operation_records')
    .select('seq')
    .where('seq', '<', anchor ? Number(anchor.seq) + 1 : 1)
    .limit(1)
    .executeTakeFirst();
  if (stray) return broken(checked, Number(stray.seq), 'order');
  const head = await db.selectFrom('operation_record_head').select(['seq', 'hash']).where('id', '=', 1).executeTakeFirst();
  if (!head || Number(head.seq) !== expectedSeq - 1 || head.hash !== expectedPrev) return broken(checked, expectedSeq, 'missing');
  return { intact: true, checked, brokenAt: null, reason: null, checkedAt: now };
}
