// Builds the browser side into dist/web/:
//   app/main.js            the host app (router, layouts, pages)
//   elements/<bundle>.js   one entry per src/elements/<area>/define.ts(x) (bundle names: scripts/bundle-names.mjs)
//   chunks/*.js            code shared between them, so a page loads only what it shows
//   embed.js + embed/*.js  the script-tag entry for CMS pages
// The whole browser side runs on preact/compat (React's API, 10 KB instead of
// 60): the components are written against React's types and aliased at build
// time. ZX_SUITE_REACT=1 builds the host app and elements on React 19.
//   index.html, public/**  copied from src/host-app (index.html with modulepreload hints)
//   custom-elements.json, elements.d.ts  the elements' manifest and tag types (scripts/elements-manifest.mjs)
//   <file>.br, <file>.gz   precompressed copies of every text file (scripts/rollup-web-delivery.mjs)
// Entries whose source does not exist yet are skipped, so a partial tree builds.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import alias from '@rollup/plugin-alias';
import commonjs from '@rollup/plugin-commonjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import { bundleName } from './scripts/bundle-names.mjs';
import { elementsManifest } from './scripts/elements-manifest.mjs';
import { esbuildTypeScript } from './scripts/rollup-esbuild.mjs';
import { minifyCssTemplates } from './scripts/rollup-minify-css.mjs';
import { elementChunkMap, modulePreloadHints, precompress } from './scripts/rollup-web-delivery.mjs';

const OUT = 'dist/web';
const HOST_APP = 'src/host-app';
const EXTENSIONS = ['.ts', '.tsx', '.mjs', '.js', '.json'];

function firstExisting(...paths) {
  return paths.find((p) => existsSync(p));
}

/**
 * src/elements/<area>/define.ts(x) → { 'elements/<bundle>': path }. The bundle is
 * named after the area, except where scripts/bundle-names.mjs maps a renamed area
 * (assistants → apps.js, knowledge → knowledge-library.js, resources →
 * resource-library.js) to the file name that pages already load.
 */
function elementEntries() {
  const root = 'src/elements';
  if (!existsSync(root)) return {};
  const entries = {};
  for (const area of readdirSync(root).sort()) {
    const define = firstExisting(join(root, area, 'define.ts'), join(root, area, 'define.tsx'));
    if (define) entries[`elements/${bundleName(area)}`] = define;
  }
  return entries;
}

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map((name) => join(dir, String(name)))
    .filter((path) => statSync(path).isFile());
}

const KATEX_FONTS = 'node_modules/katex/dist/fonts';

/** Emits the host page and its static files as assets of the build. */
function copyHostAppFiles() {
  const files = [
    [join(HOST_APP, 'index.html'), 'index.html'],
    ...filesUnder(join(HOST_APP, 'public')).map((path) => [path, relative(join(HOST_APP, 'public'), path)]),
    // KaTeX's fonts, declared by setKatexFontBase('/katex/fonts/') in the host app
    // (Chromium ignores @font-face inside shadow roots, so they go on the document).
    ...filesUnder(KATEX_FONTS)
      .filter((path) => path.endsWith('.woff2'))
      .map((path) => [path, `katex/fonts/${relative(KATEX_FONTS, path)}`]),
  ].filter(([from]) => existsSync(from));
  return {
    name: 'zx-copy-host-app-files',
    buildStart() {
      for (const [from] of files) this.addWatchFile(from);
    },
    generateBundle() {
      for (const [from, fileName] of files) {
        this.emitFile({ type: 'asset', fileName, source: readFileSync(from) });
      }
    },
  };
}

function plugins({ preact = false } = {}) {
  return [
    preact &&
      alias({
        entries: [
          // Order matters: the most specific ids first.
          { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
          { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
          { find: /^react-dom$/, replacement: 'preact/compat' },
          { find: /^react$/, replacement: 'preact/compat' },
        ],
      }),
    replace({
      preventAssignment: true,
      values: { 'process.env.NODE_ENV': JSON.stringify('production') },
    }),
    esbuildTypeScript(),
    minifyCssTemplates(),
    nodeResolve({ browser: true, extensions: EXTENSIONS }),
    commonjs(),
    terser({ ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } }),
  ].filter(Boolean);
}

function onwarn(warning, warn) {
  // Libraries that use `this` at module top level are harmless in ESM output.
  if (warning.code === 'THIS_IS_UNDEFINED') return;
  warn(warning);
}

const written = new Set();

/** Notes every file a build writes; the last build then deletes what no build wrote. */
function pruneStaleOutput({ last }) {
  return {
    name: 'zx-prune-stale-output',
    writeBundle(_, bundle) {
      for (const fileName of Object.keys(bundle)) written.add(fileName);
    },
    closeBundle() {
      // Not in watch mode (the other builds may not have run again), and
      // never emptying the folder first: a server may be serving it meanwhile.
      if (!last || process.env.ROLLUP_WATCH) return;
      for (const path of filesUnder(OUT)) {
        if (!written.has(relative(OUT, path))) rmSync(path);
      }
    },
  };
}

const configs = [];

/** `words-<area>` for an area's zh-CN words or its i18n group (src/i18n/groups/<area>.ts), else null. */
function areaWordsChunk(id) {
  const group = /[\\/]src[\\/]i18n[\\/]groups[\\/]([\w-]+)\.ts$/.exec(id);
  if (group) return `words-${group[1]}`;
  const words = /[\\/]src[\\/]i18n[\\/]([\w-]+)[\\/](?:([\w-]+)-)?zh-CN\.ts$/.exec(id);
  if (!words || words[1] === 'shared' || words[1] === 'locales') return null;
  // quota/phone-zh-CN.ts holds the phone-account group's words.
  return `words-${words[2] === 'phone' ? 'phone-account' : words[1]}`;
}

const I18N_CORE = resolve('src/i18n/core.ts');
/** The words' `params` with plural forms: every area's words import it, so it belongs with the core, not the shell. */
const I18N_PLURAL = resolve('src/i18n/plural.ts');

/** Every module `entry` imports statically, directly or not (once per build: keyed by the build's getModuleInfo). */
const staticGraphs = new WeakMap();
function staticGraphOf(entry, getModuleInfo) {
  let graphs = staticGraphs.get(getModuleInfo);
  if (!graphs) staticGraphs.set(getModuleInfo, (graphs = new Map()));
  let graph = graphs.get(entry);
  if (graph) return graph;
  graph = new Set();
  const pending = [entry];
  while (pending.length) {
    const info = getModuleInfo(pending.pop());
    for (const imported of info?.importedIds ?? []) {
      if (!graph.has(imported)) {
        graph.add(imported);
        pending.push(imported);
      }
    }
  }
  graphs.set(entry, graph);
  return graph;
}

const suiteOnPreact = process.env.ZX_SUITE_REACT !== '1';
const appMain = firstExisting(join(HOST_APP, 'main.tsx'), join(HOST_APP, 'main.ts'));
const suiteInputs = { ...(appMain ? { 'app/main': appMain } : {}), ...elementEntries() };
if (Object.keys(suiteInputs).length > 0) {
  configs.push({
    input: suiteInputs,
    output: {
      dir: OUT,
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      assetFileNames: 'assets/[name]-[hash][extname]',
      manualChunks(id, { getModuleInfo }) {
        // The framework changes rarely: one separately cached chunk, named after it.
        if (/[\\/]node_modules[\\/](react|react-dom|scheduler|preact)[\\/]/.test(id)) return suiteOnPreact ? 'preact' : 'react';
        // An area's base words and its i18n group: a chunk of their own, loaded with the
        // elements that show them. Named here, they stay out of the shell chunk below (a manual
        // chunk takes in every module it imports that no other manual chunk holds).
        const words = areaWordsChunk(id);
        if (words) return words;
        // What those chunks import (the i18n core, the settings store it reads): a chunk of its
        // own too, that imports nothing of the shell, so no two chunks import each other (a cycle
        // between chunks runs one before its imports are initialised).
        if ([I18N_CORE, I18N_PLURAL].some((root) => id === root || staticGraphOf(root, getModuleInfo).has(id))) return 'i18n';
        // Everything the host app imports before its first page is one chunk. Split by which
        // entries share it, it was fifteen chunks of a few hundred bytes to 10 KB, and a first
        // visit waited for three rounds of six HTTP/1.1 connections.
        if (appMain && staticGraphOf(resolve(appMain), getModuleInfo).has(id)) return 'shell';
      },
    },
    plugins: [
      ...plugins({ preact: suiteOnPreact }),
      copyHostAppFiles(),
      // custom-elements.json and elements.d.ts (HTMLElementTagNameMap) for schools' tooling.
      elementsManifest(),
      modulePreloadHints({ entry: 'app/main.js', html: 'index.html' }),
      elementChunkMap({ entry: 'app/main.js', elementsDir: 'elements/', marker: '__ZX_ELEMENT_CHUNKS__' }),
      precompress(),
    ],
    // The words' files call @nanostores/i18n's params() at top level; as a pure
    // call, an area's words (src/i18n/groups/) go only with the elements that
    // show them, not into the host app's first load with the shell's words.
    // Rollup matches these by name, and also treats every method call on that
    // name as pure (dropped when its result is unused): hence a name nothing
    // else uses. As 'params' it silently removed `params.set(...)` from the
    // board's query string, and the board asked for no dates at all.
    treeshake: { manualPureFunctions: ['i18nParams'] },
    onwarn,
  });
}

/**
 * embed.js is pasted into CMS pages as a classic <script> (not type=module):
 * it may not import anything statically, and it is wrapped in a function so
 * its top-level names never become globals of the page. Its import() of the
 * panel gets an absolute URL made from the script's own address: a classic
 * script loaded from another origin resolves relative import()s against
 * about:blank.
 */
function classicScriptEntry() {
  const base = '__zxScriptSrc';
  return {
    name: 'zx-classic-script-entry',
    renderDynamicImport({ chunk }) {
      if (!chunk.isEntry) return null;
      return { left: 'import(new URL(', right: `,${base}).href)` };
    },
    renderChunk(code, chunk) {
      if (!chunk.isEntry) return null;
      if (chunk.imports.length > 0) {
        this.error(`embed.js must not share code with its lazy chunks (it would need a static import): ${chunk.imports.join(', ')}`);
      }
      if (/\bimport\.meta\b/.test(code)) this.error('embed.js must not use import.meta (it runs as a classic script)');
      return { code: `(()=>{const ${base}=document.currentScript&&document.currentScript.src||location.href;${code}\n})();`, map: null };
    },
  };
}

const embed = firstExisting('src/embed/index.ts', 'src/embed/index.tsx');
if (embed) {
  configs.push({
    input: { embed },
    output: {
      dir: OUT,
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'embed/[name]-[hash].js',
      assetFileNames: 'embed/[name]-[hash][extname]',
    },
    plugins: [...plugins({ preact: true }), classicScriptEntry(), precompress()],
    onwarn,
  });
}

/**
 * The shared mind map viewer: a lit element with no React, built
 * apart from the suite so a signed-out visitor of a share link loads only
 * it and markmap (its chunks under mind-map-viewer/), never the editor.
 */
const mindMapViewer = firstExisting('src/elements/mindmaps/viewer-define.ts');
if (mindMapViewer) {
  configs.push({
    input: { 'elements/mind-map-viewer': mindMapViewer },
    output: {
      dir: OUT,
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'mind-map-viewer/[name]-[hash].js',
      assetFileNames: 'mind-map-viewer/[name]-[hash][extname]',
    },
    plugins: [...plugins(), precompress()],
    onwarn,
  });
}

configs.forEach((config, index) => config.plugins.push(pruneStaleOutput({ last: index === configs.length - 1 })));

if (configs.length === 0) {
  console.warn('rollup.config.mjs: no front-end entry exists yet (src/host-app/main.tsx, src/elements/*/define.ts, src/embed/index.ts); nothing to build.');
  // Rollup needs at least one build; this one writes nothing.
  configs.push({
    input: 'virtual:zx-empty',
    plugins: [
      {
        name: 'zx-empty',
        resolveId: (id) => id,
        load: () => 'export {};',
        generateBundle(_, bundle) {
          for (const k of Object.keys(bundle)) delete bundle[k];
        },
      },
    ],
    output: { dir: OUT, format: 'es' },
  });
}

export default configs;
