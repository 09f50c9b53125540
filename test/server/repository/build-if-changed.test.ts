// `npm start` builds only what changed (scripts/build-if-changed.mjs): a
// second start with nothing changed skips the build, a changed source builds
// its half again, and a missing output or a changed build setting builds too.
// Run on a small tree of its own, with the real targets' shape.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { fingerprint, recordBuilt, staleTargets, TARGETS, type BuildTarget } from '../../../scripts/build-if-changed.mjs';

const server: BuildTarget = {
  name: 'server',
  inputs: ['server', 'shared', 'tsconfig.json'],
  outputs: ['dist/server/main.js'],
  command: [],
  env: [],
};
const web: BuildTarget = { name: 'web', inputs: ['src', 'shared'], outputs: ['dist/web/index.html'], command: [], env: ['ZX_SUITE_REACT'] };
const targets = [server, web];

let root = '';
function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}
const stale = (env: Record<string, string | undefined> = {}) => staleTargets(root, targets, env).map((target) => target.name);
function buildAll(env: Record<string, string | undefined> = {}): void {
  write('dist/server/main.js', 'built');
  write('dist/web/index.html', 'built');
  for (const target of targets) recordBuilt(root, target, fingerprint(root, target, env));
  assert.deepEqual(stale(env), []);
}

describe('npm start builds only what changed', () => {
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'zx-build-'));
    write('server/main.ts', 'export const port = 8080;\n');
    write('shared/rules.ts', 'export const max = 3;\n');
    write('src/app.tsx', 'export const App = () => null\n');
    write('tsconfig.json', '{}\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds both halves the first time, then skips when nothing changed', () => {
    assert.deepEqual(stale(), ['server', 'web']);
    buildAll();
    assert.deepEqual(stale(), []);
  });

  it('a changed server source builds the server only; a changed browser source the front end only', () => {
    buildAll();
    write('server/main.ts', 'export const port = 8081;\n');
    assert.deepEqual(stale(), ['server']);
    buildAll();
    write('src/app.tsx', 'export const App = () => 1\n');
    assert.deepEqual(stale(), ['web']);
  });

  it('a changed shared source or a new file builds what reads it', () => {
    buildAll();
    write('shared/rules.ts', 'export const max = 4;\n');
    assert.deepEqual(stale(), ['server', 'web']);
    buildAll();
    write('server/new-module.ts', 'export {};\n');
    assert.deepEqual(stale(), ['server']);
  });

  it('a file rewritten with the same content stays up to date', () => {
    buildAll();
    write('server/main.ts', 'export const port = 8080;\n');
    assert.deepEqual(stale(), []);
  });

  it('a missing output builds again, and so does a changed build setting', () => {
    buildAll();
    rmSync(path.join(root, 'dist/web/index.html'));
    assert.deepEqual(stale(), ['web']);
    buildAll();
    assert.deepEqual(stale({ ZX_SUITE_REACT: '1' }), ['web']);
  });

  it("the real targets read the server's and the browser's sources and leave the files npm start serves", () => {
    const byName = new Map(TARGETS.map((target) => [target.name, target]));
    assert.ok(byName.get('server')?.inputs.includes('server'));
    assert.ok(byName.get('server')?.outputs.includes('dist/server/main.js'));
    assert.ok(byName.get('web')?.inputs.includes('src'));
    for (const target of TARGETS) assert.ok(target.inputs.includes('shared'), target.name);
  });
});
