// Takes docs/screenshot.png for the README: the teacher's signed-in layout in
// headless Chromium against the real built server (run `npm run build` first;
// `npm run screenshot` does). Chinese text needs a CJK font (Debian:
// fonts-noto-cjk, which scripts/ensure-chromium.sh installs with Chromium).
import { execFileSync } from 'node:child_process';
import { launchBrowser, openPage, signIn, startServer } from '../test/e2e/support.js';

const OUT = process.argv[2] ?? 'docs/screenshot.png';

try {
  if (!execFileSync('fc-list', [':lang=zh'], { encoding: 'utf8' }).trim()) {
    console.warn('No CJK font found: Chinese text will show as boxes (apt-get install -y fonts-noto-cjk).');
  }
} catch {
  // no fontconfig: nothing to tell
}

const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await openPage(browser, server);
  await signIn(page, 'teacher');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: OUT });
  console.log(`wrote ${OUT} (${page.url()})`);
} finally {
  await browser.close();
  await server.stop();
}
