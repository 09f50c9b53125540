// The built front end's chunks (rollup.config.mjs): no two files
// import each other, directly or round a loop (a loop runs one file before
// the bindings it imports are initialised: /login failed with a
// ReferenceError when the shell chunk and an area's words imported each
// other), and the host app's first load stays a handful of files (it was 16,
// and a first visit waited for three rounds of six HTTP/1.1 connections).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { REPO_ROOT } from '../support/repo.js';

const WEB = join(REPO_ROOT, 'dist/web');

function scripts(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return scripts(path);
    return path.endsWith('.js') ? [path] : [];
  });
}

/** The files a built script imports statically (minified: `import{a as b}from"./x.js"`, `import"./y.js"`). */
function staticImports(file: string): string[] {
  const code = readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const match of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"()]*?from\s*)?["']([^"']+)["']/gu)) {
    const spec = match[1]!;
    if (spec.startsWith('/')) found.add(join(WEB, spec));
    else if (spec.startsWith('.')) found.add(resolve(dirname(file), spec));
  }
  return [...found];
}

const built = () => {
  assert.ok(existsSync(join(WEB, 'app/main.js')), 'dist/web is missing: run `npm run build` first (npm test does)');
  return new Map(scripts(WEB).map((file) => [file, staticImports(file)]));
};

test('no built script imports another that imports it back, directly or round a loop', () => {
  const imports = built();
  const state = new Map<string, 'open' | 'done'>();
  const loops: string[] = [];
  const visit = (file: string, path: string[]) => {
    state.set(file, 'open');
    for (const next of imports.get(file) ?? []) {
      if (state.get(next) === 'open') loops.push([...path.slice(path.indexOf(next)), file, next].map((f) => relative(WEB, f)).join(' → '));
      else if (!state.has(next)) visit(next, [...path, file]);
    }
    state.set(file, 'done');
  };
  for (const file of imports.keys()) if (!state.has(file)) visit(file, []);
  assert.deepEqual(loops, []);
});

test("the host app's first load is at most 5 files, each imported by a file that exists", () => {
  const imports = built();
  const firstLoad = new Set<string>();
  const pending = [join(WEB, 'app/main.js')];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (firstLoad.has(file)) continue;
    assert.ok(imports.has(file), `${relative(WEB, file)} is imported but was not built`);
    firstLoad.add(file);
    pending.push(...imports.get(file)!);
  }
  assert.ok(firstLoad.size <= 5, `first load: ${[...firstLoad].map((f) => relative(WEB, f)).join(', ')}`);
});
