// server/db/precompiled.ts: a read built once per database and run with new
// values each time (the token check and a question's reads use it).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.js';
import { precompiled } from '../../server/db/precompiled.js';
import { openTestDatabase, type TestDatabase } from '../support/server.js';

let database: TestDatabase;
let db: Kysely<Database>;
before(async () => {
  database = await openTestDatabase();
  db = database.data.db;
  const price = (model: string, input: number) => ({ model, input_per_1k: input, output_per_1k: 1, per_image: 0, per_second: 0, updated_at: 0 });
  await db
    .insertInto('model_prices')
    .values([price('pc-a', 10), price('pc-b', 20), price('*', 5)])
    .execute();
});
after(() => database?.close());

test('each run takes its own values; the constants of the query stay; it is built once per database', async () => {
  let builds = 0;
  const priceRows = precompiled((kdb, slot) => {
    builds += 1;
    return kdb
      .selectFrom('model_prices')
      .select(['model', 'input_per_1k'])
      .where('model', 'in', [slot(0), '*'])
      .where('input_per_1k', '>=', slot(1))
      .orderBy('model');
  });
  const models = async (model: string, min: number) => (await priceRows(db, model, min)).map((r) => `${r.model}:${Number(r.input_per_1k)}`);
  assert.deepEqual(await models('pc-a', 0), ['*:5', 'pc-a:10']);
  assert.deepEqual(await models('pc-b', 0), ['*:5', 'pc-b:20']);
  assert.deepEqual(await models('pc-b', 6), ['pc-b:20']);
  assert.deepEqual(await models('pc-none', 0), ['*:5']);
  assert.equal(builds, 1);
  // Another face of the database (here with a plugin) is built for itself, so its plugins see the query.
  await priceRows(db.withPlugin({ transformQuery: (args) => args.node, transformResult: async (args) => args.result }), 'pc-a', 0);
  assert.equal(builds, 2);
});

test('a slot that does not become a parameter is refused when the query is built, not run with the value lost', async () => {
  const inlined = precompiled((kdb, slot) => kdb.selectFrom('model_prices').select(sql.lit(slot<string>(0)).as('x')));
  await assert.rejects(inlined(db, 'pc-a'), /slot 0 is not a parameter/u);
});

test('a value with a NUL is sent as the built queries send it: without the NUL on PostgreSQL (which refuses it in text), as is on SQLite', async () => {
  const priceRow = precompiled((kdb, slot) => kdb.selectFrom('model_prices').select('model').where('model', '=', slot(0)));
  // Written by a built query, then found by the same value, as an upload session named with a NUL is.
  await db.insertInto('model_prices').values({ model: 'pc-\u0000c', input_per_1k: 1, output_per_1k: 1, per_image: 0, per_second: 0, updated_at: 0 }).execute();
  const built = await db.selectFrom('model_prices').select('model').where('model', '=', 'pc-\u0000c').execute();
  assert.equal(built.length, 1);
  assert.deepEqual(await priceRow(db, 'pc-\u0000c'), built);
  assert.deepEqual(await priceRow(db, 'pc-\u0000a'), process.env.ZX_TEST_DB === 'postgres' ? [{ model: 'pc-a' }] : []);
});
