// What a start on SQLite loads: packages only some features use (the
// PostgreSQL driver, the password lists, zip and CSV readers, the
// traditional-to-simplified dictionaries, the sign-on and LTI libraries,
// the rate limiters, the outside-request filter) wait for their first use,
// so every start does not pay for them in time and memory.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { repoPath } from '../../support/repo.js';

const LATER = [
  'pg',
  '@zxcvbn-ts/core',
  '@zxcvbn-ts/language-common',
  'fflate',
  'csv-parse',
  'opencc-js',
  'ldapts',
  'openid-client',
  'oauth4webapi',
  'jose',
  'rate-limiter-flexible',
  'request-filtering-agent',
];

// A load hook that writes down every module URL (hooks run on their own thread: the list goes through a file).
const HOOK = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  appendFileSync(process.env.ZX_LOADED_LIST, url + '\\n');
  return next(url, context);
}`;
const REGISTER = `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOK)}));`;

const dir = mkdtempSync(join(tmpdir(), 'zx-startup-imports-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('the server starts without loading the packages only some features need', { timeout: 60_000 }, () => {
  const list = join(dir, 'loaded.txt');
  // The modules `main.js start` loads before it opens the database (main.ts itself only prints its usage here).
  const run = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, '--import', 'tsx', repoPath('server/main.ts')], {
    cwd: repoPath('.'),
    env: { ...process.env, ZX_LOADED_LIST: list },
    encoding: 'utf8',
  });
  assert.match(run.stderr, /usage:/, run.stderr);
  const loaded = readFileSync(list, 'utf8').split('\n');
  assert.ok(
    loaded.some((url) => url.includes('/node_modules/kysely/')),
    'the list holds the packages the server does load',
  );
  for (const name of LATER) {
    assert.deepEqual(
      loaded.filter((url) => url.includes(`/node_modules/${name}/`)),
      [],
      `${name} is loaded by the start`,
    );
  }
});
