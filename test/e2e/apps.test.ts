// AI apps through the real host app against the real built
// server (built-in engine, no model configured): a teacher creates an
// assistant with starter questions and publishes it; a student finds it in
// AI apps, favourites it, chats with it and sees its opening message; the
// server refuses the student's edit and delete. A form app refuses invalid
// input with a message naming the field, then streams a result.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, pathOf, signIn, startServer, withPage, type RunningServer } from './support.js';

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer({ ZX_BUILTIN_DELAY_MS: '0' });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const TITLE = '电工安全小助手';
const OPENING = '同学你好！我是电工安全小助手，进实训室前先来问问我吧。';
const STARTERS = ['触电急救的第一步是什么？', '万用表怎么测电压？'];

const card = (page: Page, title: string) => page.locator('[data-testid="assistant-card"]', { hasText: title }).first();

async function tokenOf(username: string): Promise<string> {
  const res = await fetch(`${server.url}/new-chat/app/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'client-id': 'app' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

let assistantId = '';

test('a teacher creates an assistant with starter questions and publishes it to the school', () =>
  withPage(browser, server, 'apps-teacher-create', async (page) => {
    await signIn(page, 'teacher');
    await page.goto('/course/apps');
    await page.getByTestId('create-assistant').click();
    await page.getByTestId('editor-title').fill(TITLE);
    await page.getByTestId('editor-description').fill('实训室用电安全、触电急救与仪表使用');
    await page.getByTestId('editor-system').fill('你是职业院校电工实训的安全导师，回答简洁，强调安全规范。');
    await page.getByTestId('editor-opening').fill(OPENING);
    await page.getByTestId('editor-starters').fill(STARTERS.join('\n'));
    await page.getByTestId('editor-publish').check();
    await page.getByTestId('editor-save').click();
    // Saved: the editor closes and "made by me" lists it.
    await page.getByTestId('assistant-editor').waitFor({ state: 'detached' });
    const mine = card(page, TITLE);
    await mine.waitFor({ state: 'visible' });
    assistantId = (await mine.getAttribute('data-id')) ?? '';
    assert.ok(assistantId, 'the card carries its id');
  }));

test('a student finds it, favourites it, chats with it and sees its opening message', () =>
  withPage(browser, server, 'apps-student-chat', async (page) => {
    await signIn(page, 'student');
    await page.goto('/course/apps');
    await page.getByTestId('apps-search').fill('电工安全');
    const found = card(page, TITLE);
    await found.waitFor({ state: 'visible' });
    assert.equal(await page.getByTestId('create-assistant').count(), 0, 'students do not build assistants');
    await found.getByTestId('favorite').click();
    await page.getByTestId('apps-search').fill('');
    await page.getByTestId('favorites').locator('[data-testid="assistant-card"]', { hasText: TITLE }).waitFor({ state: 'visible' });

    await card(page, TITLE).locator('a.card-main').click();
    await page.waitForURL((url) => url.pathname === '/course/chat' && url.searchParams.get('assistantId') === assistantId);
    const welcome = page.getByTestId('welcome-text');
    await welcome.waitFor({ state: 'visible' });
    assert.equal((await welcome.textContent())?.trim(), OPENING);
    const starters = page.locator('zx-dialogue [data-testid="starter"]');
    assert.deepEqual(
      (await starters.allTextContents()).map((s) => s.trim()),
      STARTERS,
    );
    assert.equal(await page.getByTestId('chat-favorite').getAttribute('aria-pressed'), 'true', 'the favourite shows in the chat too');

    await starters.first().click();
    const answer = page.locator('zx-dialogue [data-testid="answer"]').first();
    await answer.getByText('离线引擎').first().waitFor({ state: 'visible' });
    // The chat belongs to the assistant and the URL names it.
    await page.waitForURL((url) => url.pathname.startsWith('/course/chat/') && url.searchParams.get('assistantId') === assistantId);
    assert.match(pathOf(page), /^\/course\/chat\/[\w-]+\?assistantId=/);
  }));

test('a student is offered no teaching tools: no lesson-planning assistant, no teacher form apps', () =>
  withPage(browser, server, 'apps-student-tools', async (page) => {
    await signIn(page, 'student');
    await page.goto('/course/apps');
    await card(page, '安全生产导师').waitFor({ state: 'visible' });
    assert.equal(await card(page, '教案设计助手').count(), 0, 'no lesson-planning assistant');
    await page.getByTestId('tab-forms').click();
    await card(page, '测验题生成').waitFor({ state: 'visible' });
    for (const title of ['教案生成', '教学反思', '评分量规生成', '学生评语']) assert.equal(await card(page, title).count(), 0, `${title} is not offered`);
  }));

test("the server refuses the student's edit and delete", async () => {
  const student = await tokenOf('student');
  const headers = { authorization: `Bearer ${student}`, 'content-type': 'application/json', 'client-id': 'app' };
  const edit = await fetch(`${server.url}/new-chat/app/user/assistant`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ id: assistantId, title: '被改了', systemMessage: '随便' }),
  });
  assert.equal(edit.status, 403);
  const remove = await fetch(`${server.url}/new-chat/app/user/assistant/${assistantId}`, {
    method: 'DELETE',
    headers: { authorization: headers.authorization, 'client-id': 'app' },
  });
  assert.equal(remove.status, 403);
  const still = await fetch(`${server.url}/new-chat/app/user/assistant/${assistantId}`, { headers });
  assert.equal(((await still.json()) as { data: { title: string } }).data.title, TITLE, 'unchanged');
});

test('a form app refuses invalid input with a clear message, then streams a result', () =>
  withPage(browser, server, 'apps-form', async (page) => {
    await signIn(page, 'teacher');
    await page.goto('/course/apps');
    await page.getByTestId('tab-forms').click();
    await card(page, '教案生成').locator('.card-main').click();
    await page.getByTestId('form-app').waitFor({ state: 'visible' });
    await page.getByTestId('field-hours').fill('40');
    await page.getByTestId('form-run').click();
    await page.getByText('请填写「课程名称」').waitFor({ state: 'visible' });
    await page.getByText('「学时」不能大于 16').waitFor({ state: 'visible' });

    await page.getByTestId('field-subject').fill('电工基础');
    await page.getByTestId('field-major').fill('机电一体化技术');
    await page.getByTestId('field-topic').fill('安全用电与触电急救');
    await page.getByTestId('field-hours').fill('2');
    await page.getByTestId('field-objectives').fill('掌握安全用电规范，会进行触电急救');
    await page.getByTestId('form-run').click();
    const result = page.getByTestId('form-result');
    await result.getByText('离线引擎').first().waitFor({ state: 'visible' });
    await page.getByTestId('form-continue').waitFor({ state: 'visible' });
    const href = await page.getByTestId('form-continue').getAttribute('href');
    assert.match(href ?? '', /^\/course\/chat\/[\w-]+\?assistantId=form-lesson-plan$/, 'the result continues as a chat');
  }));
