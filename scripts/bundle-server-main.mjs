// Folds the built server's own modules into one file: dist/server/main.js,
// as tsc wrote it, becomes the command line with every module it imports
// (dist/server/** and dist/shared/**) inside it. Packages stay imports,
// resolved at run time (to dist/node_modules' folded copies first).
//
// Why: a start loaded about 600 of the server's own modules, and Node's ES
// module loader opens, reads, resolves and links each one. Folded, the
// main thread reaches the command's first line about 0.16 s sooner (of
// about 0.47 s) on the 2-core machine the goals are measured on.
//
// The other files in dist/server stay as tsc wrote them: each worker
// (parse, hash, exports) is started from its own file and loads its own
// modules. A module that finds a file beside itself through
// `import.meta.url` (a worker's script, the assets folder, a package
// resolved with createRequire) is given its own file's URL, not the
// bundle's, so every such path means what it meant before.
//
// The folded files are printed without comments and in ASCII, which halves
// the source text V8 keeps in memory (lean-server-source.mjs).
//
// The source map goes back through tsc's maps to server/**/*.ts:
// `node --enable-source-maps dist/server/main.js start` prints TypeScript
// positions in stack traces.
//
// Usage: node scripts/bundle-server-main.mjs   (after tsc -p tsconfig.server.json)
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollup } from 'rollup';
import { leanServerSource } from './lean-server-source.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The first line of a folded main.js: a second run without tsc before it would fold the fold. */
export const FOLDED_BANNER = '// dist/server/main.js folded by scripts/bundle-server-main.mjs';
/** Modules the command imports with import() (the HTML reader) stay their own files, loaded when first used. */
const CHUNKS_DIR = 'main-chunks';

/** The code that stands for `import.meta.url` inside module `moduleId` once it lives in chunk `chunkFile`. */
function moduleUrlExpression(moduleId, chunkFile) {
  const path = relative(dirname(chunkFile), moduleId).split(sep).join('/');
  return `new URL(${JSON.stringify(path.startsWith('.') ? path : `./${path}`)}, import.meta.url).href`;
}

/** Rollup plugin: each module's own `import.meta.url`, and tsc's source map of each module for the bundle's map to go through. */
function keepModuleLocations(outDir) {
  return {
    name: 'keep-module-locations',
    load(id) {
      if (!id.endsWith('.js')) return null;
      const code = readFileSync(id, 'utf8');
      let map = null;
      try {
        map = readFileSync(`${id}.map`, 'utf8');
      } catch {
        // A module without a map is mapped to its JavaScript.
      }
      return { code: code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/u, '\n'), map };
    },
    resolveImportMeta(property, { chunkId, moduleId }) {
      if (property !== 'url') return null;
      return moduleUrlExpression(moduleId, join(outDir, chunkId));
    },
  };
}

/** Folds `outDir/main.js` (tsc's) and the modules it imports into `outDir/main.js`; returns how many modules it holds. */
export async function bundleServerMain(outDir = join(ROOT, 'dist/server')) {
  const entry = join(outDir, 'main.js');
  if (readFileSync(entry, 'utf8').startsWith(FOLDED_BANNER)) throw new Error(`${entry} is already folded: run tsc -p tsconfig.server.json first`);
  const staging = join(outDir, '.main-fold');
  rmSync(staging, { recursive: true, force: true });
  const bundle = await rollup({
    input: entry,
    // Only the server's own files (relative imports) are folded; every package stays an import.
    external: (id, importer) => importer !== undefined && !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0'),
    plugins: [keepModuleLocations(outDir)],
    onwarn(warning) {
      // Anything Rollup finds odd (a cycle, a missing export) would change what the server does: stop the build.
      throw new Error(`folding dist/server/main.js: ${warning.message}`);
    },
  });
  // Written beside, then moved over tsc's files: the entry is read while the bundle is built.
  await bundle.write({
    dir: staging,
    format: 'es',
    entryFileNames: 'main.js',
    chunkFileNames: `${CHUNKS_DIR}/[name]-[hash].js`,
    sourcemap: true,
    sourcemapExcludeSources: true,
    sourcemapPathTransform: (source, mapFile) =>
      relative(outDir, resolve(dirname(mapFile), source))
        .split(sep)
        .join('/'),
    banner: FOLDED_BANNER,
    // Without comments and in ASCII: the source text V8 keeps is about half (lean-server-source.mjs).
    plugins: [leanServerSource({ keep: /^ dist\/server\/main\.js folded by / })],
  });
  const modules = bundle.cache?.modules.length ?? 0;
  await bundle.close();
  rmSync(join(outDir, CHUNKS_DIR), { recursive: true, force: true });
  renameSync(join(staging, 'main.js'), entry);
  renameSync(join(staging, 'main.js.map'), `${entry}.map`);
  try {
    renameSync(join(staging, CHUNKS_DIR), join(outDir, CHUNKS_DIR));
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  rmSync(staging, { recursive: true, force: true });
  return modules;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const modules = await bundleServerMain();
  console.log(`folded ${modules} of the server's modules into dist/server/main.js`);
}
