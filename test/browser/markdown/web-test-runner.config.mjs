// The shared browser-test config plus one conversion: highlight.js's "ESM"
// entry (es/core.js) re-exports its CommonJS build (lib/core.js), which a
// browser cannot import. The rollup build converts it (@rollup/plugin-commonjs);
// here esbuild wraps that one file as an ES module with a default export.
// Once the shared web-test-runner.config.mjs does the same, delete this file
// and run the markdown tests with the shared config.
//   npx wtr --config test/browser/markdown/web-test-runner.config.mjs
import { transform } from 'esbuild'
import base from '../../../web-test-runner.config.mjs'

const HLJS_COMMONJS = /\/node_modules\/highlight\.js\/lib\/core\.js$/

/** @type {import('@web/dev-server-core').Plugin} */
const highlightJsCommonjs = {
  name: 'zx-highlight-js-commonjs',
  async transform(context) {
    if (!HLJS_COMMONJS.test(context.path)) return undefined
    const { code } = await transform(context.body, { format: 'esm', loader: 'js' })
    return { body: code }
  },
}

export default {
  ...base,
  files: ['test/browser/markdown/**/*.test.ts', 'test/browser/markdown/**/*.test.tsx'],
  plugins: [...base.plugins, highlightJsCommonjs],
}
