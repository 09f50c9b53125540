// Shared classroom computers: however a session ends in the host app — the
// sign-out button, visiting /login while signed in, a token that expired
// while the browser was closed, a 401 (here: an administrator disables the
// account), a client switch, or signing out in another tab — nothing of the person stays in this browser's storage: no
// `<name>:<userId>` key, no token, no `userId`, none of their words. Before,
// only the sign-out button deleted the per-user keys; /login and a 401 left
// `chatStorage:<id>` and `promptStore:<id>` behind, and a tab whose session
// was signed out in another tab carried on showing (and storing) it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ask, dialogue, openDialogue, savePrompt } from './dialogue-steps.js';
import { apiCall, apiToken, launchBrowser, signIn, startServer, storageDump, withPage, type RunningServer } from './support.js';

const PROMPT_TITLE = '家长会发言要点';
const PROMPT_TEXT = '小明本学期数控实训缺勤三次';
const QUESTION = '帮我写一段给小明家长的沟通话术';
const DRAFT = '还没发出的草稿：小红的补考安排';

let browser: Browser;
let server: RunningServer;
let admin: string;
let teacherId: string;
before(async () => {
  browser = await launchBrowser();
  server = await startServer({ ZX_BUILTIN_DELAY_MS: '0' });
  admin = await apiToken(server, 'manager');
  const people = await apiCall<{ items: Array<{ id: string; username: string }> }>(server, admin, 'GET', 'course/admin/users?keyword=teacher');
  teacherId = people.items.find((p) => p.username === 'teacher')!.id;
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

interface Work {
  userId: string;
  chatNumber: string;
}

/** The teacher signs in and leaves traces of their own: a saved prompt, a chat, an unsent draft. */
async function teacherWorks(page: Page): Promise<Work> {
  await signIn(page, 'teacher');
  await openDialogue(page);
  await savePrompt(page, PROMPT_TITLE, PROMPT_TEXT);
  const chatNumber = await ask(page, QUESTION);
  await dialogue(page).locator('[data-testid="composer-input"]').fill(DRAFT);

  const userId = await page.evaluate(() => (JSON.parse(localStorage.getItem('userId') ?? 'null') as { data: string } | null)?.data ?? '');
  assert.ok(userId, 'the signed-in person is recorded');
  const stored = await storageDump(page);
  assert.match(stored, new RegExp(`^promptStore:${userId}=.*${PROMPT_TITLE}`, 'm'), 'the prompt is kept while signed in');
  assert.match(stored, new RegExp(`^chatStorage:${userId}=.*${chatNumber}`, 'm'), 'the chat list is kept while signed in');
  return { userId, chatNumber };
}

/** Nothing of the person's session is left in storage. `signedIn`: the same person carries on in a new session (a client switch). */
async function assertNothingLeft(page: Page, work: Work, how: string, { signedIn = false } = {}): Promise<void> {
  const stored = await storageDump(page);
  const keys = stored.split('\n').map((line) => line.slice(0, line.indexOf('=')));
  if (!signedIn) {
    assert.deepEqual(
      keys.filter((key) => key === 'token' || key === 'userId' || key.endsWith(`:${work.userId}`)),
      [],
      `${how}: per-user keys left:\n${stored}`,
    );
  }
  // The same person's new session lists their chats again from the server; what only this browser kept must be gone.
  const secrets = signedIn ? [PROMPT_TITLE, PROMPT_TEXT, DRAFT] : [PROMPT_TITLE, PROMPT_TEXT, QUESTION, DRAFT, work.chatNumber];
  for (const secret of secrets) {
    assert.ok(!stored.includes(secret), `${how}: storage still holds "${secret}":\n${stored}`);
  }
}

describe('leaving a session leaves nothing of the person in storage', () => {
  test('the sign-out button', async () => {
    await withPage(browser, server, 'leave-sign-out', async (page) => {
      const work = await teacherWorks(page);
      await page.goto('/profile');
      await page.locator('[data-testid="sign-out"]').click();
      await page.locator('[data-testid="sign-out-confirm"]').click();
      await page.waitForURL(/\/login$/);
      await assertNothingLeft(page, work, 'sign-out button');
    });
  });

  test('visiting /login while signed in', async () => {
    await withPage(browser, server, 'leave-login-page', async (page) => {
      const work = await teacherWorks(page);
      await page.goto('/login');
      await page.locator('input[name="username"]').waitFor();
      await assertNothingLeft(page, work, '/login');
      await page.reload();
      await page.locator('input[name="username"]').waitFor();
      await assertNothingLeft(page, work, '/login, reloaded');
    });
  });

  test('a token that expired while the browser was closed', async () => {
    await withPage(browser, server, 'leave-expired', async (page) => {
      const work = await teacherWorks(page);
      // The teacher walked away without signing out; days later the next person opens the browser.
      await page.evaluate(() => {
        const entry = JSON.parse(localStorage.getItem('token')!) as { data: string; expire: number };
        localStorage.setItem('token', JSON.stringify({ ...entry, expire: Date.now() - 1000 }));
      });
      await page.reload();
      await page.waitForURL(/\/login/);
      await assertNothingLeft(page, work, 'expired token');
    });
  });

  test('a 401: the account is disabled by an administrator, and the page says so', async () => {
    await withPage(browser, server, 'leave-disabled', async (page) => {
      const work = await teacherWorks(page);
      await apiCall(server, admin, 'POST', `course/admin/users/${teacherId}/disable`);
      try {
        await page.locator('a[data-menu-id="1"]').click(); // the next request is refused
        await page.waitForURL(/\/login/);
        await page.locator('zx-toaster', { hasText: '账号已停用，请联系学校管理员' }).waitFor();
        await assertNothingLeft(page, work, 'a 401');
      } finally {
        await apiCall(server, admin, 'POST', `course/admin/users/${teacherId}/enable`);
      }
    });
  });

  test('signing out in another tab sends this tab to sign-in too', async () => {
    await withPage(browser, server, 'leave-other-tab', async (page) => {
      const work = await teacherWorks(page);
      const other = await page.context().newPage();
      await other.goto('/profile');
      await other.locator('[data-testid="sign-out"]').click();
      await other.locator('[data-testid="sign-out-confirm"]').click();
      await other.waitForURL(/\/login$/);
      // This tab follows without waiting for its next request, and writes nothing back.
      await page.waitForURL(/\/login/, { timeout: 5_000 });
      assert.equal(await dialogue(page).count(), 0, "the teacher's dialogue is no longer shown");
      await assertNothingLeft(page, work, 'signed out in another tab');
    });
  });

  test('a client switch', async () => {
    await apiCall(server, admin, 'PUT', `course/admin/users/${teacherId}`, { clientTypes: ['1', '2'] });
    try {
      await withPage(browser, server, 'leave-client-switch', async (page) => {
        const work = await teacherWorks(page);
        await page.goto('/profile');
        await page.locator('[data-testid="client-switch"] button[data-client-type="2"]').click();
        await page.waitForURL(/\/course\/dialogue$/);
        await dialogue(page).locator('[data-testid="composer-input"]').waitFor();
        await assertNothingLeft(page, work, 'client switch', { signedIn: true });
      });
    } finally {
      await apiCall(server, admin, 'PUT', `course/admin/users/${teacherId}`, { clientTypes: ['1'] });
    }
  });
});
