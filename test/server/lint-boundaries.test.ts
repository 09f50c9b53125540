// The import boundaries of docs/architecture.md, as ESLint (eslint.config.mjs)
// enforces them: one snippet per rule, linted as if it sat at the given path.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { REPO_ROOT, repoPath } from '../support/repo.js';

const eslint = new ESLint({ cwd: REPO_ROOT });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: repoPath(file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'zhixue/boundaries').map((m) => m.message);
}

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
});
