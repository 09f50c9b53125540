// Each kind of user signs in and sees their own layout
// and menu; a wrong password, a bad token and a signed-out visit to a
// protected page behave as SPEC §4/§8 say.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { WRONG_CREDENTIALS_MESSAGE } from '../../server/modules/account/service.js';
import {
  DEMO_MENUS,
  DEMO_PASSWORD,
  layoutRoot,
  launchBrowser,
  loginForm,
  menuIds,
  signIn,
  startServer,
  submitLogin,
  withPage,
  type DemoUser,
  type RunningServer,
} from './support.js';

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const LAYOUTS: Record<DemoUser, string> = { teacher: 'main', manager: 'main', student: 'student' };

describe('each kind of user signs in to their own layout and menu', () => {
  for (const user of Object.keys(DEMO_MENUS) as DemoUser[]) {
    test(user, () =>
      withPage(browser, server, `sign-in-${user}`, async (page) => {
        const layout = await signIn(page, user);
        assert.equal(await layout.getAttribute('data-layout'), LAYOUTS[user]);
        assert.deepEqual(await menuIds(page), [...DEMO_MENUS[user]]);
        assert.equal(new URL(page.url()).pathname, '/course/dialogue', 'signing in lands on the dialogue page');
      }),
    );
  }
});

test("a wrong password shows the server's message and stays on the login page", () =>
  withPage(browser, server, 'wrong-password', async (page) => {
    await page.goto('/login');
    await submitLogin(page, 'teacher', 'not-the-password');
    await page.getByText(WRONG_CREDENTIALS_MESSAGE).first().waitFor({ state: 'visible' });
    assert.equal(new URL(page.url()).pathname, '/login');
    assert.equal(await layoutRoot(page).count(), 0, 'no signed-in layout');
  }));

test('a signed-out visit to a protected page goes to login and comes back after sign-in', () =>
  withPage(browser, server, 'redirect', async (page) => {
    for (const path of ['/course/dialogue', '/course/knowledgeLibrary']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/login');
      assert.equal(new URL(page.url()).searchParams.get('redirect'), path);
    }
    // Not the default landing page (/course/dialogue), so arriving there proves the redirect.
    await submitLogin(page, 'teacher', DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === '/course/knowledgeLibrary');
    await layoutRoot(page).waitFor({ state: 'visible' });
  }));

test('a bad token in storage leads to the login page and is dropped', () =>
  withPage(browser, server, 'bad-token', async (page) => {
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('token', JSON.stringify({ data: 'not-a-real-token', expire: Date.now() + 3_600_000 }));
    });
    await page.goto('/course/dialogue');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.locator(loginForm.username).waitFor({ state: 'visible' });
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
  }));
