// server/db/precompiled.ts: a read built once per database and run with new
// values each time (the token check and a question's reads use it).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema.js';
import { precompiled, precompiledInsert, precompiledUpdateById } from '../../../server/db/precompiled.js';
import { TokenCache } from '../../../server/modules/account/token-cache.js';
import { openTestDatabase, type TestDatabase } from '../../support/server.js';

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

test('a query precompiled on the database runs precompiled inside its transactions too (built once)', async () => {
  let builds = 0;
  const priceOf = precompiled((kdb, slot) => {
    builds += 1;
    return kdb.selectFrom('model_prices').select('input_per_1k').where('model', '=', slot(0));
  });
  assert.deepEqual(
    (await priceOf(db, 'pc-a')).map((r) => Number(r.input_per_1k)),
    [10],
  );
  const inside = await db.transaction().execute(async (trx) => (await priceOf(trx, 'pc-b')).map((r) => Number(r.input_per_1k)));
  assert.deepEqual(inside, [20]);
  assert.equal(builds, 1);
});

test('inserts and updates by id: each row and change lands, columns left undefined take their defaults, and a shape is built once', async () => {
  const insertPrices = precompiledInsert('model_prices');
  const updateClass = precompiledUpdateById('classes');
  const row = (model: string, input: number) => ({ model, input_per_1k: input, output_per_1k: 2, per_image: 0, per_second: 0, updated_at: 7 });
  await insertPrices(db, [row('pi-a', 1), row('pi-b', 2)]);
  await insertPrices(db, [row('pi-c', 3)]);
  await db.transaction().execute((trx) => insertPrices(trx, [row('pi-d', 4), row('pi-e', 5)]));
  const stored = await db
    .selectFrom('model_prices')
    .select(['model', 'input_per_1k', 'output_per_1k'])
    .where('model', 'like', 'pi-%')
    .orderBy('model')
    .execute();
  assert.deepEqual(
    stored.map((r) => `${r.model}:${Number(r.input_per_1k)}:${Number(r.output_per_1k)}`),
    ['pi-a:1:2', 'pi-b:2:2', 'pi-c:3:2', 'pi-d:4:2', 'pi-e:5:2'],
  );
  // Rows that set different columns are inserted all the same, a column a row leaves out taking its default.
  await precompiledInsert('classes')(db, [
    { id: 'pc-join-j', name: 'with a join code', created_at: 1, join_code: 'JOIN42' },
    { id: 'pc-join-n', name: 'without one', created_at: 1, join_code: undefined },
  ]);
  const joined = await db.selectFrom('classes').select(['id', 'join_code']).where('id', 'in', ['pc-join-j', 'pc-join-n']).orderBy('id').execute();
  assert.deepEqual(
    joined.map((c) => `${c.id}:${c.join_code}`),
    ['pc-join-j:JOIN42', 'pc-join-n:null'],
  );

  await db
    .insertInto('classes')
    .values([
      { id: 'pc-class-1', name: 'precompiled one', created_at: 1 },
      { id: 'pc-class-2', name: 'precompiled two', created_at: 1 },
    ])
    .execute();
  await updateClass(db, 'pc-class-1', { name: 'renamed one' });
  await updateClass(db, 'pc-class-2', { name: 'renamed two', created_at: 5 });
  await updateClass(db, 'pc-class-2', { created_at: undefined }); // nothing to change
  await db.transaction().execute((trx) => updateClass(trx, 'pc-class-1', { created_at: 9 }));
  const classes = await db.selectFrom('classes').select(['id', 'name', 'created_at']).where('id', 'like', 'pc-class-%').orderBy('id').execute();
  assert.deepEqual(
    classes.map((c) => `${c.id}:${c.name}:${Number(c.created_at)}`),
    ['pc-class-1:renamed one:9', 'pc-class-2:renamed two:5'],
  );
});

test('a write that a plugin must see on every run (the token cache and users) is refused, not run behind its back', async () => {
  const cache = new TokenCache();
  const watched = db.withPlugin(cache.plugin);
  const updateUser = precompiledUpdateById('users');
  await assert.rejects(updateUser(watched, 'someone', { nickname: 'x' }), /a plugin must see every run/u);
  // Other tables are not the cache's business.
  await precompiledUpdateById('classes')(watched, 'pc-class-1', { name: 'renamed again' });
  assert.equal((await db.selectFrom('classes').select('name').where('id', '=', 'pc-class-1').executeTakeFirstOrThrow()).name, 'renamed again');
});
