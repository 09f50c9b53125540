// SQLite changes its schema inside transactions, so the server's SQLite
// connection runs the pending migrations in one (server/db/sqlite.ts): a
// migration that fails halfway leaves the database as it was, every table
// and every earlier migration of the run undone, and the next start runs
// them all again from a clean state instead of tripping over half a change.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { after, test } from 'node:test';
import { openSqliteKysely } from '../../../server/db/sqlite.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zx-atomic-migrations-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

const createTable = (name: string): Migration => ({
  up: async (db: Kysely<unknown>) => {
    await db.schema
      .createTable(name)
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .execute();
  },
});

async function tables(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'kysely_%' order by name`.execute(db);
  return rows.map((row) => row.name);
}

test('a migration that fails undoes the whole run: no table of it is left, and a fixed run applies them all', async () => {
  const db = openSqliteKysely(path.join(dir, 'atomic.db')) as unknown as Kysely<unknown>;
  try {
    const failing: Record<string, Migration> = {
      '0001_courses': createTable('courses'),
      '0002_lessons': {
        up: async (trx: Kysely<unknown>) => {
          await createTable('lessons').up(trx);
          await sql`insert into no_such_table values (1)`.execute(trx);
        },
      },
    };
    const first = await new Migrator({ db, provider: { getMigrations: async () => failing } }).migrateToLatest();
    assert.ok(first.error, 'the run fails');
    assert.deepEqual(await tables(db), [], 'neither the first migration’s table nor half of the second is left');

    const fixed = { ...failing, '0002_lessons': createTable('lessons') };
    const second = await new Migrator({ db, provider: { getMigrations: async () => fixed } }).migrateToLatest();
    assert.equal(second.error, undefined);
    assert.deepEqual(
      second.results?.map((result) => [result.migrationName, result.status]),
      [
        ['0001_courses', 'Success'],
        ['0002_lessons', 'Success'],
      ],
    );
    assert.deepEqual(await tables(db), ['courses', 'lessons']);
  } finally {
    await db.destroy();
  }
});
