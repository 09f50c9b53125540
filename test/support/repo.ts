// Paths in the repository for tests that read its files (sources, fixtures),
// the same whether a test runs from its TypeScript source (node --import tsx)
// or compiled into dist-tests/ (npm test, scripts/test-all.sh): the root is
// the nearest folder above this file that holds package.json.
import { existsSync } from 'node:fs';
import path from 'node:path';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const REPO_ROOT = findRoot(import.meta.dirname);

/** `parts` joined under the repository's root, e.g. repoPath('test/fixtures', 'a.pdf'). */
export function repoPath(...parts: string[]): string {
  return path.join(REPO_ROOT, ...parts);
}
