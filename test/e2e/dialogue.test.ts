// AI dialogue driven through the real host app against the real
// built server: with no configuration a teacher chats with the built-in
// engine (streamed), stops an answer, regenerates and browses 2/2, shares a
// message and opens the link signed out; with an OpenAI-compatible stub
// server the configured models and versions stream, and compare mode streams
// two answers side by side.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startStubLlm, type StubLlm } from '../support/stub-llm.js';
import { launchBrowser, pathOf, signIn, startServer, withPage, type RunningServer } from './support.js';

const answers = (page: Page) => page.locator('zx-dialogue [data-testid="answer"]');
const composer = (page: Page) => page.locator('zx-dialogue [data-testid="composer-input"]');

async function ask(page: Page, question: string): Promise<void> {
  await composer(page).fill(question);
  await composer(page).press('Enter');
}

/** The text of an answer's rendered markdown. */
async function answerText(page: Page, index: number): Promise<string> {
  return ((await answers(page).nth(index).locator('.zx-md').textContent()) ?? '').trim();
}

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

describe('with no configuration (built-in engine)', () => {
  let server: RunningServer;
  before(async () => {
    server = await startServer();
  });
  after(async () => {
    await server?.stop();
  });

  test('a teacher chats, stops, regenerates, shares, and the share opens signed out', () =>
    withPage(browser, server, 'dialogue-builtin', async (page) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      await signIn(page, 'teacher');
      await page.locator('a[data-menu-id="13"]').click(); // 对话
      await composer(page).waitFor();
      await page.locator('zx-dialogue [data-testid="welcome"]').waitFor();

      // First question: the answer streams in, then is saved.
      await ask(page, '数控车床安全操作要注意什么？');
      await page.locator('zx-dialogue [data-testid="question"]').first().waitFor();
      await answers(page).first().and(page.locator('[data-status="streaming"]')).waitFor();
      await answers(page).first().and(page.locator('[data-status="done"]')).waitFor({ timeout: 20_000 });
      assert.match(await answerText(page, 0), /不是大语言模型/);
      await page.waitForURL(/\/course\/dialogue\/[\w-]+$/);
      const chatPath = pathOf(page);

      // Second question: stop it while it streams.
      await ask(page, '再详细说说');
      const second = answers(page).nth(1);
      await second.and(page.locator('[data-status="streaming"]')).waitFor();
      await page.waitForFunction(() => {
        const host = document.querySelector('zx-dialogue');
        const md = host?.shadowRoot?.querySelectorAll('[data-testid="answer"]')[1]?.querySelector('.zx-md');
        return (md?.textContent ?? '').trim().length > 8;
      });
      await page.locator('zx-dialogue [data-testid="stop"]').click();
      await second.and(page.locator('[data-status="stopped"]')).waitFor();
      assert.equal(await second.locator('[data-testid="stopped"]').textContent(), '已停止');
      const partial = await answerText(page, 1);
      assert.ok(partial.length > 0 && !partial.includes('ZX_LLM_MODELS'), `stopped mid-way, got: ${partial}`);

      // Regenerate the stopped answer and browse the two answers.
      await second.locator('[data-testid="regenerate"]').click();
      await page.locator('zx-dialogue [data-testid="alternative-position"]').filter({ hasText: '2/2' }).waitFor();
      await answers(page).nth(1).and(page.locator('[data-status="done"]')).waitFor({ timeout: 20_000 });
      assert.match(await answerText(page, 1), /不是大语言模型/);
      await page.locator('zx-dialogue [data-testid="previous-answer"]').click();
      await page.locator('zx-dialogue [data-testid="alternative-position"]').filter({ hasText: '1/2' }).waitFor();
      assert.equal(await answerText(page, 1), partial);
      await page.locator('zx-dialogue [data-testid="next-answer"]').click();
      await page.locator('zx-dialogue [data-testid="alternative-position"]').filter({ hasText: '2/2' }).waitFor();

      // A reload opens the same chat from the URL.
      await page.reload();
      await answers(page).nth(1).waitFor();
      assert.equal(pathOf(page), chatPath);
      assert.equal(await page.locator('zx-dialogue [data-testid="question"]').count(), 2);

      // Share the first answer: the link is copied and a toast says so.
      await answers(page).first().locator('[data-testid="share"]').click();
      await page.locator('zx-toaster [data-toast-type="success"]').filter({ hasText: '分享链接已复制' }).waitFor();
      const link = await page.evaluate(() => navigator.clipboard.readText());
      assert.match(link, /\/shareView\?id=[\w-]+$/);
      assert.ok(link.startsWith(server.url), link);

      // A fresh, signed-out browser sees that answer under its question, and nothing else of the chat.
      const visitor = await browser.newContext({ baseURL: server.url });
      try {
        const view = await visitor.newPage();
        await view.goto(link);
        const shared = view.locator('zx-share-view [data-testid="shared-message"]');
        await shared.waitFor();
        assert.match((await shared.textContent()) ?? '', /不是大语言模型/);
        // the model as the picker names it, not its internal name
        assert.equal(await view.locator('zx-share-view [data-testid="shared-model"]').textContent(), '内置离线引擎');
        const page = (await view.locator('zx-share-view').textContent()) ?? '';
        assert.match(
          (await view.locator('zx-share-view [data-testid="shared-question"]').textContent()) ?? '',
          /数控车床安全操作要注意什么/,
          'the answer comes with its question',
        );
        assert.ok(!page.includes('再详细说说'), 'other messages are not shown');
        assert.equal(await view.locator('[data-layout]').count(), 0, 'no signed-in layout');
        assert.equal(new URL(view.url()).pathname, '/shareView');

        await view.goto('/shareView?id=no-such-share');
        await view.locator('zx-share-view [data-testid="share-not-found"]').waitFor();
      } finally {
        await visitor.close();
      }
    }));
});

/** Long enough (about 2 s of echo) that the two answers stream side by side for a while. */
const COMPARE_QUESTION = 'compare these two machines please: spindle speed, rigidity, tool changer, coolant, control system, price and service';

describe('with an OpenAI-compatible server (stub)', () => {
  let stub: StubLlm;
  let server: RunningServer;
  before(async () => {
    // Slow enough that "streaming" lasts a second or more: on a busy machine the page
    // must still be seen mid-stream (both compare columns at once).
    stub = await startStubLlm({ tokenDelayMs: 100 });
    server = await startServer({ ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_API_KEY: 'sk-e2e', ZX_LLM_MODELS: 'stub-a,stub-b:v1|v2' });
  });
  after(async () => {
    await server?.stop();
    await stub?.close();
  });

  test('picks a model and version and sees the streamed echo', () =>
    withPage(browser, server, 'dialogue-stub-model', async (page) => {
      await signIn(page, 'teacher');
      await composer(page).waitFor();
      await page.locator('zx-dialogue [data-testid="model-picker"]').click();
      await page.locator('zx-dialogue [data-model="stub-b"] [data-version="v2"]').click();
      await page.locator('zx-dialogue [data-testid="model-picker"]').filter({ hasText: 'v2' }).waitFor();

      await ask(page, 'hello stub, tell me about lathes');
      await answers(page).first().and(page.locator('[data-status="streaming"]')).waitFor();
      await answers(page).first().and(page.locator('[data-status="done"]')).waitFor({ timeout: 20_000 });
      assert.equal(await answerText(page, 0), 'Echo: hello stub, tell me about lathes');
      assert.equal(await answers(page).first().getAttribute('data-model'), 'stub-b');
      const call = stub.requests.filter((r) => r.path.endsWith('/chat/completions') && r.body.stream).at(-1);
      assert.equal(call?.body.model, 'v2', 'the picked version is the upstream model name');
    }));

  test('compare mode streams two answers side by side', () =>
    withPage(browser, server, 'dialogue-stub-compare', async (page) => {
      await signIn(page, 'teacher');
      await composer(page).waitFor();
      await page.locator('zx-dialogue [data-testid="compare-toggle"]').click();
      await page.locator('zx-dialogue [data-testid="compare-toggle"][aria-pressed="true"]').waitFor();

      await ask(page, COMPARE_QUESTION);
      const group = page.locator('zx-dialogue [data-testid="compare-group"]');
      await group.waitFor();
      // Both columns are streaming at the same time.
      await page.waitForFunction(() => {
        const root = document.querySelector('zx-dialogue')?.shadowRoot;
        const streaming = root?.querySelectorAll('[data-testid="compare-group"] [data-testid="answer"][data-status="streaming"]') ?? [];
        return streaming.length === 2 && [...streaming].every((a) => (a.querySelector('.zx-md')?.textContent ?? '').trim().length > 0);
      });
      await group.locator('[data-testid="answer"][data-status="done"]').nth(1).waitFor({ timeout: 20_000 });
      const models = await group.locator('[data-testid="answer"]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-model')));
      assert.deepEqual(models, ['stub-a', 'stub-b']);
      for (const text of await group.locator('.zx-md').allTextContents()) assert.equal(text.trim(), `Echo: ${COMPARE_QUESTION}`);
      const box = await group.boundingBox();
      const [a, b] = await Promise.all([0, 1].map((i) => group.locator('.compare-column').nth(i).boundingBox()));
      assert.ok(box && a && b && Math.abs(a.y - b.y) < 2 && b.x > a.x, 'side by side');

      await group.locator('[data-model="stub-b"] [data-testid="prefer"]').click();
      await group.locator('[data-model="stub-b"] [data-testid="prefer"][aria-pressed="true"]').waitFor();
    }));
});
