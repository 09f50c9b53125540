// Queries that run on every request or question (the token check, a
// question's reads and its writes) are built by Kysely once and run again
// with new values: building a query costs more than running it (a
// primary-key read took 9.1 µs built each time and 3.7 µs precompiled, in a
// loop; more between requests).
//
// The query is built with a placeholder in each place a value goes (`slot(i)`),
// compiled, and the placeholders are found among the compiled parameters;
// a run copies the parameters and puts the values in their places.
//
// A compiled query is kept per face of the database: its dialect and its
// plugins (a transaction shares both with the database it was opened on, so
// a query precompiled outside a transaction runs precompiled inside one).
// A run skips the plugins' `transformQuery`, so a query that a plugin must
// see on every run (the token cache's writes to users and tokens,
// token-cache.ts: `seesEveryRun`) is refused and stays built each time. The
// one plugin that changes values, PostgreSQL's NUL net (nul-free-text.ts),
// is applied to each value here where the database has it (on SQLite a NUL
// is kept, as the built queries keep it: a row written with one is found by
// it). Every run shares the compiled query's id, so a plugin must not keep
// per-run state by query id.
import { randomBytes } from 'node:crypto';
import type { Compilable, CompiledQuery, Insertable, Kysely, KyselyPlugin, RootOperationNode, Updateable } from 'kysely';
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

/** A plugin that must see every run of some queries (so those cannot be precompiled). */
export interface EveryRunPlugin extends KyselyPlugin {
  seesEveryRun(node: RootOperationNode): boolean;
}

const seesEveryRun = (plugin: KyselyPlugin, node: RootOperationNode) =>
  typeof (plugin as Partial<EveryRunPlugin>).seesEveryRun === 'function' && (plugin as EveryRunPlugin).seesEveryRun(node);

type Executor = ReturnType<Db['getExecutor']>;

/** The compiled queries of one dialect, each with the plugins it was compiled under. */
type Faces<R> = Array<{ plugins: readonly KyselyPlugin[]; compiled: Compiled<R> }>;

/** Faces of one dialect kept at most per query. */
const FACES_KEPT = 8;

const samePlugins = (a: readonly KyselyPlugin[], b: readonly KyselyPlugin[]) => a.length === b.length && a.every((plugin, i) => plugin === b[i]);

/**
 * A query built once per face of the database. `build` gets `slot(i)` to put
 * where value `i` goes; the returned function runs it with `values` on `db`
 * (a transaction included).
 */
export function precompiled<R>(build: (db: Db, slot: <T = never>(index: number) => T) => Compilable<R>): (db: Db, ...values: unknown[]) => Promise<R[]> {
  // By the executor's adapter (one per dialect), then by its plugins.
  const byAdapter = new WeakMap<object, Faces<R>>();
  const compile = (db: Db, executor: Executor): Compiled<R> => {
    const asked = new Set<number>();
    const query = build(db, (index) => {
      asked.add(index);
      return slotValue(index) as never;
    }).compile();
    const sources = query.parameters.map((p) => (typeof p === 'string' && p.startsWith(SLOT_PREFIX) ? Number(p.slice(SLOT_PREFIX.length)) : -1));
    // A slot Kysely did not pass as a parameter (inlined as a literal, say) would drop its value silently.
    for (const index of asked) if (!sources.includes(index)) throw new Error(`precompiled query: slot ${index} is not a parameter of ${query.sql}`);
    if (executor.plugins.some((plugin) => seesEveryRun(plugin, query.query)))
      throw new Error(`precompiled query: a plugin must see every run of ${query.sql}; build it each time`);
    return { query, sources, stripsNul: executor.plugins.some((plugin) => plugin instanceof NulFreeTextPlugin) };
  };
  // The same database object asks again on every request: found in one lookup.
  const byDb = new WeakMap<Db, Compiled<R>>();
  const compiledFor = (db: Db): Compiled<R> => {
    const known = byDb.get(db);
    if (known) return known;
    const found = compiledForFace(db);
    // A transaction is used once: remembered by its face only.
    if (!db.isTransaction) byDb.set(db, found);
    return found;
  };
  const compiledForFace = (db: Db): Compiled<R> => {
    const executor = db.getExecutor();
    let faces = byAdapter.get(executor.adapter);
    if (!faces) byAdapter.set(executor.adapter, (faces = []));
    const face = faces.find((f) => samePlugins(f.plugins, executor.plugins));
    if (face) return face.compiled;
    const compiled = compile(db, executor);
    // A server has two faces (with and without the token cache); faces made on the fly are not all kept.
    if (faces.length < FACES_KEPT) faces.push({ plugins: [...executor.plugins], compiled });
    return compiled;
  };
  return async (db, ...values) => {
    const { query, sources, stripsNul } = compiledFor(db);
    const valueAt = (index: number) => (stripsNul ? withoutNul(values[index]) : values[index]);
    const parameters = query.parameters.map((p, i) => (sources[i]! >= 0 ? valueAt(sources[i]!) : p));
    const { rows } = await db.executeQuery<R>({ ...query, parameters });
    return rows;
  };
}

/** Shapes of one query kept at most (a row count, a set of columns); past it a shape is built each time. */
const SHAPES_KEPT = 64;

/**
 * A query whose SQL depends on a small shape (how many rows an insert
 * writes, which columns an update sets): precompiled once per shape, named
 * by `keyOf`. `build(shape)` is the `precompiled` build for that shape.
 */
export function precompiledShapes<S, R>(
  keyOf: (shape: S) => string,
  build: (shape: S) => (db: Db, slot: <T = never>(index: number) => T) => Compilable<R>,
): (db: Db, shape: S, ...values: unknown[]) => Promise<R[]> {
  const shapes = new Map<string, (db: Db, ...values: unknown[]) => Promise<R[]>>();
  return (db, shape, ...values) => {
    const key = keyOf(shape);
    let run = shapes.get(key);
    if (!run) {
      run = precompiled(build(shape));
      if (shapes.size < SHAPES_KEPT) shapes.set(key, run);
    }
    return run(db, ...values);
  };
}

/** The database without its table types: the helpers below take any table by name. */
const anyTable = (db: Db) => db as unknown as Kysely<Record<string, { id: string } & Record<string, unknown>>>;

/** The columns a row sets: Kysely leaves out a key whose value is undefined, and so does this. */
const setColumns = (row: Record<string, unknown>) => Object.keys(row).filter((column) => row[column] !== undefined);

/**
 * Inserts rows into `table`, precompiled per row count and column list
 * (when every row sets the same columns, as a question's rows do). Plain
 * values only: a value that is an SQL expression needs a query built for it.
 */
export function precompiledInsert<T extends keyof Database & string>(table: T): (db: Db, rows: ReadonlyArray<Insertable<Database[T]>>) => Promise<void> {
  const run = precompiledShapes(
    (shape: { count: number; columns: string[] }) => `${shape.count}:${shape.columns.join(',')}`,
    ({ count, columns }) =>
      (db, slot) =>
        anyTable(db)
          .insertInto(table)
          .values(Array.from({ length: count }, (_, row) => Object.fromEntries(columns.map((column, i) => [column, slot(row * columns.length + i)])))),
  );
  return async (db, rows) => {
    if (rows.length === 0) return;
    const records = rows as ReadonlyArray<Record<string, unknown>>;
    const columns = setColumns(records[0]!);
    const key = columns.join(',');
    // Rows that set different columns (each missing one takes its default) are built as Kysely builds them.
    if (records.some((row, i) => i > 0 && setColumns(row).join(',') !== key)) {
      await anyTable(db).insertInto(table).values(records).execute();
      return;
    }
    await run(db, { count: records.length, columns }, ...records.flatMap((row) => columns.map((column) => row[column])));
  };
}

/** Updates the row of `table` whose id is `id`, precompiled per set of columns changed; nothing to change, nothing run. */
export function precompiledUpdateById<T extends keyof Database & string>(table: T): (db: Db, id: string, changes: Updateable<Database[T]>) => Promise<void> {
  const run = precompiledShapes(
    (columns: string[]) => columns.join(','),
    (columns) => (db, slot) =>
      anyTable(db)
        .updateTable(table as string)
        .set(Object.fromEntries(columns.map((column, i) => [column, slot(i)])))
        .where('id', '=', slot(columns.length)),
  );
  return async (db, id, changes) => {
    const record = changes as Record<string, unknown>;
    const columns = setColumns(record);
    if (columns.length === 0) return;
    await run(db, columns, ...columns.map((column) => record[column]), id);
  };
}
