// A browser-side bench page: bundles `entry` with esbuild (production React,
// automatic JSX), serves it on loopback, opens it in headless Chromium and
// hands the page to `run`; everything is torn down afterwards.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.mjs';

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html' };

export async function withBenchPage<T>(
  entry: URL,
  run: (page: Page, browser: Browser) => Promise<T>,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<T> {
  const outdir = mkdtempSync(join(tmpdir(), 'zx-bench-page-'));
  const server = createServer((request, response) => {
    const path = request.url === '/' ? '/index.html' : (request.url ?? '/');
    try {
      const body =
        path === '/index.html'
          ? '<!doctype html><meta charset="utf-8"><title>bench</title><body></body><script type="module" src="/page.js"></script>'
          : readFileSync(join(outdir, path.replace(/^\/+/, '').replace(/\.\.+/g, '')));
      response.writeHead(200, { 'content-type': `${TYPES[extname(path)] ?? 'application/octet-stream'}; charset=utf-8` });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  let browser: Browser | undefined;
  try {
    await build({
      entryPoints: { page: entry.pathname },
      outdir,
      bundle: true,
      splitting: true,
      format: 'esm',
      minify: true,
      target: 'es2022',
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'warning',
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
    const page = await browser.newPage(options.viewport ? { viewport: options.viewport } : {});
    page.on('pageerror', (error) => console.error('page error:', error));
    await page.goto(`http://127.0.0.1:${port}/`);
    return await run(page, browser);
  } finally {
    await browser?.close();
    server.close();
    rmSync(outdir, { recursive: true, force: true });
  }
}
