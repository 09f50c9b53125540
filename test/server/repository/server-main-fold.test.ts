// The built command line is one file (scripts/bundle-server-main.mjs): the
// modules it folds in still find the files beside them (a worker's script,
// a folder of assets) where they did, packages stay imports, a module loaded
// with import() stays its own file, the source map leads back to the
// TypeScript, and a second fold without tsc before it is refused.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { bundleServerMain, FOLDED_BANNER } from '../../../scripts/bundle-server-main.mjs';

let outDir = '';
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
  writeFileSync(path.join(outDir, file), text);
};

describe('the folded command line', () => {
  before(async () => {
    // Inside the project, as dist/ is, so that the package import resolves to the installed one.
    const scratch = fileURLToPath(new URL('../../../.tmp/', import.meta.url));
    mkdirSync(scratch, { recursive: true });
    outDir = path.join(mkdtempSync(path.join(scratch, 'main-fold-')), 'server');
    // A small tree as tsc writes it: the entry, a module in a folder that starts a worker beside itself
    // and reads an asset beside itself, a module loaded with import(), and a package.
    write(
      'main.js',
      [
        "import { startWorker, assetText } from './area/jobs.js';",
        "import { sql } from 'kysely';",
        'const answer = await startWorker();',
        "const { shout } = await import('./area/later.js');",
        '// A comment a module carries is dropped from the fold; the message keeps its characters.',
        "console.log(JSON.stringify({ answer, asset: assetText(), later: shout('ok'), kysely: typeof sql, message: '请稍后重试 🙂', length: '请稍后重试 🙂'.length }));",
        '//# sourceMappingURL=main.js.map',
        '',
      ].join('\n'),
    );
    write('main.js.map', JSON.stringify({ version: 3, file: 'main.js', sources: ['../../src/main.ts'], names: [], mappings: 'AAAA;AACA;AACA;AACA;AACA' }));
    write(
      'area/jobs.js',
      [
        "import { readFileSync } from 'node:fs';",
        "import { Worker } from 'node:worker_threads';",
        'export function startWorker() {',
        "  const worker = new Worker(new URL('./worker.js', import.meta.url));",
        "  return new Promise((resolve) => worker.once('message', (message) => { void worker.terminate(); resolve(message); }));",
        '}',
        "export const assetText = () => readFileSync(new URL('./assets/note.txt', import.meta.url), 'utf8').trim();",
        '',
      ].join('\n'),
    );
    write('area/worker.js', "import { parentPort } from 'node:worker_threads';\nparentPort.postMessage('from the worker beside jobs.js');\n");
    write('area/assets/note.txt', 'the asset beside jobs.js\n');
    write('area/later.js', 'export const shout = (text) => text.toUpperCase();\n');
    await bundleServerMain(outDir);
  });
  after(() => rmSync(path.dirname(outDir), { recursive: true, force: true }));

  it('runs as the unfolded files did: workers and assets beside their modules, packages as imports', () => {
    const run = spawnSync(process.execPath, [path.join(outDir, 'main.js')], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), {
      answer: 'from the worker beside jobs.js',
      asset: 'the asset beside jobs.js',
      later: 'OK',
      kysely: 'function',
      message: '请稍后重试 🙂',
      length: 8,
    });
    const folded = readFileSync(path.join(outDir, 'main.js'), 'utf8');
    assert.ok(folded.startsWith(FOLDED_BANNER));
    assert.match(folded, /from ["']kysely["']/u, 'the package stays an import');
    assert.doesNotMatch(folded, /from ["']\.\/area\/jobs\.js["']/u, 'the module is folded in');
    // V8 keeps a module's source text for as long as the server runs: one Chinese character makes all of it two bytes a character.
    assert.doesNotMatch(folded, /[^\t\n\r\x20-\x7e]/u, 'the fold is ASCII: the message is written with escapes');
    const code = folded.slice(FOLDED_BANNER.length).replace(/\n\/\/# sourceMappingURL=main\.js\.map\n?$/u, '');
    assert.doesNotMatch(code, /\/\/|\/\*/u, 'no comment is kept but the banner and the address of the source map');
    const chunks = readdirSync(path.join(outDir, 'main-chunks')).filter((file) => file.endsWith('.js'));
    assert.equal(chunks.length, 1, 'the module loaded with import() is a file of its own');
    assert.ok(existsSync(path.join(outDir, 'area/worker.js')), 'the worker keeps its file');
  });

  it('maps the folded code back through the maps tsc wrote', () => {
    const map = JSON.parse(readFileSync(path.join(outDir, 'main.js.map'), 'utf8')) as { sources: string[] };
    assert.ok(map.sources.includes('../../src/main.ts'), map.sources.join(', '));
    assert.ok(map.sources.includes('area/jobs.js'), 'a module without a map maps to its JavaScript');
  });

  it('refuses to fold a folded entry again', async () => {
    await assert.rejects(bundleServerMain(outDir), /already folded: run tsc/u);
  });
});
