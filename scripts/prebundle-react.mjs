// React ships CommonJS only, which a browser cannot import as a module. For
// the browser tests we bundle react, react-dom, react-dom/client and
// react/jsx-runtime to ES modules once at start-up (esbuild, code splitting,
// so the four share one copy of React) and point those imports at them.
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

export const REACT_MODULES = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react/jsx-dev-runtime'];

const fileOf = (outDir, specifier) => resolve(outDir, `${specifier.replace(/\W/g, '_')}.js`);

/**
 * Bundles once per React version and NODE_ENV into `<cacheDir>/<key>/` and
 * reuses it after. Another test run may be reading the folder at the same
 * time (two people in one work tree), so it is never emptied: a new one is
 * built beside it and renamed into place.
 * @param {string} cacheDir folder holding the bundles
 * @param {string} nodeEnv value of process.env.NODE_ENV baked into React
 * @returns {Promise<Record<string, string>>} module specifier → absolute file path
 */
export async function prebundleReact(cacheDir, nodeEnv) {
  const require = createRequire(join(process.cwd(), 'package.json'));
  const versions = ['react', 'react-dom', 'esbuild'].map((name) => require(`${name}/package.json`).version);
  const outDir = join(cacheDir, `${nodeEnv}-${versions.join('-')}`);
  const files = Object.fromEntries(REACT_MODULES.map((specifier) => [specifier, fileOf(outDir, specifier)]));
  if (Object.values(files).every((file) => existsSync(file))) return files;

  const buildDir = `${outDir}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
  const entriesDir = join(buildDir, 'entries');
  rmSync(buildDir, { recursive: true, force: true });
  mkdirSync(entriesDir, { recursive: true });

  const entryPoints = {};
  for (const specifier of REACT_MODULES) {
    const name = specifier.replace(/\W/g, '_');
    // esbuild cannot see the names a CommonJS module exports, so list them:
    // Node loads the same module and tells us.
    const names = Object.keys(require(specifier)).filter((key) => key !== 'default' && /^[A-Za-z_$][\w$]*$/.test(key));
    const source = `import m from ${JSON.stringify(specifier)};\nexport default m;\nexport const { ${names.join(', ')} } = m;\n`;
    const file = join(entriesDir, `${name}.js`);
    writeFileSync(file, source);
    entryPoints[name] = file;
  }

  await build({
    entryPoints,
    outdir: buildDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': JSON.stringify(nodeEnv) },
    logLevel: 'warning',
  });

  try {
    renameSync(buildDir, outDir); // atomic: readers see all of it or nothing
  } catch {
    rmSync(buildDir, { recursive: true, force: true }); // another run got there first
  }
  return files;
}
