// server/db/group-commit.ts: writes made at the same moment share one
// transaction on SQLite, and still succeed or fail each on its own.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema.js';
import { createGroupCommit, groupCommit } from '../../../server/db/group-commit.js';
import { openTestDatabase, type TestDatabase } from '../../support/server.js';

let database: TestDatabase;
let db: Kysely<Database>;
before(async () => {
  database = await openTestDatabase();
  db = database.data.db;
});
after(() => database?.close());

const price = (model: string) => ({ model, input_per_1k: 1, output_per_1k: 1, per_image: 0, per_second: 0, updated_at: 0 });
const insertPrice = (model: string) => async (trx: Kysely<Database>) => {
  await trx.insertInto('model_prices').values(price(model)).execute();
  return trx;
};
const stored = async (models: string[]) =>
  (await db.selectFrom('model_prices').select('model').where('model', 'in', models).execute()).map((r) => r.model).sort();

test('writes made in the same turn share one transaction, and each resolves once it is committed', async () => {
  const writer = createGroupCommit(db);
  const models = ['gc-a', 'gc-b', 'gc-c'];
  const transactions = await Promise.all(models.map((m) => writer.run(insertPrice(m))));
  assert.equal(new Set(transactions).size, 1, 'one transaction for the three');
  assert.deepEqual(await stored(models), models);
});

test('a write that fails inside a group fails alone: its neighbours are kept, it keeps nothing', async () => {
  const writer = createGroupCommit(db);
  await db.insertInto('model_prices').values(price('gc-taken')).execute();
  const results = await Promise.allSettled([
    writer.run(insertPrice('gc-first')),
    writer.run(async (trx) => {
      await trx.insertInto('model_prices').values(price('gc-half')).execute();
      await trx.insertInto('model_prices').values(price('gc-taken')).execute(); // primary key taken
    }),
    writer.run(insertPrice('gc-last')),
  ]);
  assert.deepEqual(
    results.map((r) => r.status),
    ['fulfilled', 'rejected', 'fulfilled'],
  );
  assert.match(String((results[1] as PromiseRejectedResult).reason), /unique|duplicate/iu, 'the failing write gets its own error');
  assert.deepEqual(await stored(['gc-first', 'gc-half', 'gc-last']), ['gc-first', 'gc-last']);
});

test('a group holds at most maxBatch writes', async () => {
  const writer = createGroupCommit(db, { maxBatch: 2 });
  const models = ['gc-1', 'gc-2', 'gc-3', 'gc-4', 'gc-5'];
  const transactions = await Promise.all(models.map((m) => writer.run(insertPrice(m))));
  assert.equal(transactions[0], transactions[1]);
  assert.notEqual(transactions[1], transactions[2]);
  assert.equal(transactions[2], transactions[3]);
  assert.notEqual(transactions[3], transactions[4]);
  assert.deepEqual(await stored(models), models);
});

test("the server's writer groups on SQLite and gives each write its own transaction on PostgreSQL", async () => {
  const writer = groupCommit({ db, config: database.config });
  assert.equal(groupCommit({ db, config: database.config }), writer, 'one writer per database');
  const [a, b] = await Promise.all([writer.run(insertPrice('gc-server-a')), writer.run(insertPrice('gc-server-b'))]);
  assert.equal(a === b, database.config.database.kind === 'sqlite');
  assert.deepEqual(await stored(['gc-server-a', 'gc-server-b']), ['gc-server-a', 'gc-server-b']);
});
