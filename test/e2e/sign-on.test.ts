// School sign-on in the browser: a student clicks the school's button on the
// login page, signs in at the school's OpenID Provider (oidc-provider, run
// here over HTTP) and lands in the student layout; a person disabled at the
// provider is told so on the login page.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startOidcProvider, TEST_OIDC_CLIENT, type TestOidcProvider } from '../support/oidc-provider.js';
import { DEMO_MENUS, layoutRoot, launchBrowser, menuIds, startServer, withPage, type RunningServer } from './support.js';

let idp: TestOidcProvider;
let server: RunningServer;
let browser: Browser;

before(async () => {
  idp = await startOidcProvider();
  server = await startServer({
    ZX_OIDC_ISSUER: idp.issuer,
    ZX_OIDC_CLIENT_ID: TEST_OIDC_CLIENT.id,
    ZX_OIDC_CLIENT_SECRET: TEST_OIDC_CLIENT.secret,
    ZX_OIDC_ROLE_MAP: 'students=3,teachers=1,staff=2',
    ZX_OIDC_NAME: 'Campus ID',
    ZX_OIDC_SCOPES: 'profile email groups school',
    ZX_OIDC_NUMBER_CLAIM: 'student_number',
    ZX_OIDC_CLASS_CLAIM: 'class',
    ZX_OIDC_ACTIVE_CLAIM: 'active',
  });
  idp.configure([`${server.url}/new-chat/app/api/oauth/oidc/callback`]);
  idp.accounts.set('stu-e2e', { name: 'Wang Fang', groups: ['students'], class: 'Class 2025-1', student_number: 'S9001', active: true });
  idp.accounts.set('gone-e2e', { name: 'Left School', groups: ['students'], student_number: 'S9002', active: false });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await idp?.close();
});

/** Clicks the school's button and signs in at the provider's form as `login`. */
async function signInWithSchool(page: Page, login: string): Promise<void> {
  await page.goto('/login?redirect=%2Fcourse%2Fdialogue');
  await page.getByRole('link', { name: 'Campus ID' }).click();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('their-school-password');
  await page.locator('button[type="submit"]').click();
}

test("a student signs in with the school's account and lands in the student layout", () =>
  withPage(browser, server, 'sign-on-student', async (page) => {
    await signInWithSchool(page, 'stu-e2e');
    const layout = layoutRoot(page);
    await layout.waitFor({ state: 'visible' });
    assert.equal(await layout.getAttribute('data-layout'), 'student');
    assert.deepEqual(await menuIds(page), [...DEMO_MENUS.student]);
    assert.equal(new URL(page.url()).pathname, '/course/dialogue');
    assert.equal(new URL(page.url()).search, '', 'no ticket left in the address');
  }));

test('a person disabled at the provider is refused on the login page', () =>
  withPage(browser, server, 'sign-on-disabled', async (page) => {
    await signInWithSchool(page, 'gone-e2e');
    await page.getByTestId('signon-error').waitFor({ state: 'visible' });
    assert.equal(new URL(page.url()).pathname, '/login');
    assert.equal(await layoutRoot(page).count(), 0);
  }));
