// Checks the chain from the first kept record to the head: consecutive
// numbers, each record's prev_hash equal to the record before (or to the
// last prune's anchor), each hash recomputed from the fields (an HMAC under
// the chain key, chain-key.ts), the anchor attested by a signed prune record
// after it, the head row equal to the last record, and, when a head kept
// outside the database is given (from the log or an earlier export), that
// head still on the chain (so a cut tail shows). Reads in pages, so a year
// of records never sits in memory at once.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { GENESIS_HASH, isKeyedHash, recordHash } from './chain.js';
import { chainOptionsOf, type ChainHead } from './chain-key.js';

export type BreakReason = 'missing' | 'order' | 'link' | 'hash' | 'anchor' | 'key' | 'head';

export interface ChainReport {
  intact: boolean;
  /** Records checked. */
  checked: number;
  /** First record (seq) where the chain breaks, and why; null when intact. */
  brokenAt: number | null;
  reason: BreakReason | null;
  checkedAt: number;
  /** The hashes are keyed with ZX_SECRET_KEY (a database writer cannot recompute them). */
  keyed: boolean;
  /** The last record, to keep outside the database and compare next time. */
  head: ChainHead | null;
}

const PAGE = 2000;

export async function verifyChain(db: Kysely<Database>, now: number = Date.now(), expectedHead?: ChainHead): Promise<ChainReport> {
  const { key } = chainOptionsOf(db);
  const broken = (checked: number, seq: number, reason: BreakReason): ChainReport => ({
    intact: false,
    checked,
    brokenAt: seq,
    reason,
    checkedAt: now,
    keyed: key !== null,
    head: null,
  });
  const anchor = await db.selectFrom('operation_record_anchors').select(['seq', 'hash']).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  let expectedSeq = anchor ? Number(anchor.seq) + 1 : 1;
  let expectedPrev = anchor ? anchor.hash : GENESIS_HASH;
  let anchorAttested = !anchor;
  let keyedSeen = false;
  let seenExpected = false;
  let checked = 0;
  for (;;) {
    const rows = await db.selectFrom('operation_records').selectAll().where('seq', '>=', expectedSeq).orderBy('seq').limit(PAGE).execute();
    for (const row of rows) {
      const seq = Number(row.seq);
      if (seq !== expectedSeq) return broken(checked, expectedSeq, seq > expectedSeq ? 'missing' : 'order');
      if (row.prev_hash !== expectedPrev) return broken(checked, seq, 'link');
      const keyedRow = isKeyedHash(row.hash);
      // Unkeyed records are those written before the key was set: none may follow a keyed one.
      if ((keyedRow && !key) || (!keyedRow && key && keyedSeen)) return broken(checked, seq, 'key');
      keyedSeen ||= keyedRow;
      const normalized = { ...row, seq, at: Number(row.at), status: Number(row.status) };
      if (recordHash(normalized, keyedRow ? key : null) !== row.hash) return broken(checked, seq, 'hash');
      if (anchor && row.action === 'prune' && row.object_type === 'operation_records' && row.object_id === String(anchor.seq)) {
        // A prune record written before keying named no hash; with a key every anchor is attested by a keyed record.
        anchorAttested ||= row.object_name === anchor.hash || (!keyedRow && !key && row.object_name === null);
      }
      if (expectedHead && seq === expectedHead.seq) {
        if (row.hash !== expectedHead.hash) return broken(checked, seq, 'head');
        seenExpected = true;
      }
      expectedPrev = row.hash;
      expectedSeq = seq + 1;
      checked += 1;
    }
    if (rows.length < PAGE) break;
    // Lets other requests in between pages on a big table.
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (!anchorAttested) return broken(checked, Number(anchor!.seq), 'anchor');
  // Rows before the anchor (or before seq 1) must not exist: they would be outside the chain.
  const stray = await db
    .selectFrom('operation_records')
    .select('seq')
    .where('seq', '<', anchor ? Number(anchor.seq) + 1 : 1)
    .limit(1)
    .executeTakeFirst();
  if (stray) return broken(checked, Number(stray.seq), 'order');
  // A head seen outside the database that is no longer on the chain: the tail was cut (or the chain rewritten).
  if (expectedHead && !seenExpected && expectedHead.seq >= (anchor ? Number(anchor.seq) + 1 : 1)) return broken(checked, expectedHead.seq, 'missing');
  const head = await db.selectFrom('operation_record_head').select(['seq', 'hash']).where('id', '=', 1).executeTakeFirst();
  if (!head || Number(head.seq) !== expectedSeq - 1 || head.hash !== expectedPrev) return broken(checked, expectedSeq, 'missing');
  return { intact: true, checked, brokenAt: null, reason: null, checkedAt: now, keyed: key !== null, head: { seq: expectedSeq - 1, hash: expectedPrev } };
}
