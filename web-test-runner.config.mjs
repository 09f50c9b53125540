// Browser tests: @web/test-runner + @open-wc/testing in Debian's Chromium.
// Files: test/browser/**/*.test.ts(x). TypeScript and JSX go through esbuild
// (JSX "react-jsx" from tsconfig.json), React is pre-bundled to ES modules at
// start-up (see scripts/prebundle-react.mjs), other CommonJS files from
// node_modules are served as ES modules (scripts/wtr-commonjs.mjs), and
// process.env.NODE_ENV is replaced in every module, node_modules included
// (nanostores reads it).
import { relative } from 'node:path';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { fromRollup } from '@web/dev-server-rollup';
import { chromeLauncher } from '@web/test-runner-chrome';
import rollupReplace from '@rollup/plugin-replace';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium.mjs';
import { prebundleReact } from './scripts/prebundle-react.mjs';
import { commonjsToEsm } from './scripts/wtr-commonjs.mjs';

const NODE_ENV = 'development';
// The tests run on preact/compat, as the built suite does (rollup.config.mjs
// aliases React to it); ZX_WTR_REACT=1 runs them on React 19, as a
// build with ZX_SUITE_REACT=1 would.
const PREACT_FILES = {
  react: 'node_modules/preact/compat/dist/compat.mjs',
  'react-dom': 'node_modules/preact/compat/dist/compat.mjs',
  'react-dom/client': 'node_modules/preact/compat/client.mjs',
  'react/jsx-runtime': 'node_modules/preact/jsx-runtime/dist/jsxRuntime.mjs',
  'react/jsx-dev-runtime': 'node_modules/preact/jsx-runtime/dist/jsxRuntime.mjs',
};
const reactFiles = process.env.ZX_WTR_REACT === '1' ? await prebundleReact('.tmp/wtr-react', NODE_ENV) : PREACT_FILES;
const replace = fromRollup(rollupReplace);

/** Sends `react`, `react-dom`, … to the pre-bundled ES modules. */
const reactAlias = {
  name: 'zx-react-prebundled',
  resolveImport({ source }) {
    const file = reactFiles[source];
    return file ? `/${relative(process.cwd(), file)}` : undefined;
  },
};

export default {
  files: ['test/browser/**/*.test.ts', 'test/browser/**/*.test.tsx'],
  nodeResolve: { browser: true, exportConditions: ['browser'] },
  rootDir: '.',
  concurrency: 2,
  // 15 s: a test waiting on a lazily loaded chunk needs more than mocha's 5 s on a busy
  // 2-core machine (each wait inside a test has its own, shorter deadline).
  testFramework: { config: { timeout: 15000 } },
  // The launcher reuses a page for the next test file, so its storage would
  // carry one file's sign-in, client type or language into the next (a
  // practice test read English after a file that had picked it). Each file
  // starts as a new visitor would: storage empty.
  testRunnerHtml: (testFramework) =>
    `<html><head><script>localStorage.clear();sessionStorage.clear()</script></head><body><script type="module" src="${testFramework}"></script></body></html>`,
  browsers: [
    chromeLauncher({
      launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS },
      // Each page in its own browser context: test files running at the same
      // time must not share localStorage or cookies (same origin otherwise).
      createPage: async ({ browser }) => (await browser.createBrowserContext()).newPage(),
    }),
  ],
  plugins: [
    reactAlias,
    commonjsToEsm({ nodeEnv: NODE_ENV }),
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify(NODE_ENV) } }),
    esbuildPlugin({ ts: true, tsx: true, target: 'es2022', tsconfig: 'tsconfig.json' }),
  ],
};
