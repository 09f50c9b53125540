// The built server loads typebox and Kysely folded into a few files each
// (scripts/bundle-server-vendors.mjs): the folded copies keep every public
// subpath, work as the installed packages do, and are the copies a file in
// dist/server resolves, the type provider's typebox included.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import { bundleServerVendors, FOLDED_PACKAGES, packageEntries } from '../../../scripts/bundle-server-vendors.mjs';

let root = '';
let outDir = '';
/** Imports a subpath of a folded package the way a built server file beside it would. */
const importFolded = async <T>(specifier: string): Promise<T> =>
  (await import(pathToFileURL(createRequire(path.join(root, 'server', 'main.js')).resolve(specifier)).href)) as T;

describe('the built server’s folded packages', () => {
  before(async () => {
    // Inside the project, as dist/ is: the folded packages' other imports (ajv-formats) resolve to the installed ones.
    const scratch = fileURLToPath(new URL('../../../.tmp/', import.meta.url));
    mkdirSync(scratch, { recursive: true });
    root = mkdtempSync(path.join(scratch, 'vendors-'));
    outDir = path.join(root, 'node_modules');
    mkdirSync(path.join(root, 'server'));
    await bundleServerVendors(outDir);
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('keeps every public subpath of each package, in a handful of files', () => {
    for (const name of FOLDED_PACKAGES) {
      const folded = JSON.parse(readFileSync(path.join(outDir, name, 'package.json'), 'utf8')) as { exports: Record<string, string> };
      const subpaths = Object.keys(packageEntries(name));
      assert.ok(subpaths.includes('.'), `${name} has a main entry`);
      assert.deepEqual(Object.keys(folded.exports).sort(), subpaths.sort(), `${name} keeps its subpaths`);
      for (const file of Object.values(folded.exports)) assert.ok(existsSync(path.join(outDir, name, file)), `${name}/${file} exists`);
      const files = readdirSync(path.join(outDir, name)).filter((file) => file.endsWith('.js'));
      assert.ok(files.length <= subpaths.length + 1, `${name}: ${files.length} files for ${subpaths.length} entries`);
    }
  });

  it('resolves from a server file to the folded copies, and the type provider to the folded typebox', () => {
    for (const name of FOLDED_PACKAGES)
      assert.ok(
        createRequire(path.join(root, 'server', 'main.js'))
          .resolve(name)
          .startsWith(path.join(outDir, name)),
      );
    const provider = createRequire(path.join(root, 'server', 'main.js')).resolve('@fastify/type-provider-typebox');
    assert.ok(createRequire(provider).resolve('typebox/compile').startsWith(path.join(outDir, 'typebox')));
  });

  it('runs Kysely’s queries and migrations-style schema changes as the installed package does', async () => {
    const { Kysely, SqliteDialect, sql } = await importFolded<typeof import('kysely')>('kysely');
    const db = new Kysely<{ course: { id: number; title: string } }>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    try {
      await db.schema
        .createTable('course')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .execute();
      await db
        .insertInto('course')
        .values([
          { id: 1, title: '数控编程' },
          { id: 2, title: '液压传动' },
        ])
        .execute();
      const rows = await db.selectFrom('course').select(['title']).where('id', '>', 1).execute();
      assert.deepEqual(rows, [{ title: '液压传动' }]);
      assert.equal((await sql<{ n: number }>`select count(*) as n from course`.execute(db)).rows[0]!.n, 2);
    } finally {
      await db.destroy();
    }
  });

  it('validates request parts through the folded type provider, converting query strings as Fastify expects', async () => {
    const { Type } = await importFolded<typeof import('typebox')>('typebox');
    const { TypeBoxValidatorCompiler } = await importFolded<typeof import('@fastify/type-provider-typebox')>('@fastify/type-provider-typebox');
    const schema = Type.Object({ page: Type.Integer({ minimum: 1 }) });
    const query = TypeBoxValidatorCompiler({ schema, httpPart: 'querystring' } as never) as (value: unknown) => { value?: unknown; error?: unknown };
    assert.deepEqual(query({ page: '2' }).value, { page: 2 });
    assert.ok(query({ page: '0' }).error, 'a page below 1 is refused');
    const body = TypeBoxValidatorCompiler({ schema, httpPart: 'body' } as never) as (value: unknown) => { value?: unknown; error?: unknown };
    assert.ok(body({ page: '2' }).error, 'a body is not converted');
  });
});
