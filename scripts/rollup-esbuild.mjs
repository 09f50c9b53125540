// A Rollup plugin that strips TypeScript and compiles JSX with esbuild.
//
// Why not @rollup/plugin-typescript: it builds a full TypeScript program and
// type-checks on every build (it has no "transpile only" switch), which
// costs many seconds per build and grows with the code base. Type-checking
// already runs on its own (`npm run typecheck`, part of `npm test`), and the
// browser tests transpile with esbuild too, so building with esbuild means
// the tests and the bundle see the very same JavaScript.
import { existsSync } from 'node:fs';
import { transform } from 'esbuild';

const TS_FILE = /\.(m?ts|tsx)$/;

/** @param {{ target?: string }} [options] */
export function esbuildTypeScript(options = {}) {
  const target = options.target ?? 'es2022';
  return {
    name: 'zx-esbuild-typescript',
    // Accept `./foo.js` written for a `./foo.ts` file (NodeNext habit).
    resolveId(source, importer) {
      if (!importer || !source.startsWith('.') || !/\.jsx?$/.test(source)) return null;
      const base = new URL(source, `file://${importer}`).pathname.replace(/\.jsx?$/, '');
      for (const ext of ['.ts', '.tsx']) {
        if (existsSync(base + ext)) return base + ext;
      }
      return null;
    },
    async transform(code, id) {
      if (!TS_FILE.test(id)) return null;
      const result = await transform(code, {
        loader: id.endsWith('x') ? 'tsx' : 'ts',
        jsx: 'automatic',
        target,
        sourcefile: id,
        sourcemap: true,
      });
      return { code: result.code, map: result.map };
    },
  };
}
