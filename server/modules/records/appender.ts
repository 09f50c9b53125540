// Appends records to the chain, one writer at a time. Records queued while a
// write is under way go together in the next transaction (one lock, one
// commit for many calls), so recording adds little to busy write traffic.
// The transaction first updates the head row: on SQLite that takes the write
// lock, on PostgreSQL it locks the row, so appenders in other processes or
// instances wait their turn and the chain never forks.
import type { Kysely, Transaction } from 'kysely';
import { precompiled, precompiledInsert } from '../../db/precompiled.js';
import type { Database } from '../../db/schema.js';
import type { OperationRecordsTable } from '../../db/tables/records.js';
import { recordHash, type ChainedFields } from './chain.js';
import { chainOptionsOf, type ChainHead } from './chain-key.js';

/** A record before it takes its place in the chain. */
export type NewRecord = Omit<OperationRecordsTable, 'seq' | 'prev_hash' | 'hash'>;

interface Pending {
  record: NewRecord;
  resolve(): void;
  reject(error: unknown): void;
}

/** How many records one transaction takes at most (keeps statements small). */
const BATCH_LIMIT = 200;

export class RecordAppender {
  private queue: Pending[] = [];
  private running: Promise<void> | null = null;

  constructor(private readonly db: Kysely<Database>) {}

  append(...records: NewRecord[]): Promise<void> {
    if (records.length === 0) return Promise.resolve();
    const done = records.map((record) => new Promise<void>((resolve, reject) => this.queue.push({ record, resolve, reject })));
    this.running ??= this.drain();
    return Promise.all(done).then(() => undefined);
  }

  /** Resolves once everything queued so far is written (or failed). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, BATCH_LIMIT);
        try {
          await appendBatch(
            this.db,
            batch.map((p) => p.record),
          );
          for (const p of batch) p.resolve();
        } catch (error) {
          for (const p of batch) p.reject(error);
        }
      }
    } finally {
      this.running = null;
    }
  }
}

/** Writes records after the current head inside one transaction; returns the new head (also told to the log). */
export async function appendBatch(db: Kysely<Database>, records: NewRecord[]): Promise<ChainHead> {
  const head = await db.transaction().execute((trx) => appendInTransaction(trx, chainOptionsOf(db).key, records));
  chainOptionsOf(db).onHead?.(head);
  return head;
}

/**
 * Takes the append lock and reads the head in one statement: the write comes
 * first, so the lock is held before the head is read. The statements of an
 * append are built once (server/db/precompiled.ts): recording is on every write call.
 */
const lockHead = precompiled((db) =>
  db
    .updateTable('operation_record_head')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', 1)
    .returning(['seq', 'hash']),
);
const insertRecords = precompiledInsert('operation_records');
const moveHead = precompiled((db, slot) =>
  db
    .updateTable('operation_record_head')
    .set({ seq: slot<number>(0), hash: slot<string>(1), updated_at: slot<number>(2) })
    .where('id', '=', 1),
);

/** Takes the append lock (if not held already) and writes `records` after the head, within `trx`. */
export async function appendInTransaction(trx: Transaction<Database>, key: Buffer | null, records: NewRecord[]): Promise<ChainHead> {
  const [head] = await lockHead(trx);
  if (!head) throw new Error('operation_record_head has no row');
  let seq = Number(head.seq);
  let hash = head.hash;
  const rows: OperationRecordsTable[] = [];
  for (const record of records) {
    const fields: ChainedFields = { ...record, seq: seq + 1, prev_hash: hash };
    seq = fields.seq;
    hash = recordHash(fields, key);
    rows.push({ ...fields, hash });
  }
  // SQLite allows 32766 bound values per statement; 19 columns × 200 rows stays far below.
  await insertRecords(trx, rows);
  await moveHead(trx, seq, hash, Date.now());
  return { seq, hash };
}

const appenders = new WeakMap<Kysely<Database>, RecordAppender>();

/** The one appender of a database handle (shared by the HTTP hook and direct calls). */
export function appenderFor(db: Kysely<Database>): RecordAppender {
  let appender = appenders.get(db);
  if (!appender) {
    appender = new RecordAppender(db);
    appenders.set(db, appender);
  }
  return appender;
}
