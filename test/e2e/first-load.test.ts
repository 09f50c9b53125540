// Browser bytes: the sign-in page loads only what it shows. No
// markdown renderer (marked, DOMPurify), no area bundle, no other language's
// words; every script comes compressed; the preloaded chunks are the ones the
// app then uses. The agreement page, which does show markdown, still renders it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page, Response } from 'playwright-core';
import { loginForm, signIn, useServerAndBrowser, withPage } from './support.js';

const { server, browser } = useServerAndBrowser();

// Strings that survive minification, one per library.
const MARKDOWN_RENDERER = [
  ['marked', 'marked(): input parameter'],
  ['DOMPurify', 'DOMPurify'],
] as const;

interface Loaded {
  path: string;
  encoding: string | undefined;
  body: string;
}

/** Goes to `path` and returns every script the page loaded, with its decoded text. */
async function scriptsOf(page: Page, path: string, ready: () => Promise<unknown>): Promise<Loaded[]> {
  const responses: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') responses.push(response);
  });
  await page.goto(path);
  await ready();
  await page.waitForLoadState('networkidle');
  return Promise.all(
    responses.map(async (response) => ({
      path: new URL(response.url()).pathname,
      encoding: (await response.allHeaders())['content-encoding'],
      body: await response.text(),
    })),
  );
}

describe('the sign-in page', () => {
  test('loads no markdown renderer, no area bundle and no other language, all compressed', () =>
    withPage(browser(), server(), 'first-load-login', async (page) => {
      const scripts = await scriptsOf(page, '/login', () => page.locator(loginForm.username).waitFor({ state: 'visible' }));
      assert.ok(
        scripts.some((script) => script.path === '/app/main.js'),
        'the host app loaded',
      );
      for (const script of scripts) {
        for (const [library, marker] of MARKDOWN_RENDERER) {
          assert.ok(!script.body.includes(marker), `${script.path} carries ${library}, which /login never uses`);
        }
        assert.ok(!script.path.startsWith('/elements/'), `${script.path}: an area bundle on the sign-in page`);
        // An English, Korean, Russian or zh-TW word of the login form means a language file came along.
        assert.ok(!/Welcome, please sign in|로그인하세요|войдите|歡迎登入/u.test(script.body), `${script.path} carries another language's words`);
        // Nor the words of pages reached only after signing in: the quota wallet's, the school admin's.
        assert.ok(!/累计使用|班级与专业/u.test(script.body), `${script.path} carries the quota or admin area's words`);
        // The build leaves files of a few hundred bytes uncompressed (nothing to gain); the rest is brotli.
        if (Buffer.byteLength(script.body) >= 1024) assert.equal(script.encoding, 'br', `${script.path} came uncompressed`);
      }
      // The hints in index.html name exactly the chunks the entry imports, so nothing is preloaded in vain.
      const preloaded = await page
        .locator('link[rel="modulepreload"]')
        .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
      assert.ok(preloaded.length > 0, 'index.html has modulepreload hints');
      const loaded = new Set(scripts.map((script) => script.path));
      for (const path of preloaded) assert.ok(loaded.has(path), `${path} is preloaded but never used`);
    }));

  test('a visitor who reads in English gets the page in English, fetching only that language', () =>
    withPage(browser(), server(), 'first-load-login-en', async (page) => {
      await page.addInitScript(() => localStorage.setItem('appSetting', JSON.stringify({ data: { language: 'en-US' }, expire: null })));
      const scripts = await scriptsOf(page, '/login', () => page.locator(loginForm.username).waitFor({ state: 'visible' }));
      assert.equal(await page.locator(loginForm.submit).textContent(), 'Sign in');
      assert.ok(!scripts.some((script) => /로그인하세요|войдите|歡迎登入/u.test(script.body)), 'only English came along');
    }));

  test('the agreement it links to still renders its markdown', () =>
    withPage(browser(), server(), 'first-load-agreement', async (page) => {
      const scripts = await scriptsOf(page, '/agreement', () => page.locator('.zx-markdown').first().waitFor({ state: 'visible' }));
      assert.ok(
        scripts.some((script) => script.body.includes('DOMPurify')),
        'the agreement page loads the sanitizer with the renderer',
      );
      assert.ok((await page.locator('.zx-markdown').first().innerText()).trim().length > 0, 'the agreement text shows');
    }));
});

/** The chunks an ES module imports statically, as root paths (`../chunks/a.js` → `/chunks/a.js`). */
function staticImportsOf(body: string, from: string): string[] {
  const specifiers = [...body.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)].map((match) => match[1]!);
  return specifiers.map((specifier) => new URL(specifier, `http://site${from}`).pathname);
}

describe("a returning visitor's dialogue", () => {
  test('asks for the logo before the session answers, then for the element with all its chunks at once', () =>
    withPage(browser(), server(), 'first-load-returning-dialogue', async (page) => {
      await signIn(page, 'student');
      const shownLogo = await page.locator('img.zx-logo').getAttribute('src');
      assert.ok(shownLogo, 'the shell shows a logo');
      await page.waitForLoadState('networkidle');

      // The next visit: the session's answer is held until the test lets it go.
      let letSessionGo: () => void = () => undefined;
      const sessionHeld = new Promise<void>((resolve) => (letSessionGo = resolve));
      await page.route('**/app/user', async (route) => {
        await sessionHeld;
        await route.continue();
      });
      const requested: string[] = [];
      page.on('request', (request) => requested.push(new URL(request.url()).pathname));
      const visit = page.goto('/course/dialogue');
      await page.waitForRequest((request) => request.url().includes('/app/user'));
      // Routing empties the HTTP cache (Playwright), so the logo is fetched over the network here.
      await page.waitForRequest((request) => new URL(request.url()).pathname === shownLogo, { timeout: 5000 });
      assert.ok(!requested.some((path) => path.startsWith('/elements/')), 'an element bundle was asked for before the session answered');
      letSessionGo();
      await visit;
      await page.locator('zx-dialogue').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');

      const bundle = await page.request.get('/elements/dialogue.js');
      const imports = staticImportsOf(await bundle.text(), '/elements/dialogue.js');
      assert.ok(imports.length > 3, 'the dialogue bundle imports chunks');
      const preloaded = new Set(
        await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname)),
      );
      for (const chunk of imports) assert.ok(preloaded.has(chunk), `${chunk} waited for the bundle to be parsed before it was asked for`);
      for (const path of preloaded) assert.ok(requested.includes(path), `${path} is preloaded but never used`);
    }));
});
