// Where Debian's Chromium lives and how we start it, shared by the browser
// tests (web-test-runner.config.mjs), the end-to-end tests and the
// screenshot script. scripts/ensure-chromium.sh installs it when missing.
import { existsSync } from 'node:fs';

/**
 * Flags for headless Chromium on our machines: as root it will not start
 * without --no-sandbox, and the network is closed, so everything that phones
 * home (background networking, component updates, sync, QUIC) is off.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** CHROME_PATH if set, else the first Chromium found; throws with the fix if none. */
export function chromiumPath() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  const found = CANDIDATES.find((path) => existsSync(path));
  if (found) return found;
  throw new Error("Chromium not found. Run `bash scripts/ensure-chromium.sh` (as root it installs Debian's chromium), or set CHROME_PATH.");
}
