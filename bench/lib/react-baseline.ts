// React 19 + react-dom as a React build of the suite would ship them (one
// chunk: react, react-dom/client, the JSX runtime, scheduler), built in memory
// with the suite build's own plugins minus its preact alias. The suite ships on
// preact/compat, so dist/web no longer holds this chunk; the bundle
// bench still reads every figure against it.
import { gzipSync } from 'node:zlib';
import { rollup, type Plugin, type RollupOptions } from 'rollup';

const ENTRY_ID = '\0zx-react-baseline';
const ENTRY = `
import * as React from 'react';
import * as ReactDOM from 'react-dom/client';
import * as JSX from 'react/jsx-runtime';
export { React, ReactDOM, JSX };
`;

/** What the suite build does to code (transform, resolve, minify), without its files or its preact alias. */
const SKIP = new Set(['alias', 'zx-copy-host-app-files', 'zx-elements-manifest', 'zx-modulepreload-hints', 'zx-precompress', 'zx-prune-stale-output']);
async function transformPlugins(): Promise<Plugin[]> {
  // @ts-expect-error: the build's config (plain .mjs without types)
  const configs = (await import('../../rollup.config.mjs')).default as RollupOptions[];
  const suite = configs.find((config) => typeof config.input === 'object' && config.input !== null && 'app/main' in config.input);
  if (!suite) throw new Error('rollup.config.mjs has no host app build');
  return (suite.plugins as Plugin[]).filter((plugin) => plugin && !SKIP.has(plugin.name));
}

/** Raw and gzip bytes of React 19 + react-dom, minified as the suite build would. */
export async function reactBaselineSize(): Promise<{ raw: number; gzip: number }> {
  const entry: Plugin = {
    name: 'zx-react-baseline-entry',
    resolveId: (id) => (id === ENTRY_ID ? id : null),
    load: (id) => (id === ENTRY_ID ? ENTRY : null),
  };
  const bundle = await rollup({ input: ENTRY_ID, plugins: [entry, ...(await transformPlugins())], onwarn: () => {} });
  const { output } = await bundle.generate({ format: 'es' });
  await bundle.close();
  const code = output.map((file) => (file.type === 'chunk' ? file.code : '')).join('');
  return { raw: Buffer.byteLength(code), gzip: gzipSync(code).length };
}
