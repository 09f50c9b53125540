// Gzip sizes of the built front end (run `npm run build` first):
//   - the host app's first load: app/main.js and every module it imports statically
//   - each element bundle, alone and with the shared chunks it pulls in beyond that first load,
//     and (last column) everything a page showing it downloads: the first load plus that
//   - each chunk an element loads later with import() (the board's charts, the lesson editor),
//     counted beyond what the page already holds
//   - the embed loader, and the loader plus its lazily loaded panel
// Baseline in the same run: React 19 + react-dom alone (the chunk every React page needs),
// built in memory by the suite build's plugins (bench/lib/react-baseline.ts), so the app's
// own weight is read against the library it would stand on; the suite ships preact/compat,
// its chunks/preact-*.js listed as the framework chunk.
// Usage: node --import tsx bench/bundle-size.ts [dist/web]
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bundleGraph } from './lib/bundle-graph.js';
import { reactBaselineSize } from './lib/react-baseline.js';

const root = process.argv[2] ?? 'dist/web';
if (!existsSync(root)) {
  console.error(`${root} does not exist: run \`npm run build\` first.`);
  process.exit(1);
}

// The import graph (static and dynamic imports, sizes) is shared with bench/embed-size.ts.
const { staticClosure, dynamicImports, total } = bundleGraph(root);

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const rows: { what: string; files: number; raw: number; gzip: number; page?: number }[] = [];
function row(what: string, files: Set<string> | string[], page?: Set<string>) {
  const list = [...files];
  rows.push({ what, files: list.length, ...total(list), page: page ? total(page).gzip : undefined });
}

const firstLoad = existsSync(join(root, 'app/main.js')) ? staticClosure('app/main.js') : new Set<string>();
rows.push({ what: 'baseline: React 19 + react-dom (built in memory)', files: 1, ...(await reactBaselineSize()) });
const frameworkChunk = existsSync(join(root, 'chunks'))
  ? readdirSync(join(root, 'chunks')).find((name) => /^(preact|react)-[\w-]+\.js$/.test(name))
  : undefined;
if (frameworkChunk) row(`framework chunk: chunks/${frameworkChunk.replace(/-[\w-]+\.js$/, '-*.js')}`, [`chunks/${frameworkChunk}`]);
if (firstLoad.size) row('host app first load (app/main.js + static imports)', firstLoad);

const elementsDir = join(root, 'elements');
const elements = existsSync(elementsDir)
  ? readdirSync(elementsDir)
      .filter((name) => name.endsWith('.js'))
      .sort()
  : [];
for (const name of elements) {
  const file = `elements/${name}`;
  const closure = staticClosure(file);
  row(`${file} alone`, [file]);
  row(
    `${file} + chunks beyond the first load`,
    [...closure].filter((dep) => !firstLoad.has(dep)),
    new Set([...firstLoad, ...closure]),
  );
  // Only the element's own import() calls: the shared markdown renderer's languages and KaTeX are listed nowhere else either.
  const lazy = dynamicImports(file).filter((dep) => dep.startsWith('chunks/') && !closure.has(dep) && !firstLoad.has(dep));
  for (const chunk of [...new Set(lazy)].sort()) {
    row(
      `  ↳ ${chunk} (lazy) + what it adds`,
      [...staticClosure(chunk)].filter((dep) => !closure.has(dep) && !firstLoad.has(dep)),
    );
  }
}

if (existsSync(join(root, 'embed.js'))) {
  const loader = staticClosure('embed.js');
  row('embed.js (loader, on every CMS page)', loader);
  const opened = new Set(loader);
  for (const lazy of dynamicImports('embed.js')) staticClosure(lazy, opened);
  row('embed.js + panel (once opened)', opened);
}

if (rows.length === 0) {
  console.error(`No bundles found under ${relative(process.cwd(), root) || root}.`);
  process.exit(1);
}

const width = Math.max(...rows.map((r) => r.what.length));
console.log(`Bundle sizes in ${root} (KiB; gzip at zlib's default level)`);
console.log(`${'bundle'.padEnd(width)}  files  ${'raw'.padStart(8)}  ${'gzip'.padStart(8)}  ${'page gzip'.padStart(9)}`);
for (const r of rows) {
  const page = r.page === undefined ? '' : kb(r.page).padStart(9);
  console.log(`${r.what.padEnd(width)}  ${String(r.files).padStart(5)}  ${kb(r.raw).padStart(8)}  ${kb(r.gzip).padStart(8)}  ${page}`);
}
const base = rows.find((r) => r.what.startsWith('baseline'));
const app = rows.find((r) => r.what.startsWith('host app'));
if (base && app) console.log(`ratio: host app first load / React baseline = ${(app.gzip / base.gzip).toFixed(2)} (gzip)`);
