// Per-user limits that are counted before something is written (a storage
// quota, saved maps, running generation jobs) must not race: two requests of one person
// that both count and then both write can pass the limit together, and two
// that both write and then count can both refuse themselves. Run as one
// transaction holding a lock on the user's row, one person's counts and
// writes queue, and each sees what the one before it committed.
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** Runs `work` in a transaction that first locks the user's row (count, then write, inside it). */
export async function underUserLock<T>(db: Kysely<Database>, userId: string, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    // A no-change update of a column that is no key: PostgreSQL's row lock without blocking
    // inserts elsewhere that refer to the user; SQLite's write transactions queue anyway.
    await trx
      .updateTable('users')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', userId)
      .execute();
    return work(trx);
  });
}
