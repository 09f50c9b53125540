// Retention: records older than the cutoff are removed in one transaction
// that holds the append lock, leaves an anchor (the last removed record's
// number and hash) so the chain still verifies from the first kept record,
// and appends a 'prune' record saying what went, in the same transaction:
// the prune record names the anchor (number and hash) and is itself on the
// keyed chain, so an anchor nobody signed (a DBA's way to hide deleted
// records) fails verification.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { appendInTransaction } from './appender.js';
import { chainOptionsOf } from './chain-key.js';

export interface PruneResult {
  pruned: number;
  /** The last removed record, now the anchor; null when nothing was old enough. */
  anchorSeq: number | null;
}

export async function pruneRecords(db: Kysely<Database>, cutoff: number, now: number = Date.now()): Promise<PruneResult> {
  const { key, onHead } = chainOptionsOf(db);
  const result = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('operation_record_head')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', 1)
      .execute();
    const last = await trx.selectFrom('operation_records').select(['seq', 'hash']).where('at', '<', cutoff).orderBy('seq', 'desc').limit(1).executeTakeFirst();
    if (!last) return { pruned: 0, anchorSeq: null, head: null };
    const seq = Number(last.seq);
    const removed = await trx.deleteFrom('operation_records').where('seq', '<=', seq).executeTakeFirst();
    const pruned = Number(removed.numDeletedRows);
    await trx.insertInto('operation_record_anchors').values({ seq, hash: last.hash, pruned_count: pruned, pruned_at: now }).execute();
    const head = await appendInTransaction(trx, key, [
      {
        at: now,
        user_id: null,
        username: 'system',
        client_type: null,
        action: 'prune',
        object_type: 'operation_records',
        object_id: String(seq),
        object_name: last.hash,
        summary: `removed ${pruned} records up to #${seq} (older than ${new Date(cutoff).toISOString().slice(0, 10)})`,
        ip: '',
        user_agent: '',
        result: 'success',
        status: 0,
        method: '',
        route: '',
      },
    ]);
    return { pruned, anchorSeq: seq, head };
  });
  if (result.head) onHead?.(result.head);
  return { pruned: result.pruned, anchorSeq: result.anchorSeq };
}
