// The data layer: one Kysely instance over SQLite (embedded default) or
// PostgreSQL (DATABASE_URL). Everything above this file is dialect-blind.
import os from 'node:os';
import type pg from 'pg';
import { Kysely, sql } from 'kysely';
import type { Config, DatabaseConfig } from '../config.js';
import { NulFreeTextPlugin } from './nul-free-text.js';
import { SchemaScopedPostgresDialect } from './pg-introspector.js';
import { resilientPool } from './pg-resilience.js';
import { openSqliteConnection } from './sqlite.js';
import { LOG_SIZE_LIMIT_BYTES, SAFETY_NET_PAGES, startWalCheckpointer } from './wal-checkpointer.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DataLayer {
  db: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema holding the tables (search_path); undefined on SQLite. */
  schema?: string;
  close(): Promise<void>;
}

const INT8_OID = 20;

// Times are bigint milliseconds; pg returns int8 as strings by default. Our
// values stay far below 2^53, so numbers are exact. Set per pool, not
// globally, so other pg users in the process are unaffected.
function pgTypes(types: typeof pg.types): pg.CustomTypesConfig {
  return {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === INT8_OID && format !== 'binary') return (value: string) => Number(value);
      return types.getTypeParser(oid, format);
    },
  } as pg.CustomTypesConfig;
}

/** close() may be called by both a shutdown path and a cleanup path; the pool must end once. */
function closeOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}

function openSqlite(file: string): DataLayer {
  const { db, commitMark } = openSqliteConnection(file, { autocheckpointPages: SAFETY_NET_PAGES, logSizeLimitBytes: LOG_SIZE_LIMIT_BYTES });
  // The worker starts with the first commit and rests while nothing is written.
  const checkpointer = startWalCheckpointer(
    file,
    (message) => console.error(`zhixue: ${message}; the server checkpoints by itself past ${SAFETY_NET_PAGES} pages`),
    { commitMark },
  );
  // The worker's connection closes first, so the server's is the last: SQLite then checkpoints and removes the log.
  return { db, dialect: 'sqlite', close: closeOnce(() => checkpointer.stop().then(() => db.destroy())) };
}

// Like psql: a URL without a user name means the operating-system user
// (pg itself only looks at $USER, which service managers often leave unset).
export function withDefaultUser(url: string): string {
  const parsed = new URL(url);
  if (parsed.username || process.env.PGUSER || process.env.USER) return url;
  parsed.username = os.userInfo().username;
  return parsed.toString();
}

async function openPostgres(url: string, schema: string | undefined): Promise<DataLayer> {
  // Loaded here: a start on SQLite (the default) never needs the driver.
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: withDefaultUser(url),
    types: pgTypes(pg.types),
    // search_path is set per connection, so every query lands in the schema.
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
    // Names this installation's connections in pg_stat_activity.
    application_name: schema ? `zhixue:${schema}` : 'zhixue',
  });
  // A dropped connection (database restarted, failover, network cut) is
  // logged and replaced; the process stays up (pg-resilience.ts).
  const onConnectionError = (error: Error) => console.error(`zhixue: PostgreSQL connection lost (${error.message}); reconnecting on next query`);
  const db = new Kysely<Database>({
    dialect: new SchemaScopedPostgresDialect({ pool: resilientPool(pool, onConnectionError) }),
    plugins: [new NulFreeTextPlugin()],
  });
  if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  return { db, dialect: 'postgres', schema, close: closeOnce(() => db.destroy()) };
}

export async function createDataLayer(config: Pick<Config, 'database'> | { database: DatabaseConfig }): Promise<DataLayer> {
  const database = config.database;
  if (database.kind === 'sqlite') return openSqlite(database.file);
  return openPostgres(database.url, database.schema);
}

/** A cheap round trip, for the health check. */
export async function pingDatabase(data: DataLayer): Promise<void> {
  await sql`select 1`.execute(data.db);
}
