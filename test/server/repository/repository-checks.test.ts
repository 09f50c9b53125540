// The repository checks the test command runs beside ESLint
// (docs/development.md): history in prose, and runtime import cycles in the
// built server. Each is fed small inputs here, so a check that stops seeing
// what it is for fails here, not silently in CI.
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { checkRepository, findHistory, proseOfCode } from '../../../scripts/check-history.mjs';
import { cyclesOf, exampleCycle, importGraph } from '../../../scripts/check-import-cycles.mjs';
import { REPO_ROOT } from '../../support/repo.js';

const reasons = (text: string) => findHistory(text).map((found) => found.reason);

describe('history check', () => {
  it('finds issue numbers, work sessions, dates of work and commit hashes', () => {
    assert.deepEqual(reasons('The token cache (issue 18) keeps checks'), ['a tracker issue number: describe the behaviour or link a docs page']);
    assert.deepEqual(reasons('Measured in the seventh session'), ['a work session or round']);
    assert.deepEqual(reasons('On 27 November the suite took 400 s'), ['a date']);
    assert.deepEqual(reasons('re-measured 2026-11-25 on a quiet machine'), ['a date']);
    assert.deepEqual(reasons('the same code (`36b34f9`) gave 0.37'), ['a commit hash']);
  });

  it('leaves alone what describes behaviour', () => {
    for (const text of [
      'An upload session is claimed by lease',
      'the session token is revoked at sign-out',
      '5 rounds alternating between the two servers',
      'a colour such as `#1e90ff` and the word `deadbeef`',
      'refilled on the 1st of each month',
      'common passwords such as `12345678` are refused',
    ]) {
      assert.deepEqual(findHistory(text), [], text);
    }
  });

  it('reads only comments and test names in code, not strings the product shows', () => {
    const code = [
      '// Saved every second (issue 18).',
      "const term = '2024-09-01'; /* a comment of 2026-11-25 */",
      "test('the seventh session', () => {});",
      'describe.skip(`round trip`, () => {});',
      "const shown = 'issue 3 of the magazine';",
    ].join('\n');
    const prose = proseOfCode('x.test.ts', code).map((piece) => piece.text);
    assert.ok(prose.includes('// Saved every second (issue 18).'));
    assert.ok(prose.includes('/* a comment of 2026-11-25 */'));
    assert.ok(prose.includes("'the seventh session'"));
    assert.ok(prose.includes('`round trip`'));
    assert.ok(!prose.some((text) => text.includes('2024-09-01') || text.includes('magazine')));
  });

  it('finds nothing in this repository', () => {
    assert.deepEqual(checkRepository(REPO_ROOT), []);
  });
});

describe('import cycle check', () => {
  function built(files: Record<string, string>): { dir: string; graph: Map<string, string[]> } {
    const dir = mkdtempSync(path.join(tmpdir(), 'zx-cycles-'));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), text);
    }
    return { dir, graph: importGraph([dir]) };
  }

  it('finds a cycle of static imports and re-exports, and names it from its first file', () => {
    const { dir, graph } = built({
      'account/index.js': "export { importRoster } from './roster-import.js';\n",
      'account/roster-import.js': "import { addToClass } from '../classes/index.js';\nexport const importRoster = () => addToClass();\n",
      'classes/index.js': "import { findUser } from '../account/index.js';\nexport const addToClass = () => findUser;\n",
      'courses/index.js': "import { addToClass } from '../classes/index.js';\nexport const enrol = addToClass;\n",
    });
    try {
      const cycles = cyclesOf(graph);
      assert.equal(cycles.length, 1);
      const chain = exampleCycle(graph, cycles[0] ?? []).map((file) => path.relative(dir, file));
      assert.deepEqual(chain, ['account/index.js', 'account/roster-import.js', 'classes/index.js', 'account/index.js']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not count a dynamic import() or a package import as an edge', () => {
    const { dir, graph } = built({
      'a.js': "import fastify from 'fastify';\nexport const load = () => import('./b.js');\nexport { fastify };\n",
      'b.js': "import { load } from './a.js';\nexport const again = load;\n",
    });
    try {
      assert.deepEqual(cyclesOf(graph), []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
