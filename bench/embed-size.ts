// The embed's download sizes (gzip), against other chat widgets:
//   - the script tag's first download: dist/web/embed.js alone (budget 3 KB;
//     Dify's loader, the smallest of them, is 3.3 KB);
//   - the chat panel: the chunk the loader imports (on idle or first open)
//     and what it imports statically, i.e. the panel UI and Preact, which
//     shows the panel and takes a question (budget 45 KB; Flowise's embed
//     284 KB, Typebot's 196 KB, Botpress's React library 180 KB), against
//     preact/compat alone bundled and minified by esbuild in the same run;
//   - the markdown renderer with marked and DOMPurify, which the panel fetches
//     as it loads (beside the conversation's history), and the panel with it:
//     what the first answer has arrived with (budget 55 KB);
//   - what loads only when an answer needs it (code highlighting, math) or
//     another language is asked for, listed apart.
// Competitors' figures are the issue's (their published bundles, gzip).
// Exits 1 when a budget is exceeded. Run `npm run build` first.
// Usage: node --import tsx bench/embed-size.ts [dist/web]
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { bundleGraph, type Size } from './lib/bundle-graph.js';
import { reportGoal, sameRunFigure } from './lib/goal.js';

const root = process.argv[2] ?? 'dist/web';
if (!existsSync(join(root, 'embed.js'))) {
  console.error(`${join(root, 'embed.js')} does not exist: run \`npm run build\` first.`);
  process.exit(1);
}

const KB = 1024;
const LOADER_BUDGET = 3 * KB;
const PANEL_BUDGET = 45 * KB;
const WITH_RENDERER_BUDGET = 55 * KB;
const COMPETITORS = {
  loader: [['Dify loader', 3.3 * KB]],
  panel: [
    ['Flowise embed', 284 * KB],
    ['Typebot embed', 196 * KB],
    ['Botpress React library', 180 * KB],
  ],
} as const;

const graph = bundleGraph(root);
const loaderFiles = graph.staticClosure('embed.js');
const panelEntries = graph.dynamicImports('embed.js');
const opened = new Set(loaderFiles);
for (const entry of panelEntries) graph.staticClosure(entry, opened);
// The markdown renderer: the panel module's own import() of it, fetched as the panel loads.
const renderer = new Set<string>();
for (const entry of panelEntries) {
  for (const lazy of graph.dynamicImports(entry)) if (/(^|\/)markdown-blocks-[^/]*\.js$/.test(lazy)) graph.staticClosure(lazy, renderer);
}
for (const file of opened) renderer.delete(file);
const later = new Set<string>();
// Lazy chunks load further lazy chunks (the highlighting's language table loads each language).
for (const pending = [...opened]; pending.length;) {
  for (const lazy of graph.dynamicImports(pending.pop()!)) {
    if (opened.has(lazy) || later.has(lazy)) continue;
    const before = new Set(later);
    graph.staticClosure(lazy, later);
    pending.push(...[...later].filter((file) => !before.has(file)));
  }
}
// A lazy chunk may import what the panel already loaded (the renderer's other languages import its zh-CN words): not counted twice.
for (const file of [...opened, ...renderer]) later.delete(file);

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const loader = graph.total(loaderFiles);
const panelFiles = [...opened].filter((file) => !loaderFiles.has(file));
const panel = graph.total(panelFiles);

function report(what: string, size: Size, budget: number, others: ReadonlyArray<readonly [string, number]>): boolean {
  const ok = size.gzip <= budget;
  console.log(`${what}: ${kb(size.gzip)} gzip (${kb(size.raw)} raw), budget ${kb(budget)} ${ok ? 'ok' : 'EXCEEDED'}`);
  for (const [name, bytes] of others) console.log(`  ratio to ${name} (${kb(bytes)}): ${(size.gzip / bytes).toFixed(3)}`);
  return ok;
}

console.log(`Embed sizes in ${root} (gzip at zlib's default level)`);
const loaderOk = report('script tag first download (embed.js)', loader, LOADER_BUDGET, COMPETITORS.loader);
if (graph.staticImports('embed.js').length) console.log('  embed.js imports chunks statically: it would fail as a classic <script>');
const panelOk = report(`chat panel, loaded on idle or first open (${panelFiles.length} chunk(s): panel UI, Preact)`, panel, PANEL_BUDGET, COMPETITORS.panel);
if (renderer.size === 0) console.log('  the markdown renderer was not found as a chunk the panel imports: is it bundled into the panel?');
const rendererSize = graph.total(renderer);
console.log(
  `markdown renderer, fetched as the panel loads (${renderer.size} chunk(s): renderer, marked, DOMPurify): ${kb(rendererSize.gzip)} gzip (${kb(rendererSize.raw)} raw)`,
);
const withRendererOk = report('chat panel with its markdown renderer', graph.total([...panelFiles, ...renderer]), WITH_RENDERER_BUDGET, COMPETITORS.panel);
const librariesOnly = await build({
  stdin: {
    contents: [
      "import { createRoot } from 'preact/compat/client'",
      "import { memo, forwardRef, useState, useEffect } from 'preact/compat'",
      'console.log(createRoot, memo, forwardRef, useState, useEffect)',
    ].join('\n'),
    resolveDir: process.cwd(),
  },
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2020',
  write: false,
});
const libraries = gzipSync(librariesOnly.outputFiles[0]!.contents).length;
reportGoal({
  id: '9',
  what: 'embed panel (gzip)',
  figure: sameRunFigure(kb(panel.gzip), `preact/compat alone ${kb(libraries)}`, panel.gzip / libraries),
  limit: `≤ ${kb(PANEL_BUDGET)}, ${kb(WITH_RENDERER_BUDGET)} with the markdown renderer (${kb(graph.total([...panelFiles, ...renderer]).gzip)})`,
  met: panelOk && withRendererOk && renderer.size > 0,
});
console.log(`script tag + panel + renderer together: ${kb(graph.total([...opened, ...renderer]).gzip)} gzip`);
console.log(`loaded only when needed (highlighting, math, other locales, iframe bridge): ${later.size} chunks, ${kb(graph.total(later).gzip)} gzip in all`);
process.exit(loaderOk && panelOk && withRendererOk && renderer.size > 0 && graph.staticImports('embed.js').length === 0 ? 0 : 1);
