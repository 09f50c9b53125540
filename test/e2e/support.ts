// End-to-end harness: the real server (`node dist/server/main.js start`, as
// built by `npm run build`; this file builds nothing) on a free port with its
// own temporary data folder, and Debian's Chromium driven by playwright-core.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before } from 'node:test';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.mjs';
import { startStubLlm, type StubLlm, type StubLlmOptions } from '../support/stub-llm.js';

export const DEMO_PASSWORD = 'e2e-Demo-pass-2026';

/** Menu ids each demo user's sidebar shows, in order (SPEC §2 menu table). */
export const DEMO_MENUS = {
  // 16: work placement, on every side.
  teacher: ['13', '1', '3', '4', '5', '8', '7', '16'],
  // 14: school administration, for managers holding the admin right (the demo manager does); 15: AI credits, every manager.
  manager: ['13', '9', '3', '4', '5', '6', '8', '7', '14', '15', '16'],
  student: ['13', '2', '3', '4', '16'],
} as const;

export type DemoUser = keyof typeof DEMO_MENUS;

const SERVER_ENTRY = 'dist/server/main.js';
const START_TIMEOUT_MS = 30_000;

export interface RunningServer {
  /** Base URL, e.g. http://127.0.0.1:40123 */
  url: string;
  dataDir: string;
  /** Process id of the server (benches read its memory). */
  pid: number;
  /** Everything the server printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts the built server and waits until it is healthy: on a fresh SQLite
 * database in its own folder, or on the PostgreSQL database `extraEnv` names
 * (DATABASE_URL and ZX_DB_SCHEMA: several instances on one database).
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first (npm test does).`);
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'zx-e2e-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    ZX_DATA_DIR: dataDir,
    ZX_FETCH_ALLOW: '127.0.0.1',
    ZX_SMS_LOG_CODES: 'true',
    ZX_DEMO_EMBED_KEYS: 'enabled',
    ZX_DEMO_PASSWORD: DEMO_PASSWORD,
    ZX_LOG_LEVEL: 'warn',
    // The flows build their own courses from the demo school's users and class.
    ZX_DEMO_COURSE: 'off',
    ...extraEnv,
  };
  // The embedded SQLite database in its own folder unless the caller names another.
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL;
  if (!extraEnv.ZX_DB_SCHEMA) delete env.ZX_DB_SCHEMA;
  const child = spawn(process.execPath, [SERVER_ENTRY, 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killed = await Promise.race([exited(child).then(() => false), sleep(10_000).then(() => true)]);
      if (killed) {
        child.kill('SIGKILL');
        await exited(child);
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`The server exited during start-up (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    try {
      const response = await fetch(`${url}/new-chat/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer /new-chat/health within ${START_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await sleep(100);
  }
  return { url, dataDir, pid: child.pid!, output: () => output, stop };
}

/** Headless Debian Chromium (playwright-core never downloads a browser of its own). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    // Playwright passes its own headless switch.
    args: CHROMIUM_ARGS.filter((arg) => arg !== '--headless'),
  });
}

/**
 * One server and one browser for the enclosing suite (node:test before and
 * after hooks); call the getters inside tests.
 */
export function useServerAndBrowser(extraEnv: Record<string, string> = {}): { server: () => RunningServer; browser: () => Browser } {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  before(async () => {
    server = await startServer(extraEnv);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
  return { server: () => server!, browser: () => browser! };
}

/** useServerAndBrowser with an OpenAI-compatible stub (test/support/stub-llm.ts) as the one provider, serving `stub-model`. */
export function useStubLlmServerAndBrowser(options: StubLlmOptions = {}): { stub: () => StubLlm; server: () => RunningServer; browser: () => Browser } {
  let stub: StubLlm | undefined;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  before(async () => {
    stub = await startStubLlm(options);
    server = await startServer({ ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_API_KEY: 'sk-e2e', ZX_LLM_MODELS: 'stub-model' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await stub?.close();
  });
  return { stub: () => stub!, server: () => server!, browser: () => browser! };
}

/** A new page in its own browser context (empty storage) whose relative URLs go to the server. */
export async function openPage(browser: Browser, server: RunningServer): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  return context.newPage();
}

const FAILURE_DIR = '.tmp/e2e-failures';

/**
 * Runs a flow in a fresh page and closes its context afterwards. When the
 * flow fails, a screenshot of the page goes to .tmp/e2e-failures/<name>.png.
 */
export async function withPage(
  browser: Browser,
  server: RunningServer,
  name: string,
  flow: (page: Page) => Promise<void>,
  /** CSP reports the flow provokes on purpose (hostile answers whose handlers the policy blocks). */
  options: { expectBlocked?: RegExp } = {},
): Promise<void> {
  const page = await openPage(browser, server);
  // The pages run under a strict CSP (README, Security): anything it blocks is a bug of the page.
  // (Refusals to be framed are what some flows check, so they do not count.)
  const blocked: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy/u.test(text) && !/frame-ancestors/u.test(text) && !options.expectBlocked?.test(text)) blocked.push(text);
  });
  try {
    await flow(page);
    assert.deepEqual(blocked, [], 'the page ran into its Content-Security-Policy');
  } catch (error) {
    const file = join(FAILURE_DIR, `${name.replace(/[^\w-]+/g, '_')}.png`);
    await mkdir(FAILURE_DIR, { recursive: true });
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    console.error(`e2e: ${name} failed at ${page.url()}; screenshot in ${file}`);
    throw error;
  } finally {
    await page.context().close();
  }
}

export const loginForm = {
  username: 'input[name="username"]',
  password: 'input[name="password"]',
  submit: 'button[type="submit"]',
};

/** Fills in and sends the login form on the page's current /login screen. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.locator(loginForm.username).fill(username);
  await page.locator(loginForm.password).fill(password);
  await page.locator(loginForm.submit).click();
}

/** The root of the signed-in layout (data-layout is main, student or board). */
export function layoutRoot(page: Page): Locator {
  return page.locator('[data-layout]').first();
}

/**
 * Signs in through the login page as a person would (page from openPage) and
 * waits until the signed-in layout shows. Returns the layout root.
 */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<Locator> {
  await page.goto('/login');
  await submitLogin(page, username, password);
  const layout = layoutRoot(page);
  await layout.waitFor({ state: 'visible' });
  return layout;
}

/** The ids of the side-menu links shown, in page order. */
export async function menuIds(page: Page): Promise<string[]> {
  const links = page.locator('a[data-menu-id]');
  await links.first().waitFor({ state: 'visible' });
  return links.evaluateAll((elements) => elements.map((el) => el.getAttribute('data-menu-id') ?? ''));
}

/** The path (with query) the page shows now. */
export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** A bearer token of `username` straight from the API (for setting things up beside the page). */
export async function apiToken(server: RunningServer, username: string, password = DEMO_PASSWORD): Promise<string> {
  return (await apiCall<{ token: string }>(server, '', 'POST', 'app/api/oauth/token', { username, password })).token;
}

/** One API call beside the page; throws with the server's message unless it succeeds. */
export async function apiCall<T = unknown>(server: RunningServer, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/new-chat/${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${method} ${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** Every localStorage and sessionStorage entry of the page, as `key=value` lines. */
export function storageDump(page: Page): Promise<string> {
  // A plain loop: tsx would wrap a named helper in `__name`, unknown in the page.
  return page.evaluate(() =>
    [localStorage, sessionStorage]
      .flatMap((store) => Array.from({ length: store.length }, (_, i) => `${store.key(i)}=${store.getItem(store.key(i)!)}`))
      .join('\n'),
  );
}

// Page-side script as source text: tsx would wrap named inner functions in a helper the page lacks.
const HAS_NO_SKELETON = `(() => {
  const any = (root) => !!root.querySelector('zx-skeleton') || [...root.querySelectorAll('*')].some((el) => el.shadowRoot && any(el.shadowRoot));
  return !any(document);
})()`;

/** Until no skeleton is left anywhere (shadow roots included) or 5 s passed. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(HAS_NO_SKELETON, undefined, { timeout: 5000 }).catch(() => undefined);
  await page.waitForTimeout(150);
}

/** Moves inside the single-page app without a reload (the router follows popstate), then settles. */
export async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction((to) => location.pathname === new URL(to, location.origin).pathname, path);
  await settle(page);
}
