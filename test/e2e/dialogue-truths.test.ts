// What the user sees is true, in Chromium against the real built server and
// a stub model server: a PDF attached to a question answers it (the stub
// echoes what reached it), a system message stays in its chat, a thinking
// model's reasoning shows live and folds with its duration, a failed answer
// offers only Retry, and a student with 1 credit ends at 0, not below.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { repoPath } from '../support/repo.js';
import { startStubLlm, type StubLlm } from '../support/stub-llm.js';
import { apiCall, apiToken, signIn, useServerAndBrowser, withPage } from './support.js';

const PRINTED_PDF = readFileSync(repoPath('test/fixtures/chromium-printed-chinese.pdf'));
const DEFAULT_SYSTEM_MESSAGE = '你是智学平台的 AI 助手。请认真遵循用户的指令，回答准确、有条理，并使用 Markdown 格式。';

let stub: StubLlm;
const env: Record<string, string> = {};
before(async () => {
  // A thinker thinks for a second or two, so its reasoning is seen while it streams.
  stub = await startStubLlm({ tokenDelayMs: 20, thinkDelayMs: 400 });
  Object.assign(env, {
    ZX_LLM_BASE_URL: stub.baseUrl,
    ZX_LLM_API_KEY: 'sk-e2e',
    ZX_LLM_MODELS: 'stub-echo-system,stub-thinker,stub-error-401,stub-costly',
  });
});
after(async () => {
  await stub?.close();
});

const dialogue = (page: Page, selector: string) => page.locator(`zx-dialogue ${selector}`);
const answers = (page: Page) => dialogue(page, '[data-testid="answer"]');

async function openChatWith(page: Page, model: string): Promise<void> {
  await signIn(page, 'student');
  await page.locator('a[data-menu-id="13"]').click();
  await dialogue(page, '[data-testid="composer-input"]').waitFor();
  await dialogue(page, '[data-testid="model-picker"]').click();
  await dialogue(page, `[data-model="${model}"] [data-testid="model-option"]`).click();
}

async function ask(page: Page, question: string): Promise<void> {
  await dialogue(page, '[data-testid="composer-input"]').fill(question);
  await dialogue(page, '[data-testid="send"]:not([disabled])').click();
}

describe('what the user sees is true', () => {
  const { server, browser } = useServerAndBrowser(env);

  test("a PDF's content answers a question about it", () =>
    withPage(browser(), server(), 'truths-pdf', async (page) => {
      await openChatWith(page, 'stub-echo-system');
      await dialogue(page, 'input[type="file"]:not([accept])').setInputFiles({
        name: '数控车床编程入门.pdf',
        mimeType: 'application/pdf',
        buffer: PRINTED_PDF,
      });
      await dialogue(page, '.attachment-file:not([data-uploading])').waitFor({ timeout: 20_000 });
      await ask(page, '这份资料讲了什么？');
      await answers(page).first().and(page.locator('[data-status="done"]')).waitFor({ timeout: 30_000 });
      const text = (await answers(page).first().locator('.zx-md').textContent()) ?? '';
      assert.match(text, /数控车床编程入门/u, 'the model read the PDF');
      assert.match(text, /门窗加工与页面说明/u);
      await dialogue(page, '[data-testid="question"] .file-chip').filter({ hasText: '数控车床编程入门.pdf' }).waitFor();
    }));

  test('a system message stays in its chat', () =>
    withPage(browser(), server(), 'truths-system-message', async (page) => {
      await openChatWith(page, 'stub-echo-system');
      await ask(page, '你好');
      await answers(page).first().and(page.locator('[data-status="done"]')).waitFor({ timeout: 20_000 });
      await dialogue(page, '[data-testid="open-settings"]').click();
      await dialogue(page, '[data-testid="system-message"]').fill('你是焊接安全老师，只谈焊接。');
      await dialogue(page, '[data-testid="save-settings"]').click();
      await dialogue(page, '[data-testid="settings-dialog"]').waitFor({ state: 'detached' });

      await dialogue(page, '[data-testid="new-chat"]').click();
      await dialogue(page, '[data-testid="welcome"]').waitFor();
      await dialogue(page, '[data-testid="open-settings"]').click();
      assert.equal(await dialogue(page, '[data-testid="system-message"]').inputValue(), DEFAULT_SYSTEM_MESSAGE);
      await page.keyboard.press('Escape');
      await ask(page, '新的问题');
      await answers(page).first().and(page.locator('[data-status="done"]')).waitFor({ timeout: 20_000 });
      const echoed = (await answers(page).first().locator('.zx-md').textContent()) ?? '';
      assert.ok(!echoed.includes('焊接安全老师'), `the new chat was sent the other chat's system message: ${echoed}`);
    }));

  test('DeepSeek-style thinking shows while it streams and folds with its duration', () =>
    withPage(browser(), server(), 'truths-thinking', async (page) => {
      await openChatWith(page, 'stub-thinker');
      await ask(page, '安全帽有什么用？');
      const block = answers(page).first().locator('[data-testid="reasoning"]');
      await block.and(page.locator('[open]')).waitFor({ timeout: 20_000 });
      assert.match((await block.locator('summary').textContent()) ?? '', /^思考中…/u, 'live, with the seconds counting');
      await block.filter({ hasText: /Thinking about/u }).waitFor();
      await answers(page).first().and(page.locator('[data-status="done"]')).waitFor({ timeout: 30_000 });
      assert.equal(await block.evaluate((d) => (d as HTMLDetailsElement).open), false, 'folded once answered');
      assert.match((await block.locator('summary').textContent()) ?? '', /^已思考 \d+ 秒$/u);
      assert.equal(((await answers(page).first().locator('.zx-md').textContent()) ?? '').trim(), 'Echo: 安全帽有什么用？');
      await block.locator('summary').click();
      await block.and(page.locator('[open]')).waitFor();
      // Kept with the answer: a reload shows it again, folded.
      await page.reload();
      await answers(page).first().locator('[data-testid="reasoning"]:not([open])').waitFor();
    }));

  test('a failed answer offers only Retry', () =>
    withPage(browser(), server(), 'truths-failed', async (page) => {
      await openChatWith(page, 'stub-error-401');
      await ask(page, '你好');
      const failed = answers(page).first();
      await failed.and(page.locator('[data-status="error"]')).waitFor({ timeout: 20_000 });
      await failed.locator('[data-testid="retry"]').waitFor();
      for (const action of ['copy-answer', 'share', 'to-mind-map', 'like', 'dislike', 'regenerate']) {
        assert.equal(await failed.locator(`[data-testid="${action}"]`).count(), 0, `${action} on a failed answer`);
      }
    }));

  test('a student with 1 credit cannot go below 0', async () => {
    const manager = await apiToken(server(), 'manager');
    await apiCall(server(), manager, 'PUT', 'course/quota/allowances', { scope: 'user', targetId: 'student', credits: 1 });
    await withPage(browser(), server(), 'truths-one-credit', async (page) => {
      await openChatWith(page, 'stub-costly');
      await ask(page, '讲讲数控车床');
      await answers(page).first().and(page.locator('[data-status="done"]')).waitFor({ timeout: 20_000 });
    });
    const student = await apiToken(server(), 'student');
    const quota = await apiCall<{ balance: number; extra: number }>(server(), student, 'GET', 'app/user/quota');
    assert.equal(quota.balance, 0, 'a 30,000-token bill took the 1 credit to 0, not below');
    assert.equal(quota.extra, 0);
  });
});
