// Folds the built server's many-file ES module packages into a few files
// each, beside it in dist/node_modules/: Node looks for a bare import from
// dist/server/** in dist/node_modules before the project's node_modules, so
// the built server (and every worker it starts) loads the folded copy, while
// tests run from source keep the packages as installed.
//
// Why: typebox is 683 modules and Kysely 262, of the 1,533 a start loaded.
// Node opens, reads, compiles and links each one; folded, the main thread's
// CPU to the first answer fell by about a third.
//
// Each package keeps its whole public face: every subpath of its "exports"
// becomes an entry (a subpath the server does not import yet costs disk,
// not start time), and a package.json maps the subpaths to them. A package
// that imports one of the others (the typebox type provider) is folded too,
// or it would load the installed copy beside the folded one.
//
// Usage: node scripts/bundle-server-vendors.mjs [outDir]   (default dist/node_modules)
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import nodeResolve from '@rollup/plugin-node-resolve';
import { rollup } from 'rollup';
import { leanServerSource } from './lean-server-source.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The folded packages. Imports of anything else (ajv-formats, pg) stay imports of the installed package. */
export const FOLDED_PACKAGES = ['typebox', 'kysely', '@fastify/type-provider-typebox'];

/** A package's installed package.json, found through its directory (its "exports" need not export package.json). */
function packageJson(name) {
  const dir = join(ROOT, 'node_modules', name);
  return { dir, json: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) };
}

/** The ES module file behind one "exports" target (a string, or conditions with import/default). */
function esmTarget(target) {
  if (typeof target === 'string') return target;
  if (target && typeof target === 'object') return esmTarget(target.import ?? target.node ?? target.default);
  return undefined;
}

/** Every public subpath of a package, with its ES module file: { '.': '/…/index.js', './compile': … }. */
export function packageEntries(name) {
  const { dir, json } = packageJson(name);
  const exports = json.exports ?? { '.': json.module ?? json.main };
  const map = typeof exports === 'string' || !Object.keys(exports).some((key) => key.startsWith('.')) ? { '.': exports } : exports;
  const entries = {};
  for (const [subpath, target] of Object.entries(map)) {
    const file = esmTarget(target);
    // Wildcards and non-code files (package.json, types) are not module entries.
    if (subpath.includes('*') || !file || !/\.m?js$/u.test(file)) continue;
    entries[subpath] = resolve(dir, file);
  }
  return entries;
}

/** The entry's file name in the folded package: '.' → index, './helpers/sqlite' → helpers-sqlite. */
const entryName = (subpath) => (subpath === '.' ? 'index' : subpath.slice(2).replaceAll('/', '-'));

async function foldPackage(name, outDir) {
  const entries = packageEntries(name);
  const entryFiles = new Set(Object.values(entries));
  const packageDir = join(outDir, name);
  rmSync(packageDir, { recursive: true, force: true });
  const bundle = await rollup({
    input: Object.fromEntries(Object.entries(entries).map(([subpath, file]) => [entryName(subpath), file])),
    // Only the package's own files are folded in: every other import stays a bare import, resolved at run time
    // (to the folded copy of another folded package, or to the installed one).
    external: (id, importer) => importer !== undefined && !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0'),
    plugins: [nodeResolve({ exportConditions: ['import', 'node'] })],
    onwarn(warning, warn) {
      // Kysely's parsers import each other in cycles, as they do unfolded; the order Node runs them in is kept.
      if (warning.code !== 'CIRCULAR_DEPENDENCY') warn(warning);
    },
  });
  // One chunk holds the code, the entries re-export from it: a start opens a handful of files, not one per combination of entries.
  await bundle.write({
    dir: packageDir,
    format: 'es',
    entryFileNames: '[name].js',
    manualChunks: (id) => (entryFiles.has(id) ? undefined : 'code'),
    chunkFileNames: '[name].js',
    // Without comments and in ASCII: the source text V8 keeps is smaller (lean-server-source.mjs).
    plugins: [leanServerSource()],
  });
  await bundle.close();
  const { json } = packageJson(name);
  const exports = Object.fromEntries(Object.keys(entries).map((subpath) => [subpath, `./${entryName(subpath)}.js`]));
  writeFileSync(
    join(packageDir, 'package.json'),
    `${JSON.stringify({ name, version: json.version, type: 'module', description: `${name} folded for dist/server by scripts/bundle-server-vendors.mjs`, exports }, null, 2)}\n`,
  );
  return Object.keys(entries).length;
}

export async function bundleServerVendors(outDir = join(ROOT, 'dist/node_modules')) {
  mkdirSync(outDir, { recursive: true });
  const folded = {};
  for (const name of FOLDED_PACKAGES) folded[name] = await foldPackage(name, outDir);
  return folded;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = resolve(process.argv[2] ?? join(ROOT, 'dist/node_modules'));
  const folded = await bundleServerVendors(outDir);
  // The built server must find the folded copies: resolve each from where dist/server's files import it.
  if (!process.argv[2]) {
    const fromServer = createRequire(join(ROOT, 'dist/server/main.js'));
    for (const name of FOLDED_PACKAGES) {
      const found = fromServer.resolve(name);
      if (!found.startsWith(join(outDir, name))) throw new Error(`dist/server resolves ${name} to ${found}, not to its folded copy`);
    }
  }
  console.log(
    `folded ${Object.entries(folded)
      .map(([name, count]) => `${name} (${count} entries)`)
      .join(', ')} into ${outDir}`,
  );
}
