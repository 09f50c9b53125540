// The hash chain: each record's hash covers the previous record's hash and
// every field of its own, so changing, removing or reordering any record
// (or cutting the tail, checked against the head row) is detected by verify.
import { createHash } from 'node:crypto';
import type { OperationRecordsTable } from '../../db/tables/records.js';

export { GENESIS_HASH } from '../../db/migrations/0022_operation_records.js';

/** A record's fields as stored, without its own hash. */
export type ChainedFields = Omit<OperationRecordsTable, 'hash'>;

export function recordHash(row: ChainedFields): string {
  // A JSON array keeps field boundaries unambiguous ("ab"+"c" ≠ "a"+"bc").
  const fields = [
    row.seq,
    row.at,
    row.user_id,
    row.username,
    row.client_type,
    row.action,
    row.object_type,
    row.object_id,
    row.object_name,
    row.summary,
    row.ip,
    row.user_agent,
    row.result,
    row.status,
    row.method,
    row.route,
  ];
  return createHash('sha256').update(row.prev_hash).update('\n').update(JSON.stringify(fields)).digest('hex');
}
