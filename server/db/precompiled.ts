// Reads that run on every request (the token check, a question's checks) are
// built by Kysely once per database and run again with new values: building
// a query costs more than running it (issue 18: a primary-key read took
// 9.1 µs built each time and 3.7 µs precompiled, in a loop; more between
// requests).
//
// The query is built with a placeholder in each place a value goes (`slot(i)`),
// compiled, and the placeholders are found among the compiled parameters;
// a run copies the parameters and puts the values in their places.
//
// Reads only. A compiled query skips the plugins' `transformQuery` on each
// run, and the token cache learns of writes to users and tokens there
// (token-cache.ts): a write must be built each time. The one plugin that
// changes values, PostgreSQL's NUL net (nul-free-text.ts), is applied to
// each value here where the database has it (on SQLite a NUL is kept, as
// the built queries keep it: a row written with one is found by it). Every
// run shares the compiled query's id, so a plugin must not keep per-run
// state by query id.
import { randomBytes } from 'node:crypto';
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { NulFreeTextPlugin, withoutNul } from './nul-free-text.js';
import type { Database } from './schema.js';

type Db = Kysely<Database>;

/**
 * Stands for value `index` while the query is built. Plain text (PostgreSQL's
 * plugins take NULs out of parameters, nul-free-text.ts), with a per-process
 * random part: only the query's own constants sit beside it, never a caller's value.
 */
const SLOT_PREFIX = `zx-slot-${randomBytes(6).toString('hex')}-`;
const slotValue = (index: number) => `${SLOT_PREFIX}${index}`;

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** The database takes NULs out of every value (PostgreSQL, nul-free-text.ts). */
  stripsNul: boolean;
  /** For each parameter: the value index it takes, or -1 (a constant of the query). */
  sources: number[];
}

/**
 * A read built once per database. `build` gets `slot(i)` to put where value
 * `i` goes; the returned function runs it with `values`.
 */
export function precompiled<R>(build: (db: Db, slot: <T = never>(index: number) => T) => Compilable<R>): (db: Db, ...values: unknown[]) => Promise<R[]> {
  const compiled = new WeakMap<Db, Compiled<R>>();
  const compile = (db: Db): Compiled<R> => {
    let found = compiled.get(db);
    if (!found) {
      const asked = new Set<number>();
      const query = build(db, (index) => {
        asked.add(index);
        return slotValue(index) as never;
      }).compile();
      const sources = query.parameters.map((p) => (typeof p === 'string' && p.startsWith(SLOT_PREFIX) ? Number(p.slice(SLOT_PREFIX.length)) : -1));
      // A slot Kysely did not pass as a parameter (inlined as a literal, say) would drop its value silently.
      for (const index of asked) if (!sources.includes(index)) throw new Error(`precompiled query: slot ${index} is not a parameter of ${query.sql}`);
      const stripsNul = db.getExecutor().plugins.some((plugin) => plugin instanceof NulFreeTextPlugin);
      found = { query, sources, stripsNul };
      compiled.set(db, found);
    }
    return found;
  };
  return async (db, ...values) => {
    const { query, sources, stripsNul } = compile(db);
    const valueAt = (index: number) => (stripsNul ? withoutNul(values[index]) : values[index]);
    const parameters = query.parameters.map((p, i) => (sources[i]! >= 0 ? valueAt(sources[i]!) : p));
    const { rows } = await db.executeQuery<R>({ ...query, parameters });
    return rows;
  };
}
