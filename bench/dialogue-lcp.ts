// Largest contentful paint of the signed-in dialogue page (/course/dialogue)
// and the performance scores of it and /login, by Lighthouse's default mobile
// preset (simulated slow 4G, 4× CPU slowdown, a phone's screen), against a
// bare page (one heading, no script) served from the same machine in the same
// run. The visitor signs in through the login form first, so the dialogue is
// measured with a session (Lighthouse keeps the storage: disableStorageReset),
// and with the HTTP cache emptied before it, so nothing the sign-in loaded
// (the dialogue is where it lands) is counted as already there.
// Run `npm run build` first. Usage: node --import tsx bench/dialogue-lcp.ts [rounds=3]
import { createServer } from 'node:http';
import { once } from 'node:events';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium.mjs';
import { DEMO_PASSWORD, loginForm, startServer } from '../test/e2e/support.js';
import { reportGoal, sameRunFigure } from './lib/goal.js';

const ROUNDS = Number(process.argv[2] ?? 3);
const LCP_GOAL_MS = 2500;
const SCORE_GOAL = 90;

const bare = createServer((_, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>bare</title></head><body><h1>A bare page with one heading</h1></body></html>',
  );
}).listen(0, '127.0.0.1');
await once(bare, 'listening');
const bareUrl = `http://127.0.0.1:${(bare.address() as { port: number }).port}/`;

interface Audit {
  lcpMs: number;
  score: number;
  /** The page Lighthouse ended on and its other timings, to read a low score by. */
  detail: string;
}

const SHOWN = ['first-contentful-paint', 'speed-index', 'total-blocking-time', 'cumulative-layout-shift'];

async function audit(page: Page, url: string): Promise<Audit> {
  // Lighthouse types the page with its own copy of puppeteer-core; the page is the same protocol client.
  const lighthousePage = page as unknown as Parameters<typeof lighthouse>[3];
  const result = await lighthouse(
    url,
    { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
    undefined,
    lighthousePage,
  );
  const lhr = result!.lhr;
  const timings = SHOWN.map((id) => `${id} ${lhr.audits[id]!.displayValue ?? ''}`).join(', ');
  return {
    lcpMs: lhr.audits['largest-contentful-paint']!.numericValue!,
    score: Math.round((lhr.categories.performance!.score ?? 0) * 100),
    detail: `${new URL(lhr.finalDisplayedUrl).pathname}: ${timings}`,
  };
}

const server = await startServer({ ZX_LOG_LEVEL: 'warn' });
const browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS.filter((arg) => arg !== '--headless') });
const runs = { bare: [] as Audit[], login: [] as Audit[], dialogue: [] as Audit[] };
try {
  for (let round = 0; round < ROUNDS; round++) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    runs.bare.push(await audit(page, bareUrl));
    runs.login.push(await audit(page, `${server.url}/login`));
    await page.goto(`${server.url}/login`);
    await page.locator(loginForm.username).fill('student');
    await page.locator(loginForm.password).fill(DEMO_PASSWORD);
    await page.locator(loginForm.submit).click();
    await page.waitForSelector('[data-layout]');
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    runs.dialogue.push(await audit(page, `${server.url}/course/dialogue`));
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  bare.close();
}

const median = (values: number[]): number => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? Number.NaN;
console.log(`Lighthouse ${ROUNDS} rounds, mobile preset (simulated throttling); each round's figure`);
for (const [label, list] of Object.entries(runs)) {
  console.log(`  ${label}: LCP ${list.map((a) => (a.lcpMs / 1000).toFixed(2)).join('/')} s, performance ${list.map((a) => a.score).join('/')}`);
  console.log(`    last round, ${list.at(-1)?.detail}`);
}
const lcp = { dialogue: median(runs.dialogue.map((a) => a.lcpMs)), bare: median(runs.bare.map((a) => a.lcpMs)) };
const scores = { login: median(runs.login.map((a) => a.score)), dialogue: median(runs.dialogue.map((a) => a.score)) };
console.log(`  performance score (median): /login ${scores.login}, /course/dialogue ${scores.dialogue} (goal ≥ ${SCORE_GOAL})`);
const met = reportGoal({
  id: '8',
  what: 'signed-in /course/dialogue LCP, Lighthouse mobile',
  figure: sameRunFigure(`${(lcp.dialogue / 1000).toFixed(2)} s`, `a bare page's ${(lcp.bare / 1000).toFixed(2)} s`, lcp.dialogue / lcp.bare),
  limit: `≤ ${LCP_GOAL_MS / 1000} s, performance ≥ ${SCORE_GOAL}`,
  met: lcp.dialogue <= LCP_GOAL_MS && scores.login >= SCORE_GOAL && scores.dialogue >= SCORE_GOAL,
});
process.exit(met ? 0 : 1);
