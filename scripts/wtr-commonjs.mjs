// A web-test-runner plugin that serves CommonJS files from node_modules as
// ES modules, so packages whose "import" entry still wraps CommonJS (such as
// highlight.js: es/core.js imports lib/core.js) load in the test browser.
// esbuild bundles the file (and whatever it requires) to one ES module whose
// default export is module.exports; that is what such wrappers import.
// (@rollup/plugin-commonjs through fromRollup does not work with this
// version of the dev server.) React is handled apart, pre-bundled with named
// exports and one shared copy (scripts/prebundle-react.mjs).
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

const ESM_SYNTAX = /^\s*(import\s*[\w{*'"]|export\s)/m;
const CJS_SYNTAX = /\b(module\.exports|exports\.[\w$]+\s*=|require\s*\()/;

/** @param {{ nodeEnv: string }} options */
export function commonjsToEsm({ nodeEnv }) {
  return {
    name: 'zx-commonjs-to-esm',
    async transform(context) {
      if (!context.path.startsWith('/node_modules/') || !context.path.endsWith('.js')) return undefined;
      const body = typeof context.body === 'string' ? context.body : undefined;
      if (!body || ESM_SYNTAX.test(body) || !CJS_SYNTAX.test(body)) return undefined;
      const file = join(process.cwd(), context.path);
      const result = await build({
        stdin: { contents: body, resolveDir: dirname(file), sourcefile: file, loader: 'js' },
        bundle: true,
        format: 'esm',
        platform: 'browser',
        target: 'es2022',
        write: false,
        define: { 'process.env.NODE_ENV': JSON.stringify(nodeEnv) },
        logLevel: 'silent',
      });
      return { body: result.outputFiles[0].text };
    },
  };
}
