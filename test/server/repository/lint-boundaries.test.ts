// The import boundaries of docs/architecture.md, as ESLint (eslint.config.mjs)
// enforces them: one snippet per rule, linted as if it sat at the given path.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { REPO_ROOT, repoPath } from '../../support/repo.js';

const eslint = new ESLint({ cwd: REPO_ROOT });

async function ruleErrors(rule: string, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: repoPath(file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule).map((m) => m.message);
}

const boundaryErrors = (file: string, code: string) => ruleErrors('zhixue/boundaries', file, code);
const tableErrors = (file: string, code: string) => ruleErrors('zhixue/table-owners', file, code);

describe('lint: import boundaries', () => {
  it('an element area imports the kit and other areas only through their define.ts', async () => {
    assert.deepEqual(await boundaryErrors('src/elements/courses/x.tsx', "import { Field } from '../shared/ui'\nexport { Field }\n"), []);
    assert.deepEqual(await boundaryErrors('src/elements/courses/x.tsx', "export const load = () => import('../chat/define')\n"), []);
    const [why] = await boundaryErrors('src/elements/courses/sub/x.tsx', "import { Composer } from '../../chat/composer'\nexport { Composer }\n");
    assert.match(why ?? '', /area "courses" imports another area's element files \("chat"\)/);
  });

  it('the kit imports no area', async () => {
    const [why] = await boundaryErrors('src/elements/shared/ui/x.tsx', "export const load = () => import('../../chat/define')\n");
    assert.match(why ?? '', /the kit \(src\/elements\/shared\) imports no area/);
  });

  it('a server module imports another only through its index.ts', async () => {
    assert.deepEqual(await boundaryErrors('server/modules/orders/x.ts', "export { addExtra } from '../quota/index.js';\n"), []);
    const [why] = await boundaryErrors('server/modules/orders/x.ts', "export { addExtra } from '../quota/accounts.js';\n");
    assert.match(why ?? '', /server module "orders" imports "quota" past its public face/);
  });

  it('browser code never imports server/, and shared/ imports neither side', async () => {
    assert.match((await boundaryErrors('src/api/x.ts', "export * from '../../server/config.js'\n"))[0] ?? '', /browser code never imports server\//);
    assert.match((await boundaryErrors('shared/x.ts', "export * from '../src/api/client';\n"))[0] ?? '', /shared\/ imports neither/);
    assert.match((await boundaryErrors('shared/x.ts', "export * from '../server/config.js';\n"))[0] ?? '', /shared\/ imports neither/);
    assert.match((await boundaryErrors('server/x.ts', "export * from '../src/api/client';\n"))[0] ?? '', /server code never imports src\//);
  });

  it('an element area never imports the host app', async () => {
    const [why] = await boundaryErrors('src/elements/admin/x.tsx', "import { errorMessage } from '../../host-app/error-message'\nexport { errorMessage }\n");
    assert.match(why ?? '', /area "admin" imports the host app/);
  });

  it('server code outside the modules reaches a module through its face; only the composition roots go past it', async () => {
    assert.deepEqual(await boundaryErrors('server/http/x.ts', "export { findActiveToken } from '../modules/account/index.js';\n"), []);
    const [why] = await boundaryErrors('server/http/x.ts', "export { findActiveToken } from '../modules/account/tokens.js';\n");
    assert.match(why ?? '', /server code outside the modules imports "account" past its public face/);
    assert.match((await boundaryErrors('server/db/x.ts', "export { createUser } from '../modules/account/store.js';\n"))[0] ?? '', /past its public face/);
    assert.deepEqual(await boundaryErrors('server/modules/index.ts', "export { chatRoutes } from './chat/routes.js';\n"), []);
    assert.deepEqual(await boundaryErrors('server/app.ts', "export { LocalGenerationRegistry } from './modules/chat/generation.js';\n"), []);
  });

  it("a module writes only its own tables and reads another's only as declared; the board reads them all", async () => {
    assert.deepEqual(await tableErrors('server/modules/classes/x.ts', "export const f = (db) => db.insertInto('class_members').values({});\n"), []);
    const [write] = await tableErrors('server/modules/admin/x.ts', "export const f = (db) => db.insertInto('classes').values({});\n");
    assert.match(write ?? '', /module "admin" writes "classes", which "classes" owns/);
    const [update] = await tableErrors('server/modules/embed/x.ts', "export const f = (db) => db.deleteFrom('users').execute();\n");
    assert.match(update ?? '', /module "embed" writes "users", which "account" owns/);
    assert.deepEqual(await tableErrors('server/modules/admin/x.ts', "export const f = (db) => db.selectFrom('classes as c').selectAll();\n"), []);
    const [read] = await tableErrors('server/modules/mindmaps/x.ts', "export const f = (db) => db.selectFrom('x').innerJoin('quota_ledger', 'a', 'b');\n");
    assert.match(read ?? '', /module "mindmaps" reads "quota_ledger", which "quota" owns/);
    assert.deepEqual(await tableErrors('server/modules/board/x.ts', "export const f = (db) => db.selectFrom('submissions').selectAll();\n"), []);
    const [boardWrite] = await tableErrors('server/modules/board/x.ts', "export const f = (db) => db.updateTable('submissions').set({});\n");
    assert.match(boardWrite ?? '', /module "board" writes "submissions"/);
    const [precompiled] = await tableErrors('server/modules/courses/x.ts', "export const f = precompiledInsert('chat_messages');\n");
    assert.match(precompiled ?? '', /module "courses" writes "chat_messages"/);
  });
});
