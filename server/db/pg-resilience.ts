// PostgreSQL may restart, fail over or have its connections killed. Without
// care that takes the whole process down: a pooled connection that is
// checked out has no 'error' listener, and pg emits 'error' on it. This file
// keeps the process up and lets requests ride over a short blip:
//  - every connection gets an 'error' listener for its whole life;
//  - a read that fails because its connection died is run again on a fresh
//    connection (outside a transaction only), as is any statement that never
//    reached the server; writes that may have been applied are not repeated;
//  - opening a connection is retried for a moment while the server restarts.
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { abortableSleep } from '../ai/provider-retry.js';

/** Pauses before the 2nd, 3rd and 4th attempt: about two seconds in all. */
const RETRY_PAUSES_MS = [100, 500, 1_500];

/**
 * A statement the database cut off or could not take (SQLSTATE class 08,
 * admin shutdown, server starting, pg's dropped connection; SQLite busy past
 * its timeout): the request may be sent again (http/error-handler.ts answers 503).
 */
export function isDatabaseInterruption(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code.startsWith('SQLITE_BUSY')) return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  return /Connection terminated|not queryable|timeout exceeded when trying to connect/u.test(message);
}

/** Connection-level failures of PostgreSQL (isDatabaseInterruption) and socket errors. */
export function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH'].includes(code)) return true;
  return isDatabaseInterruption(error);
}

/** The statement never left this process, so running it again cannot apply it twice. */
function neverSent(error: unknown): boolean {
  return /not queryable/u.test(String((error as { message?: unknown } | null)?.message ?? ''));
}

const READ = /^\s*(select|show|values)\b/iu;
const BEGIN = /^\s*(begin|start transaction)\b/iu;
const END = /^\s*(commit|rollback|end)\b/iu;

const noSignal = new AbortController().signal;

async function withRetries<T>(attempt: (tryNumber: number) => Promise<T>, retryable: (error: unknown) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await attempt(i);
    } catch (error) {
      const pause = RETRY_PAUSES_MS[i];
      if (pause === undefined || !retryable(error)) throw error;
      await abortableSleep(pause, noSignal);
    }
  }
}

/** A pool for Kysely's PostgresDialect that survives dropped connections. */
export function resilientPool(pool: pg.Pool, onConnectionError: (error: Error) => void): PostgresPool {
  // Idle connections are covered by the pool's own listener; this one covers
  // checked-out connections too, for as long as each connection lives.
  pool.on('connect', (client) => client.on('error', onConnectionError));
  // The pool re-emits an idle connection's error; the listener above has logged it already.
  pool.on('error', () => {});

  const connect = () => withRetries(() => pool.connect(), isConnectionError);

  return {
    async connect(): Promise<PostgresPoolClient> {
      let client = await connect();
      let inTransaction = false;
      const wrapper = {
        // pg's query() is overloaded (cursor, callback, promise); the wrapper passes any of them through.
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        query(sqlOrCursor: unknown, parameters?: ReadonlyArray<unknown>): any {
          if (typeof sqlOrCursor !== 'string') return (client.query as (c: unknown) => unknown)(sqlOrCursor);
          const sql = sqlOrCursor;
          const safeToRepeat = !inTransaction && READ.test(sql);
          if (BEGIN.test(sql)) inTransaction = true;
          else if (END.test(sql)) inTransaction = false;
          return withRetries(
            async (tryNumber) => {
              if (tryNumber > 0) {
                // The old connection is dead: drop it from the pool and carry on with a new one.
                client.release(true);
                client = await connect();
              }
              return (await client.query(sql, parameters as unknown[])) as unknown as PostgresQueryResult<unknown>;
            },
            (error) => isConnectionError(error) && (safeToRepeat || (!inTransaction && neverSent(error))),
          );
        },
        release(): void {
          client.release();
        },
      };
      return wrapper as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
