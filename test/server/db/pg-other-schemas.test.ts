// Several installations (or test runs) can share one PostgreSQL database, each
// in its own schema (ZX_DB_SCHEMA). One of them dropping its schema must not
// break another's start: Kysely's introspector read every schema's columns and
// looked each schema up by name, so a schema dropped meanwhile failed the other
// one's migration with 'schema "…" does not exist' (seen in the test suite
// running two files at a time).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { withDefaultUser } from '../../../server/db/index.js';
import { migrateToLatest } from '../../../server/db/migrate.js';
import { openTestDatabase, type TestDatabase } from '../../support/server.js';

const onPostgres = process.env.ZX_TEST_DB === 'postgres';

describe('another schema in the same database dropped meanwhile', { skip: !onPostgres && 'PostgreSQL only (ZX_TEST_DB=postgres)' }, () => {
  let database: TestDatabase;
  let other: pg.Client;

  before(async () => {
    database = await openTestDatabase();
    const { config } = database;
    other = new pg.Client({ connectionString: withDefaultUser(config.database.kind === 'postgres' ? config.database.url : '') });
    await other.connect();
  });
  after(async () => {
    await other.end();
    await database.close();
  });

  it('leaves table lookups and migrations working, and sees only its own schema', async () => {
    let churning = true;
    let dropped = 0;
    // Another installation coming and going: a schema with a table, created and dropped, over and over.
    const churn = (async () => {
      while (churning) {
        const name = `zx_churn_${process.pid}_${dropped}`;
        await other.query(`create schema "${name}"; create table "${name}".t (id serial primary key, body text)`);
        await other.query(`drop schema "${name}" cascade`);
        dropped++;
      }
    })();
    try {
      const deadline = Date.now() + 3000;
      let looks = 0;
      while (Date.now() < deadline || dropped < 50) {
        const tables = await database.data.db.introspection.getTables({ withInternalKyselyTables: true });
        assert.ok(tables.some((t) => t.name === 'users'));
        assert.ok(
          tables.every((t) => t.schema === database.data.schema),
          'only this installation’s schema',
        );
        if (++looks % 10 === 0) assert.deepEqual(await migrateToLatest(database.data), []);
      }
    } finally {
      churning = false;
      await churn;
    }
    assert.ok(dropped >= 50, `${dropped} schemas dropped meanwhile`);
  });
});
