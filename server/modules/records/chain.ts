// The hash chain: each record's hash covers the previous record's hash and
// every field of its own, so changing, removing or reordering any record is
// detected by verify. With the chain key (chain-key.ts) the hash is an
// HMAC, marked `m1:`, which only the holder of ZX_SECRET_KEY can compute;
// without it, a plain sha256.
import { createHash, createHmac } from 'node:crypto';
import type { OperationRecordsTable } from '../../db/tables/records.js';

export { GENESIS_HASH } from '../../db/migrations/0022_operation_records.js';

/** A record's fields as stored, without its own hash. */
export type ChainedFields = Omit<OperationRecordsTable, 'hash'>;

const KEYED = 'm1:';

export function isKeyedHash(hash: string): boolean {
  return hash.startsWith(KEYED);
}

export function recordHash(row: ChainedFields, key: Buffer | null): string {
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
  const digest = key ? createHmac('sha256', key) : createHash('sha256');
  const hex = digest.update(row.prev_hash).update('\n').update(JSON.stringify(fields)).digest('hex');
  return key ? KEYED + hex : hex;
}
