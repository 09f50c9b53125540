// Small write transactions that many requests make at the same moment (a
// question's rows, an answer's final save) share one transaction on SQLite.
//
// Why: SQLite has one connection here, so those transactions queue anyway,
// and each one pays its own BEGIN IMMEDIATE and COMMIT; the commit writes
// every page the transaction touched to the WAL file again (measured: about
// 115 µs of a question's 630 µs in SQLite went to begin and commit).
// Written together, the pages they share are written once.
//
// How: a write joins a queue; the queue is written on the next turn of the
// event loop (so whatever the current turn sends, such as provider requests,
// leaves first), up to MAX_BATCH at a time, one batch after the other. Each
// write runs against the shared transaction in the order it came. If the
// batch fails (one write threw, or the commit did), nothing of it was kept,
// and every write of it runs again in its own transaction: one bad write
// fails alone, with its own error, as it would have without grouping.
// So a write must touch nothing but the transaction it is given, and may
// run twice when a neighbour fails (its first run was rolled back).
//
// PostgreSQL runs transactions side by side over its pool and groups its own
// WAL flushes; there every write is its own transaction, as before.
import type { Kysely } from 'kysely';
import type { ServerContext } from '../context.js';
import type { Database } from './schema.js';

type Db = Kysely<Database>;
export type GroupedWrite<T> = (trx: Db) => Promise<T>;

/** At most this many writes in one transaction, so the write lock is never held long. */
const MAX_BATCH = 64;

interface Queued {
  write: GroupedWrite<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export interface GroupCommit {
  /** Runs `write` in a transaction shared with the writes queued beside it; resolves once it is committed. */
  run<T>(write: GroupedWrite<T>): Promise<T>;
}

export function createGroupCommit(db: Db, options: { maxBatch?: number } = {}): GroupCommit {
  const maxBatch = options.maxBatch ?? MAX_BATCH;
  const queue: Queued[] = [];
  let writing = false;

  async function alone(item: Queued): Promise<void> {
    try {
      item.resolve(await db.transaction().execute(item.write));
    } catch (error) {
      item.reject(error);
    }
  }

  async function together(batch: Queued[]): Promise<void> {
    if (batch.length === 1) return alone(batch[0]!);
    let results: unknown[];
    try {
      results = await db.transaction().execute(async (trx) => {
        const out: unknown[] = [];
        for (const item of batch) out.push(await item.write(trx));
        return out;
      });
    } catch {
      for (const item of batch) await alone(item);
      return;
    }
    batch.forEach((item, i) => item.resolve(results[i]));
  }

  async function drain(): Promise<void> {
    try {
      while (queue.length > 0) await together(queue.splice(0, maxBatch));
    } finally {
      writing = false;
    }
  }

  return {
    run<T>(write: GroupedWrite<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
        if (writing) return;
        writing = true;
        setImmediate(() => void drain());
      });
    },
  };
}

/** Each write its own transaction (PostgreSQL; and a write that needs no neighbours). */
export function ownTransactions(db: Db): GroupCommit {
  return { run: (write) => db.transaction().execute(write) };
}

const writers = new WeakMap<Db, GroupCommit>();

/** The server's shared writer for `ctx.db`: grouped on SQLite, one transaction each on PostgreSQL. */
export function groupCommit(ctx: Pick<ServerContext, 'db' | 'config'>): GroupCommit {
  let writer = writers.get(ctx.db);
  if (!writer) {
    writer = ctx.config.database.kind === 'sqlite' ? createGroupCommit(ctx.db) : ownTransactions(ctx.db);
    writers.set(ctx.db, writer);
  }
  return writer;
}
