// eslint/transaction-scope.mjs: inside a transaction's callback the code uses
// the transaction, never ctx.db (on SQLite's one connection that query would
// wait for the transaction forever). One snippet per case, linted as server code.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { REPO_ROOT, repoPath } from '../../support/repo.js';

const eslint = new ESLint({ cwd: REPO_ROOT });

async function scopeErrors(code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath: repoPath('server/modules/example/x.ts') });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'zhixue/transaction-scope').length;
}

const head =
  "import { underUserLock } from '../../db/user-lock.js';\nimport { groupCommit } from '../../db/group-commit.js';\ndeclare const ctx: any;\ndeclare function reserve(db: unknown): Promise<void>;\n";

describe('lint: transaction scope', () => {
  it('ctx.db inside a Kysely transaction, a user lock or a group commit is an error', async () => {
    assert.equal(
      await scopeErrors(
        `${head}export const a = () => ctx.db.transaction().execute(async (trx: any) => { await trx.deleteFrom('t').execute(); await ctx.db.selectFrom('t').execute(); });\n`,
      ),
      1,
    );
    // The lock's own first argument is the database to lock on; only the callback is checked.
    assert.equal(await scopeErrors(`${head}export const b = () => underUserLock(ctx.db, 'u', async () => reserve(ctx.db));\n`), 1);
    assert.equal(await scopeErrors(`${head}export const c = () => groupCommit(ctx).run(async () => reserve(ctx.db));\n`), 1);
    assert.equal(
      await scopeErrors(
        `${head}export class D { constructor(private ctx: any) {} e() { return this.ctx.db.transaction().execute(async () => reserve(this.ctx.db)); } }\n`,
      ),
      1,
    );
  });

  it('the transaction inside, and ctx.db before or after it, are fine', async () => {
    assert.equal(
      await scopeErrors(
        `${head}export async function f() { await reserve(ctx.db); await underUserLock(ctx.db, 'u', async (trx) => reserve(trx)); await groupCommit(ctx).run((trx) => reserve(trx)); await reserve(ctx.db); }\n`,
      ),
      0,
    );
  });
});
