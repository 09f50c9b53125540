// The import graph of the built front end (dist/web), for the size benches:
// a file's gzip size, what it imports statically (loads before it runs) and
// what it loads later with import(). The embed loader is a classic script
// whose import() takes an absolute URL built at run time
// (`import(new URL("./embed/x.js", base).href)`), which counts as a relative import here.
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

const STATIC_IMPORT = /\b(?:import|export)\s*(?:[^"'()]*?\bfrom\s*)?["']([^"']+\.js)["']/g;
const DYNAMIC_IMPORT = /\bimport\s*\(\s*(?:new URL\(\s*)?["']([^"']+\.js)["']/g;

export interface Size {
  raw: number;
  gzip: number;
}

export function bundleGraph(root: string) {
  const cache = new Map<string, Size & { source: string }>();
  const read = (file: string) => {
    let entry = cache.get(file);
    if (!entry) {
      const source = readFileSync(join(root, file), 'utf8');
      entry = { raw: Buffer.byteLength(source), gzip: gzipSync(source).length, source };
      cache.set(file, entry);
    }
    return entry;
  };
  const importsOf = (file: string, pattern: RegExp): string[] => {
    const found: string[] = [];
    for (const match of read(file).source.matchAll(pattern)) {
      if (!match[1]!.startsWith('.')) continue; // bare imports do not exist in the build
      found.push(posix.normalize(posix.join(posix.dirname(file), match[1]!)));
    }
    return found;
  };
  /** The file and everything it imports statically, transitively (what loads before it runs). */
  const staticClosure = (file: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const dep of importsOf(file, STATIC_IMPORT)) staticClosure(dep, seen);
    return seen;
  };
  const total = (files: Iterable<string>): Size => {
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      raw += read(file).raw;
      gzip += read(file).gzip;
    }
    return { raw, gzip };
  };
  return {
    size: (file: string): Size => ({ raw: read(file).raw, gzip: read(file).gzip }),
    staticImports: (file: string) => importsOf(file, STATIC_IMPORT),
    dynamicImports: (file: string) => importsOf(file, DYNAMIC_IMPORT),
    staticClosure,
    total,
  };
}
