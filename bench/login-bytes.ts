// What a first visit to /login costs the browser: bytes on the wire
// (cold cache, as the real server sends them: brotli), requests, and first
// contentful paint on a throttled link (CDP network emulation: 40 ms latency,
// 10 Mbit/s both ways) in headless Chromium, against a bare React page in the
// same run: one React 19 component rendered into #app, built with the host
// app's own rollup plugins (minus any preact alias) and served by the same
// server code (a second instance whose ZX_PUBLIC_DIR is the baseline's build).
// Rounds alternate between the two pages; each round is a fresh browser
// context (nothing cached). Also prints a warm second visit (what the cache
// headers save). FCP alone flatters /login since index.html paints a boot
// spinner before any script, so each visit also records when the page's own
// content is there ("content shown": the frame in which the login form, or the
// bare page's heading, first exists, seen by a MutationObserver and timed at
// the next animation frame) and prints it as a ratio to the bare page's too.
// Exits 1 when /login sends more than 120 KB or its FCP is
// more than 1.5× the baseline's (medians).
// Run `npm run build` first. Usage: node --import tsx bench/login-bytes.ts [rounds=7]
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, CDPSession } from 'playwright-core';
import { rollup, type Plugin, type RollupOptions } from 'rollup';
import { launchBrowser, startServer } from '../test/e2e/support.js';
// @ts-expect-error: the build's own plugins (plain .mjs without types)
import { modulePreloadHints, precompress } from '../scripts/rollup-web-delivery.mjs';

const ROUNDS = Number(process.argv[2] ?? 7);
const BYTES_BUDGET = 120 * 1024;
const FCP_RATIO_BUDGET = 1.5;
const LINK = { latency: 40, downloadThroughput: (10 * 1000 * 1000) / 8, uploadThroughput: (10 * 1000 * 1000) / 8 };

const BASELINE_HTML = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>bare React page</title>
    <script type="module" src="/app/main.js"></script>
  </head>
  <body>
    <div id="app"></div>
  </body>
</html>
`;

/** The baseline page, built with the suite build's plugins (not its entries, copies or pruning). */
async function buildBaseline(outDir: string): Promise<void> {
  // @ts-expect-error: the build's config (plain .mjs without types)
  const configs = (await import('../rollup.config.mjs')).default as RollupOptions[];
  const suite = configs.find((config) => typeof config.input === 'object' && config.input !== null && 'app/main' in config.input);
  if (!suite) throw new Error('rollup.config.mjs has no host app build');
  const skip = new Set(['alias', 'zx-copy-host-app-files', 'zx-modulepreload-hints', 'zx-precompress', 'zx-prune-stale-output']);
  const shared = (suite.plugins as Plugin[]).filter((plugin) => plugin && !skip.has(plugin.name));
  const html: Plugin = {
    name: 'zx-bench-baseline-html',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'index.html', source: BASELINE_HTML });
    },
  };
  const output = Array.isArray(suite.output) ? suite.output[0]! : suite.output!;
  const bundle = await rollup({
    input: { 'app/main': fileURLToPath(new URL('./login-bytes.page.tsx', import.meta.url)) },
    plugins: [...shared, html, modulePreloadHints({ entry: 'app/main.js', html: 'index.html' }), precompress()],
    treeshake: suite.treeshake,
    onwarn: suite.onwarn,
  });
  await bundle.write({ ...output, dir: outDir });
  await bundle.close();
}

/** What each page shows when it is ready: the login form, the bare page's heading. */
const CONTENT = { app: 'form.zx-login-form', bare: 'main h1' };

interface Visit {
  fcp: number;
  /** ms from navigation start to the frame in which the page's content first exists. */
  shown: number;
  bytes: number;
  requests: number;
  /** Bytes of the static files alone (the API's JSON apart). */
  staticBytes: number;
  files: string[];
}

async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK });
}

/** Loads `url` in `context`'s page; counts what crossed the wire until the network is idle. */
async function visit(browser: Browser, url: string, content: string, warm = false): Promise<{ cold: Visit; warm?: Visit }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  await context.addInitScript((selector: string) => {
    const shown = window as unknown as { zxContentShown?: number };
    new MutationObserver(() => {
      if (shown.zxContentShown !== undefined || !document.querySelector(selector)) return;
      shown.zxContentShown = -1;
      requestAnimationFrame(() => (shown.zxContentShown = performance.now()));
    }).observe(document, { childList: true, subtree: true });
  }, content);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await throttle(cdp);
    const measure = async (): Promise<Visit> => {
      const urls = new Map<string, string>();
      let bytes = 0;
      let staticBytes = 0;
      let requests = 0;
      const files: string[] = [];
      const onRequest = (event: { requestId: string; request: { url: string } }) => urls.set(event.requestId, event.request.url);
      const onFinished = (event: { requestId: string; encodedDataLength: number }) => {
        const requestUrl = urls.get(event.requestId);
        if (requestUrl === undefined || requestUrl.startsWith('data:')) return; // an earlier visit's, or no bytes on the wire
        requests += 1;
        bytes += event.encodedDataLength;
        if (!new URL(requestUrl).pathname.startsWith('/new-chat/')) staticBytes += event.encodedDataLength;
        files.push(`${new URL(requestUrl).pathname} ${event.encodedDataLength}`);
      };
      cdp.on('Network.requestWillBeSent', onRequest);
      cdp.on('Network.loadingFinished', onFinished);
      await page.goto(url, { waitUntil: 'networkidle' });
      const fcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entry = list.getEntriesByName('first-contentful-paint')[0];
              if (entry) resolve(entry.startTime);
            }).observe({ type: 'paint', buffered: true });
          }),
      );
      const shown = await page.waitForFunction(() => {
        const value = (window as unknown as { zxContentShown?: number }).zxContentShown;
        return value !== undefined && value >= 0 ? value : false;
      });
      cdp.off('Network.requestWillBeSent', onRequest);
      cdp.off('Network.loadingFinished', onFinished);
      return { fcp, shown: Number(await shown.jsonValue()), bytes, staticBytes, requests, files };
    };
    const cold = await measure();
    return { cold, warm: warm ? await measure() : undefined };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const baselineDir = await mkdtemp(join(tmpdir(), 'zx-login-bytes-'));
await buildBaseline(baselineDir);
await writeFile(join(baselineDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
const app = await startServer();
const bare = await startServer({ ZX_PUBLIC_DIR: baselineDir });
const browser = await launchBrowser();
let failed = false;
try {
  const runs: { app: Visit[]; bare: Visit[]; warm: Visit[] } = { app: [], bare: [], warm: [] };
  // A warm-up visit of each, not counted (Chromium's first launch of a renderer is slower).
  await visit(browser, `${app.url}/login`, CONTENT.app);
  await visit(browser, `${bare.url}/`, CONTENT.bare);
  for (let round = 0; round < ROUNDS; round += 1) {
    const first = round % 2 === 0;
    const order = first ? (['app', 'bare'] as const) : (['bare', 'app'] as const);
    for (const which of order) {
      if (which === 'app') {
        const { cold, warm } = await visit(browser, `${app.url}/login`, CONTENT.app, true);
        runs.app.push(cold);
        runs.warm.push(warm!);
      } else {
        runs.bare.push((await visit(browser, `${bare.url}/`, CONTENT.bare)).cold);
      }
    }
  }

  const appFcp = median(runs.app.map((v) => v.fcp));
  const bareFcp = median(runs.bare.map((v) => v.fcp));
  const appBytes = median(runs.app.map((v) => v.bytes));
  const bareBytes = median(runs.bare.map((v) => v.bytes));
  const range = (values: number[]) => `${Math.min(...values).toFixed(0)}/${median(values).toFixed(0)}/${Math.max(...values).toFixed(0)}`;

  console.log(`/login, first visit, ${ROUNDS} rounds; link: ${LINK.latency} ms latency, 10 Mbit/s (CDP emulation), Chromium ${browser.version()}`);
  console.log(`files of the last cold visit:\n  ${runs.app.at(-1)!.files.join('\n  ')}`);
  console.log('');
  console.log('| page | requests | bytes on the wire | of which static files | FCP min/median/max | content shown min/median/max |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  console.log(
    `| baseline: bare React 19 page | ${runs.bare[0]!.requests} | ${kb(bareBytes)} | ${kb(median(runs.bare.map((v) => v.staticBytes)))} | ${range(runs.bare.map((v) => v.fcp))} ms | ${range(runs.bare.map((v) => v.shown))} ms |`,
  );
  console.log(
    `| Zhixue /login, cold | ${runs.app[0]!.requests} | ${kb(appBytes)} | ${kb(median(runs.app.map((v) => v.staticBytes)))} | ${range(runs.app.map((v) => v.fcp))} ms | ${range(runs.app.map((v) => v.shown))} ms |`,
  );
  console.log(
    `| Zhixue /login, second visit (cache) | ${runs.warm[0]!.requests} | ${kb(median(runs.warm.map((v) => v.bytes)))} | ${kb(median(runs.warm.map((v) => v.staticBytes)))} | ${range(runs.warm.map((v) => v.fcp))} ms | ${range(runs.warm.map((v) => v.shown))} ms |`,
  );
  console.log('');
  const ratio = appFcp / bareFcp;
  console.log(
    `bytes: /login ${kb(appBytes)} (budget ${kb(BYTES_BUDGET)}) ${appBytes <= BYTES_BUDGET ? 'ok' : 'EXCEEDED'}; ${(appBytes / bareBytes).toFixed(2)}× the bare page's`,
  );
  console.log(`FCP ratio: /login ÷ bare React page = ${ratio.toFixed(2)} (budget ${FCP_RATIO_BUDGET}) ${ratio <= FCP_RATIO_BUDGET ? 'ok' : 'EXCEEDED'}`);
  const shownRatio = median(runs.app.map((v) => v.shown)) / median(runs.bare.map((v) => v.shown));
  const formVsBareFcp = median(runs.app.map((v) => v.shown)) / bareFcp;
  console.log(
    `content shown ratio: /login's form ÷ bare page's heading = ${shownRatio.toFixed(2)}; /login's form ÷ bare page's FCP = ${formVsBareFcp.toFixed(2)} (not budgeted; the boot spinner does not count here)`,
  );
  failed = appBytes > BYTES_BUDGET || ratio > FCP_RATIO_BUDGET;
} finally {
  await browser.close();
  await Promise.all([app.stop(), bare.stop()]);
  await rm(baselineDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
