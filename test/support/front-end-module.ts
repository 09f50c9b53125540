// Front-end modules (src/, extensionless imports, browser packages) for node
// tests that check what a page says against the catalogues it says it from:
// esbuild bundles the given source, whose imports are relative to the
// repository's root, and the test imports the bundle.
import { build } from 'esbuild';
import { REPO_ROOT } from './repo.js';

/**
 * The exports of `source` bundled for the browser, e.g.
 * `frontEndModule<{ chatEnUS: ChatWords }>("export { chatEnUS } from './src/i18n/chat/en-US'")`.
 */
export async function frontEndModule<T>(source: string): Promise<T> {
  const result = await build({
    stdin: { contents: source, resolveDir: REPO_ROOT, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    logLevel: 'silent',
  });
  return (await import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0]!.text).toString('base64')}`)) as T;
}
