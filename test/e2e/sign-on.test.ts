// School sign-on in the browser: a student clicks the school's button on the
// login page, signs in at the school's OpenID Provider (oidc-provider, run
// here over HTTP) and lands in the student layout, and signing out ends the
// provider's session too; a teacher in two groups switches between both
// sides; a person disabled at the provider is told so on the login page. A
// manager adds a provider in school administration and its button appears.
// The directory (Debian's slapd) signs people in through its form on the
// login page, and its sync disables someone disabled there.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startOidcProvider, TEST_OIDC_CLIENT, type TestOidcProvider } from '../support/oidc-provider.js';
import { directoryEnv, SLAPD_BASE, startSlapd, type TestDirectory } from '../support/slapd.js';
import {
  apiCall,
  apiToken,
  DEMO_MENUS,
  layoutRoot,
  launchBrowser,
  menuIds,
  signIn,
  startServer,
  storageDump,
  withPage,
  type RunningServer,
} from './support.js';

let idp: TestOidcProvider;
let ldap: TestDirectory;
let server: RunningServer;
let browser: Browser;

/** axe-core's serious and critical findings inside `scope` (axe sees open shadow roots). */
async function seriousFindings(page: Page, scope = 'zx-school-admin'): Promise<string[]> {
  if (!(await page.evaluate('typeof axe !== "undefined"'))) await page.evaluate(readFileSync('node_modules/axe-core/axe.min.js', 'utf8'));
  const found = (await page.evaluate(`axe.run({ include: [document.querySelector(${JSON.stringify(scope)})] }, { resultTypes: ['violations'] })
    .then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id + ' ' + JSON.stringify(v.nodes[0].target)))`)) as string[];
  return found;
}

const callbackOf = (id: string) => `${server.url}/new-chat/app/api/oauth/${id}/callback`;

before(async () => {
  idp = await startOidcProvider();
  ldap = await startSlapd();
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
    ...directoryEnv(ldap),
    ZX_LDAP_NAME: 'School directory',
    // The directory marks someone who left in their description (an Active Directory would use userAccountControl).
    ZX_LDAP_ACTIVE_CLAIM: 'description',
  });
  idp.configure([callbackOf('oidc')], [`${server.url}/login`]);
  idp.accounts.set('stu-e2e', { name: 'Wang Fang', groups: ['students'], class: 'Class 2025-1', student_number: 'S9001', active: true });
  idp.accounts.set('gone-e2e', { name: 'Left School', groups: ['students'], student_number: 'S9002', active: false });
  idp.accounts.set('two-groups-e2e', { name: 'Liu Min', groups: ['teachers', 'staff'], student_number: 'T9001', active: true });
  idp.accounts.set('portal-e2e', { name: 'Zhou Jie', groups: ['students'], student_number: 'S9003', active: true });
  await ldap.addPerson('zhaoliu', { cn: 'Zhao Liu', employeeType: 'teacher', employeeNumber: 'T9101', description: 'active' }, 'zhaoliu-pass-1');
  await ldap.addPerson('sunqi', { cn: 'Sun Qi', employeeType: 'student', employeeNumber: 'S9101', description: 'active' }, 'sunqi-pass-1');
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await idp?.close();
  await ldap?.close();
});

/** Clicks the school's button and signs in at the provider's form as `login`. */
async function signInWithSchool(page: Page, login: string, button = 'Campus ID'): Promise<void> {
  await page.goto('/login?redirect=%2Fcourse%2Fdialogue');
  await page.getByRole('link', { name: button }).click();
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

    // Signing out clears this browser, then ends the provider's session too, and comes back to the login page.
    await page.goto('/profile');
    await page.getByTestId('sign-out').click();
    await page.getByTestId('sign-out-confirm').click();
    await page.waitForURL((url) => url.href.startsWith(idp.issuer));
    assert.equal(await page.evaluate(() => localStorage.getItem('token')), null);
    assert.doesNotMatch(await storageDump(page), /chatStorage:|clientType:|signonProvider/);
    await page.locator('button[name="logout"]').click();
    await page.waitForURL(`${server.url}/login`);
  }));

test('a teacher holding two groups signs in through the school and switches between both sides', () =>
  withPage(browser, server, 'sign-on-two-groups', async (page) => {
    await signInWithSchool(page, 'two-groups-e2e');
    await layoutRoot(page).waitFor({ state: 'visible' });
    assert.deepEqual(await menuIds(page), [...DEMO_MENUS.teacher]);
    await page.goto('/profile');
    await page.locator('[data-testid="client-switch"] button[data-client-type="2"]').click();
    await page.waitForURL(/\/course\/dialogue$/);
    await page.locator('a[data-menu-id="9"]').waitFor();
    const managerMenus = await menuIds(page);
    assert.ok(managerMenus.includes('6') && !managerMenus.includes('1'), `manager's menus: ${managerMenus.join(',')}`);
    await page.goto('/profile');
    await page.locator('[data-testid="client-switch"] button[data-client-type="1"]').click();
    await page.waitForURL(/\/course\/dialogue$/);
    await page.locator('a[data-menu-id="1"]').waitFor();
    assert.deepEqual(await menuIds(page), [...DEMO_MENUS.teacher]);
  }));

test('a manager adds an OpenID Connect provider in school administration, and its button signs people in', () =>
  withPage(browser, server, 'sign-on-admin-adds', async (page) => {
    await signIn(page, 'manager');
    await page.locator('a[data-menu-id="14"]').click();
    const admin = page.locator('zx-school-admin');
    await admin.locator('[data-testid="admin-tab-signon"]').click();
    await admin.locator('[data-testid="signon-row"][data-name="School directory"]').waitFor();
    await admin.locator('[data-testid="signon-new"]').click();
    const editor = admin.locator('[data-testid="signon-editor"]');
    await editor.locator('input[name="name"]').fill('Teaching Portal');
    await editor.locator('input[name="issuer"]').fill(idp.issuer);
    await editor.locator('input[name="clientId"]').fill(TEST_OIDC_CLIENT.id);
    await editor.locator('input[name="secret"]').fill(TEST_OIDC_CLIENT.secret);
    await editor.locator('input[name="scopes"]').fill('profile email groups school');
    await editor.locator('[data-testid="signon-add-role"]').click();
    const role = editor.locator('[data-testid="signon-role"]').last();
    await role.locator('input').fill('students');
    await role.locator('select').selectOption('3');
    await editor.locator('input[name="numberClaim"]').fill('student_number');
    // "Try it" on a sample before saving.
    await editor.locator('textarea[name="sample"]').fill(JSON.stringify({ sub: 'x1', name: 'Sample Student', groups: ['students'], student_number: 'S1' }));
    await editor.locator('[data-testid="signon-try-run"]').click();
    await editor.locator('[data-testid="signon-try-result"]').waitFor();
    assert.equal(await editor.locator('[data-testid="signon-try-types"]').textContent(), '学生端');
    assert.deepEqual(await seriousFindings(page), [], 'axe on the editor');
    await editor.locator('[data-testid="signon-save"]').click();
    await editor.waitFor({ state: 'detached' });
    await admin.locator('[data-testid="signon-row"][data-name="Teaching Portal"]').waitFor();
    assert.ok(!(await admin.innerHTML()).includes(TEST_OIDC_CLIENT.secret), 'the secret is not on the page');
    assert.deepEqual(await seriousFindings(page), [], 'axe on the list');

    // The provider learns the new callback address, as a school's identity team would register it.
    const overview = await apiCall<{ providers: Array<{ id: string; name: string }> }>(
      server,
      await apiToken(server, 'manager'),
      'GET',
      'course/admin/sign-on/providers',
    );
    const added = overview.providers.find((p) => p.name === 'Teaching Portal')!;
    idp.configure([callbackOf('oidc'), callbackOf(added.id)], [`${server.url}/login`]);

    await signInWithSchool(page, 'portal-e2e', 'Teaching Portal');
    const layout = layoutRoot(page);
    await layout.waitFor({ state: 'visible' });
    assert.equal(await layout.getAttribute('data-layout'), 'student');
  }));

/** Opens the directory's form on the login page and signs in with it. */
async function signInWithDirectory(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login?redirect=%2Fcourse%2Fdialogue');
  await page.getByRole('button', { name: 'School directory' }).click();
  const form = page.getByTestId('signon-directory-form');
  await form.locator('input[name="username"]').fill(username);
  await form.locator('input[name="password"]').fill(password);
  assert.deepEqual(await seriousFindings(page, 'main'), [], 'axe on the login page with the form open');
  await form.locator('button[type="submit"]').click();
}

test("the directory's form on the login page signs a teacher into the teacher's layout", () =>
  withPage(browser, server, 'sign-on-directory-teacher', async (page) => {
    await signInWithDirectory(page, 'zhaoliu', 'zhaoliu-pass-1');
    const layout = layoutRoot(page);
    await layout.waitFor({ state: 'visible' });
    assert.equal(await layout.getAttribute('data-layout'), 'main');
    assert.deepEqual(await menuIds(page), [...DEMO_MENUS.teacher]);
  }));

test('a person disabled in the directory is disabled at the next sync and refused at the form', () =>
  withPage(browser, server, 'sign-on-directory-disabled', async (page) => {
    await signInWithDirectory(page, 'sunqi', 'sunqi-pass-1');
    const layout = layoutRoot(page);
    await layout.waitFor({ state: 'visible' });
    assert.equal(await layout.getAttribute('data-layout'), 'student');

    await ldap.change(`uid=sunqi,ou=people,${SLAPD_BASE}`, 'description', ['disabled']);
    // The manager runs the sync now instead of waiting for the schedule.
    await withPage(browser, server, 'sign-on-directory-sync', async (adminPage) => {
      await signIn(adminPage, 'manager');
      await adminPage.locator('a[data-menu-id="14"]').click();
      const admin = adminPage.locator('zx-school-admin');
      await admin.locator('[data-testid="admin-tab-signon"]').click();
      await admin.locator('[data-testid="signon-row"][data-name="School directory"] [data-testid="signon-sync"]').click();
      await adminPage.locator('zx-toaster [data-toast-type="success"]').filter({ hasText: '停用 1 个' }).waitFor();
    });
    const manager = await apiToken(server, 'manager');
    const people = await apiCall<{ items: Array<{ disabled: boolean }> }>(server, manager, 'GET', 'course/admin/users?keyword=S9101');
    assert.deepEqual(
      people.items.map((p) => p.disabled),
      [true],
    );

    // Their open page finds its sign-in ended; the form refuses them.
    await page.reload();
    await page.waitForURL(/\/login/);
    await signInWithDirectory(page, 'sunqi', 'sunqi-pass-1');
    await page.getByTestId('signon-directory-error').waitFor();
    assert.equal(await layoutRoot(page).count(), 0);
  }));

test('a person disabled at the provider is refused on the login page', () =>
  withPage(browser, server, 'sign-on-disabled', async (page) => {
    await signInWithSchool(page, 'gone-e2e');
    await page.getByTestId('signon-error').waitFor({ state: 'visible' });
    assert.equal(new URL(page.url()).pathname, '/login');
    assert.equal(await layoutRoot(page).count(), 0);
  }));
