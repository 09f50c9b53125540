// Opening the SQLite database, shared by the server and the worker that
// writes a document's passages (knowledge/chunk-writer.ts): two connections
// to one WAL file, so both must agree on how transactions start.
//
// Kysely begins SQLite transactions with a plain (deferred) BEGIN: the
// transaction reads first and asks for the write lock at its first write.
// If the other connection committed in between, SQLite cannot upgrade the
// stale snapshot and fails at once with SQLITE_BUSY (the busy timeout does
// not apply). BEGIN IMMEDIATE takes the write lock up front, waiting up to
// busy_timeout for it, so a transaction never fails for that reason.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type SqliteDatabase,
  type SqliteDialectConfig,
} from 'kysely';
import type { Database } from './schema.js';

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * SQLite changes its schema inside a transaction like any other write, but
 * Kysely's adapter says it cannot, so its migrator ran each statement on its
 * own: a migration that failed halfway left half its tables. Saying so runs
 * a start's pending migrations in one transaction (BEGIN IMMEDIATE, as every
 * transaction here), all or none. None of them changes a pragma, which
 * SQLite would ignore inside a transaction.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver(this.settings);
  }

  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** Statements kept prepared per connection; the SQL texts of a running server are a few hundred. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query again (15 % of a
 * signed-in request's CPU). This face of the connection keeps the last
 * STATEMENT_CACHE_SIZE statements by SQL text (least recently used leave
 * first). A statement still being iterated (a streamed query) is busy, so
 * a second use of the same text gets a fresh one instead. SQLite re-prepares
 * a cached statement by itself when the schema changes (a migration).
 */
export function cachingStatements(database: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare(text: string) {
      const cached = cache.get(text);
      if (cached) {
        if (cached.busy) return database.prepare(text);
        cache.delete(text);
        cache.set(text, cached); // most recently used last
        return cached;
      }
      const statement = database.prepare(text);
      cache.set(text, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value!);
      return statement;
    },
  };
}

/** The server's connection: its Kysely instance, and a mark that moves with every commit. */
export interface SqliteConnection {
  db: Kysely<Database>;
  /**
   * Changes whenever this connection or any other (the indexing worker's, the
   * command line's) has committed since the last call: this connection's
   * total_changes() with SQLite's data_version. The checkpoint worker rests
   * while it stands still (wal-checkpointer.ts).
   */
  commitMark(): string;
}

/**
 * A Kysely instance over the SQLite file (created if missing), in WAL mode.
 * `autocheckpointPages`: the log size at which a commit on this connection
 * checkpoints (SQLite's default 1,000); raised where a worker checkpoints
 * instead (wal-checkpointer.ts). `logSizeLimitBytes`: what the log file is
 * cut back to when it starts over (SQLite keeps it at its largest).
 */
export function openSqliteConnection(file: string, options: { autocheckpointPages?: number; logSizeLimitBytes?: number } = {}): SqliteConnection {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  // With WAL, NORMAL never corrupts the database; it only skips the fsync on
  // each commit (a power cut may lose the last moments). FULL made every
  // chat message wait for the disk (measured: +50 ms to first token).
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  // Wait instead of failing with SQLITE_BUSY when another connection (the
  // CLI, the indexing worker) holds the write lock.
  database.pragma('busy_timeout = 5000');
  if (options.autocheckpointPages !== undefined) database.pragma(`wal_autocheckpoint = ${Math.trunc(options.autocheckpointPages)}`);
  if (options.logSizeLimitBytes !== undefined) database.pragma(`journal_size_limit = ${Math.trunc(options.logSizeLimitBytes)}`);
  // Prepared at the first call: only the server's own connection is asked (a worker's never is).
  let mark: SQLite.Statement | undefined;
  return {
    db: new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: cachingStatements(database) }) }),
    commitMark: () => (mark ??= database.prepare("select total_changes() || ':' || data_version from pragma_data_version").pluck()).get() as string,
  };
}

/** openSqliteConnection's Kysely instance alone (a worker's connection, tests). */
export function openSqliteKysely(file: string, options: { autocheckpointPages?: number; logSizeLimitBytes?: number } = {}): Kysely<Database> {
  return openSqliteConnection(file, options).db;
}
