// Tables of the operation records: an append-only, hash-chained
// log of sign-ins, writes and admin actions. Composed into `Database` in ../schema.ts.

export type RecordResult = 'success' | 'failure';

export interface OperationRecordsTable {
  /** 1, 2, 3, … with no gaps: the chain order. */
  seq: number;
  at: number;
  user_id: string | null;
  /** Who acted as typed or signed in ('' for an anonymous visitor). */
  username: string;
  client_type: string | null;
  /** login, logout, create, update, delete, publish, share, permission, import, export, settings, password, prune, … */
  action: string;
  object_type: string;
  object_id: string | null;
  object_name: string | null;
  /** What changed, already redacted (records/summary.ts): never a password, token, key or chat text. */
  summary: string;
  ip: string;
  user_agent: string;
  result: RecordResult;
  /** HTTP status of the call (0 when written outside a request). */
  status: number;
  method: string;
  /** The route pattern (`/new-chat/course/courses/:id`), not the concrete URL. */
  route: string;
  /** Hash of the record before this one (GENESIS_HASH for seq 1, or the anchor after a prune). */
  prev_hash: string;
  /** sha256(prev_hash + this record's fields), see records/chain.ts. */
  hash: string;
}

/** One row (id 1): the last appended record. Appenders lock it, so appends are serialized on SQLite and PostgreSQL. */
export interface OperationRecordHeadTable {
  id: number;
  seq: number;
  hash: string;
  updated_at: number;
}

/** One row per prune: the last record removed, so the chain still verifies from the first kept record. */
export interface OperationRecordAnchorsTable {
  seq: number;
  hash: string;
  pruned_count: number;
  pruned_at: number;
}

export interface RecordTables {
  operation_records: OperationRecordsTable;
  operation_record_head: OperationRecordHeadTable;
  operation_record_anchors: OperationRecordAnchorsTable;
}
