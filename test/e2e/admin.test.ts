// School administration in the built app: the manager
// resets a teacher's password (the one-time password shown once) and finds
// the reset in the operation records under the right user with no secret;
// imports a roster file with one bad row (nothing written, the row named),
// fixes it and imports; adds a model provider pointing at the stub LLM, and a
// teacher chats with it at once, without a restart. Teachers and students
// get 403 on the admin calls and see no admin menu.
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startStubLlm, type StubLlm } from '../support/stub-llm.js';
import { DEMO_PASSWORD, launchBrowser, menuIds, pathOf, signIn, startServer, withPage, type RunningServer } from './support.js';

let server: RunningServer;
let browser: Browser;
let stub: StubLlm;
const PROVIDER_KEY = 'sk-admin-e2e-never-shown-4242';

before(async () => {
  stub = await startStubLlm({ tokenDelayMs: 5 });
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await stub?.close();
});

async function tokenOf(username: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${server.url}/new-chat/app/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function usernames(): Promise<string[]> {
  const res = await fetch(`${server.url}/new-chat/course/admin/users?pageSize=100`, { headers: { authorization: `Bearer ${await tokenOf('manager')}` } });
  const body = (await res.json()) as { data: { items: Array<{ username: string }> } };
  return body.data.items.map((u) => u.username);
}

async function openAdmin(page: Page): Promise<void> {
  await signIn(page, 'manager');
  await page.locator('a[data-menu-id="14"]').click();
  await page.locator('zx-school-admin [data-testid="admin-people"]').waitFor();
  assert.equal(pathOf(page), '/course/admin');
}

describe('school administration in the browser', () => {
  test('teachers and students get 403 on the admin calls and have no admin menu', async () => {
    for (const username of ['teacher', 'student'] as const) {
      const token = await tokenOf(username);
      for (const path of [
        'course/admin/users',
        'course/admin/classes',
        'course/admin/models',
        'course/admin/site',
        'course/admin/users/import/template?format=csv',
      ]) {
        const res = await fetch(`${server.url}/new-chat/${path}`, { headers: { authorization: `Bearer ${token}` } });
        assert.equal(res.status, 403, `${username} ${path}`);
      }
      await withPage(browser, server, `admin-menu-${username}`, async (page) => {
        await signIn(page, username);
        assert.ok(!(await menuIds(page)).includes('14'), `${username} sees no admin menu`);
      });
    }
  });

  test('a password reset shows the one-time password once and is in the records under the teacher, with no secret', () =>
    withPage(browser, server, 'admin-password-reset', async (page) => {
      await openAdmin(page);
      const admin = page.locator('zx-school-admin');
      await admin.locator('[data-testid="people-row"][data-username="teacher"] [data-testid="people-reset"]').click();
      await admin.locator('[data-testid="confirm"]').click();
      const secret = ((await admin.locator('[data-testid="one-time-password-value"]').textContent()) ?? '').trim();
      assert.ok(secret.length >= 8, `a one-time password is shown (${secret})`);
      await admin.locator('[data-testid="one-time-password-done"]').click();
      await admin.locator('[data-testid="one-time-password-value"]').waitFor({ state: 'detached' });

      // The teacher's old password no longer works; the new one does, and must be changed.
      const old = await fetch(`${server.url}/new-chat/app/api/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'teacher', password: DEMO_PASSWORD }),
      });
      assert.equal(old.status, 400);
      const fresh = await fetch(`${server.url}/new-chat/app/api/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'teacher', password: secret }),
      });
      assert.equal(((await fresh.json()) as { data: { mustChangePassword: boolean } }).data.mustChangePassword, true);
      const token = (
        (await (
          await fetch(`${server.url}/new-chat/app/api/oauth/token`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'teacher', password: secret }),
          })
        ).json()) as { data: { token: string } }
      ).data.token;
      const changed = await fetch(`${server.url}/new-chat/app/user/password/update`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ oldPassword: secret, newPassword: DEMO_PASSWORD }),
      });
      assert.equal(changed.status, 200, 'the teacher sets their password again (the later tests sign in with it)');

      await page.goto('/course/board/optionRecord');
      const records = page.locator('zx-operation-records');
      await records.locator('[data-testid="records-table"]').waitFor();
      // The action and the object type read in the page's language (zh-CN: 密码 for a password action, 用户 for a user).
      const row = records.locator('tr', { hasText: '密码' }).filter({ hasText: 'manager' }).first();
      await row.waitFor();
      const text = (await row.textContent()) ?? '';
      assert.match(text, /manager.*密码.*用户.*teacher/su, text);
      assert.ok(!((await page.content()) + (await records.innerHTML())).includes(secret), 'the one-time password is not on the records page');
    }));

  test('a roster with one bad row writes nothing and names the row; the fixed file imports', () =>
    withPage(browser, server, 'admin-roster', async (page) => {
      const dir = await mkdtemp(join(tmpdir(), 'zx-roster-'));
      const bad = join(dir, 'roster.csv');
      const good = join(dir, 'roster-fixed.csv');
      const rows = (type: string) =>
        `username,name,client_type,class,password\nr2026001,甲同学,3,2026级护理1班,student-pass-1\nr2026002,乙同学,${type},2026级护理1班,student-pass-2\nr2026003,丙同学,3,2026级护理1班,student-pass-3\n`;
      await writeFile(bad, rows('7'));
      await writeFile(good, rows('3'));
      const before = await usernames();

      await openAdmin(page);
      const roster = page.locator('zx-school-admin [data-testid="roster-import"]');
      await roster.locator('[data-testid="roster-file"]').setInputFiles(bad);
      const problems = roster.locator('[data-testid="roster-problems"]');
      await problems.waitFor();
      assert.equal(await problems.locator('li').count(), 1, 'one bad row');
      assert.equal(await problems.locator('li').first().getAttribute('data-line'), '3');
      assert.match((await problems.textContent()) ?? '', /7/);
      assert.deepEqual(await usernames(), before, 'nothing written');

      await roster.locator('[data-testid="roster-file"]').setInputFiles(good);
      await roster.locator('[data-testid="roster-imported"]').waitFor();
      assert.match((await roster.locator('[data-testid="roster-imported"]').textContent()) ?? '', /3/);
      await page.locator('zx-school-admin [data-testid="people-row"][data-username="r2026002"]').waitFor();
      assert.ok((await usernames()).includes('r2026003'));
    }));

  test('a model provider added in the browser serves a teacher at once, and its key never comes back', async () => {
    await withPage(browser, server, 'admin-model-provider', async (page) => {
      await openAdmin(page);
      const admin = page.locator('zx-school-admin');
      await admin.locator('[data-testid="admin-tab-models"]').click();
      await admin.locator('[data-testid="provider-new"]').click();
      const editor = admin.locator('[data-testid="provider-editor"]');
      await editor.locator('input[name="providerName"]').fill('学校模型');
      await editor.locator('input[name="baseUrl"]').fill(stub.baseUrl);
      await editor.locator('input[name="apiKey"]').fill(PROVIDER_KEY);
      await editor.locator('textarea[name="models"]').fill('school-stub');
      await editor.locator('[data-testid="provider-test"]').click();
      await editor.locator('[data-testid="provider-status"].ok').waitFor();
      await editor.locator('[data-testid="provider-save"]').click();
      await editor.waitFor({ state: 'detached' });
      const row = admin.locator('[data-testid="provider-row"]', { hasText: 'school-stub' });
      await row.waitFor();
      await row.locator('button').first().click(); // edit: the key field stays empty
      assert.equal(await admin.locator('[data-testid="provider-editor"] input[name="apiKey"]').inputValue(), '');
      assert.ok(!(await admin.innerHTML()).includes(PROVIDER_KEY), 'the key is not on the page');
      await page.keyboard.press('Escape');
      await admin.locator('[data-testid="provider-editor"]').waitFor({ state: 'detached' });

      // Deleting a provider asks first; cancelling keeps it.
      await admin.locator('[data-testid="provider-row"]', { hasText: 'school-stub' }).locator('[data-testid="provider-delete"]').click();
      await admin.locator('[data-testid="confirm-dialog"]').waitFor();
      await page.keyboard.press('Escape');
      await admin.locator('[data-testid="confirm-dialog"]').waitFor({ state: 'detached' });
      assert.equal(await admin.locator('[data-testid="provider-row"]', { hasText: 'school-stub' }).count(), 1, 'still there');
    });

    await withPage(browser, server, 'admin-model-teacher-chat', async (page) => {
      await signIn(page, 'teacher');
      await page.locator('a[data-menu-id="13"]').click();
      const composer = page.locator('zx-dialogue [data-testid="composer-input"]');
      await composer.waitFor();
      await page.locator('zx-dialogue [data-testid="model-picker"]').click();
      await page.locator('zx-dialogue [data-model="school-stub"]').first().click();
      await page
        .locator('zx-dialogue [data-testid="model-picker"]')
        .filter({ hasText: /school-stub|学校模型/ })
        .waitFor();
      await composer.fill('你好，学校模型');
      await composer.press('Enter');
      const answer = page.locator('zx-dialogue [data-testid="answer"][data-status="done"]').first();
      await answer.waitFor({ timeout: 20_000 });
      assert.equal(((await answer.locator('.zx-md').textContent()) ?? '').trim(), 'Echo: 你好，学校模型');
      const upstream = stub.requests.filter((r) => r.path.endsWith('/chat/completions') && r.body.stream).at(-1);
      assert.equal(upstream?.body.model, 'school-stub');
      assert.equal(upstream?.headers.authorization, `Bearer ${PROVIDER_KEY}`, 'the stored key reached the provider');
    });
  });
});
