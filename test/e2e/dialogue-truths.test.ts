// What the user sees is true, in Chromium against the real built server and
// a stub model server, as a new student in each of the five languages (one
// page per language, one server and one browser for all): a student with 1
// credit ends at 0, not below, and the profile says so; a PDF attached to a
// question answers it (the stub echoes what reached it); a system message
// stays in its chat; a thinking model's reasoning shows live and folds with
// its duration; an answer naming <textarea> and List<String> shows every
// word; a failed answer offers only Retry, in the app and in the embed, where
// it spends none of the visitor's questions for the day.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { frontEndModule } from '../support/front-end-module.js';
import { repoPath } from '../support/repo.js';
import { defaultReply, lastUserText, startStubLlm, type StubLlm } from '../support/stub-llm.js';
import { DEMO_PASSWORD, apiCall, apiToken, layoutRoot, submitLogin, useServerAndBrowser, withPage } from './support.js';

const PRINTED_PDF = readFileSync(repoPath('test/fixtures/chromium-printed-chinese.pdf'));
const TAGS_QUESTION = 'What are <textarea> and List<String>?';
const TAGS_ANSWER = 'HTML 的 <textarea> 标签放多行文字，Java 的 List<String> 是字符串列表，<select> 放选项。';
const HAN = /\p{Script=Han}/u;
const TAG_WORDS = ['<textarea>', '标签放多行文字', 'List<String>', '是字符串列表', '<select>', '放选项'];

type Template = string | { input: string };
interface Words {
  chat: { reasoningLive: Template; reasoningDone: Template; retry: string };
  widget: { retry: string; messagesLeft: string };
}

const LOCALES = ['zh-CN', 'en-US', 'zh-TW', 'ko-KR', 'ru-RU'] as const;

/** Each language's words of the chat and of the embedded panel (the reader must see these, not another language's), and how it counts. */
const front = frontEndModule<{ words: Record<string, Words>; pluralForms: (template: string, values: Record<string, number>, locale: string) => string }>(`
  import { chatZhCN } from './src/i18n/chat/zh-CN'
  import { chatEnUS } from './src/i18n/chat/en-US'
  import { chatZhTW } from './src/i18n/chat/zh-TW'
  import { chatKoKR } from './src/i18n/chat/ko-KR'
  import { chatRuRU } from './src/i18n/chat/ru-RU'
  import { widgetZhCN } from './src/i18n/embed/widget-zh-CN'
  import { widgetEnUS } from './src/i18n/embed/widget-en-US'
  import { widgetZhTW } from './src/i18n/embed/widget-zh-TW'
  import { widgetKoKR } from './src/i18n/embed/widget-ko-KR'
  import { widgetRuRU } from './src/i18n/embed/widget-ru-RU'
  export { pluralForms } from './src/i18n/plural-forms'
  export const words = {
    'zh-CN': { chat: chatZhCN, widget: widgetZhCN },
    'en-US': { chat: chatEnUS, widget: widgetEnUS },
    'zh-TW': { chat: chatZhTW, widget: widgetZhTW },
    'ko-KR': { chat: chatKoKR, widget: widgetKoKR },
    'ru-RU': { chat: chatRuRU, widget: widgetRuRU },
  }
`);

/** A catalogue template (the base locale's words with values are wrapped) with a count filled in as the reader's language counts. */
async function saying(words: Template, name: string, count: number, locale: string): Promise<string> {
  const template = typeof words === 'string' ? words : words.input;
  return (await front).pluralForms(template, { [name]: count }, locale).replaceAll(`{${name}}`, String(count));
}

/** The summary of a reasoning block, checked against the catalogue's words for the seconds it names. */
async function assertSummary(block: Locator, words: Template, locale: string, what: string): Promise<void> {
  const summary = ((await block.locator('summary').textContent()) ?? '').trim();
  const seconds = Number(/\d+/u.exec(summary)?.[0] ?? NaN);
  assert.equal(summary, await saying(words, 'seconds', seconds, locale), what);
}

let stub: StubLlm;
const env: Record<string, string> = {};
before(async () => {
  // A thinker thinks for over a second, so its reasoning is seen while it streams.
  stub = await startStubLlm({
    tokenDelayMs: 5,
    thinkDelayMs: 200,
    reply: (body) => (lastUserText(body).includes('<textarea>') ? TAGS_ANSWER : defaultReply(body)),
  });
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
const lastAnswer = (page: Page) => dialogue(page, '[data-testid="answer"]').last();
const completionCalls = () => stub.requests.filter((r) => r.path.endsWith('/chat/completions') && r.body.stream).length;

async function pickModel(page: Page, model: string): Promise<void> {
  await dialogue(page, '[data-testid="model-picker"]').click();
  await dialogue(page, `[data-model="${model}"] [data-testid="model-option"]`).click();
}

async function ask(page: Page, question: string): Promise<void> {
  await dialogue(page, '[data-testid="composer-input"]').fill(question);
  await dialogue(page, '[data-testid="send"]:not([disabled])').click();
}

async function newChat(page: Page, model: string): Promise<void> {
  await dialogue(page, '[data-testid="new-chat"]').click();
  await dialogue(page, '[data-testid="welcome"]').waitFor();
  await pickModel(page, model);
}

async function answered(page: Page, status: 'done' | 'error' = 'done'): Promise<Locator> {
  const answer = lastAnswer(page);
  await answer.and(page.locator(`[data-status="${status}"]`)).waitFor({ timeout: 30_000 });
  return answer;
}

const answerText = async (answer: Locator) => ((await answer.locator('.zx-md').textContent()) ?? '').trim();

/** The test ids of the buttons an answer offers. */
const offered = (answer: Locator) =>
  answer
    .locator('button')
    .evaluateAll((buttons) => buttons.filter((b) => (b as HTMLElement).offsetParent).map((b) => b.getAttribute('data-testid') ?? b.textContent));

describe('what the user sees is true, in each language', () => {
  const { server, browser } = useServerAndBrowser(env);
  let manager = '';
  let embedKey = '';

  before(async () => {
    manager = await apiToken(server(), 'manager');
    // The embedded assistant's model always fails; a visitor may ask one question a day.
    const teacher = await apiToken(server(), 'teacher');
    const assistant = await apiCall<{ id: string }>(server(), teacher, 'POST', 'app/user/assistant', {
      title: 'Failing helper',
      systemMessage: 'You help.',
      model: 'stub-error-401',
    });
    embedKey = (
      await apiCall<{ key: string }>(server(), teacher, 'POST', 'app/user/embed/key', {
        name: 'failing',
        assistantId: assistant.id,
        origins: [],
        hostedPages: true,
        limits: { visitorDailyMessages: 1 },
      })
    ).key;
  });

  /** A student made by the manager today, with their own password. */
  async function newStudent(username: string): Promise<string> {
    const { person, oneTimePassword } = await apiCall<{ person: { id: string }; oneTimePassword: string }>(server(), manager, 'POST', 'course/admin/users', {
      username,
      name: username,
      clientTypes: ['3'],
    });
    const token = await apiToken(server(), username, oneTimePassword);
    await apiCall(server(), token, 'PUT', 'app/user/password/update', { oldPassword: oneTimePassword, newPassword: DEMO_PASSWORD });
    return person.id;
  }

  for (const locale of LOCALES) {
    test(`${locale}: credits, a PDF, a system message, thinking, tags and a failed answer in the app and the embed`, async () => {
      const words = (await front).words[locale]!;
      const username = `truths-${locale.toLowerCase()}`;
      const userId = await newStudent(username);
      await apiCall(server(), manager, 'PUT', 'course/quota/allowances', { scope: 'user', targetId: userId, credits: 1 });
      await withPage(browser(), server(), `truths-${locale}`, async (page) => {
        // A new user picks their language on the login page, then signs in.
        await page.goto('/login');
        await page.locator('[data-testid="language-picker"]').selectOption(locale);
        await page.locator(`html[lang="${locale}"]`).waitFor({ state: 'attached' });
        await submitLogin(page, username, DEMO_PASSWORD);
        await layoutRoot(page).waitFor({ state: 'visible' });
        await page.locator('a[data-menu-id="13"]').click();
        await dialogue(page, '[data-testid="composer-input"]').waitFor();

        // 1 credit pays for part of a 30,000-token answer: the balance ends at 0, never below.
        await pickModel(page, 'stub-costly');
        await ask(page, 'Tell me about lathes');
        await answered(page);
        await page.locator('[data-testid="avatar"]').click();
        const balance = page.locator('[data-testid="profile-dialog"] [data-testid="quota-balance"]');
        await balance.waitFor();
        assert.equal((await balance.textContent())?.trim(), '0', 'the profile shows a balance of 0');
        const facts = await page.locator('[data-testid="profile-dialog"] .balance-row dd').allTextContents();
        assert.deepEqual(
          facts.filter((fact) => /[-−]/u.test(fact)),
          [],
          'no figure of the balance is negative',
        );
        await page.keyboard.press('Escape');
        await apiCall(server(), manager, 'PUT', 'course/quota/allowances', { scope: 'user', targetId: userId, credits: 1_000_000 });

        // The PDF's text reaches the model, radicals read as the ideographs they stand for.
        await newChat(page, 'stub-echo-system');
        await dialogue(page, 'input[type="file"]:not([accept])').setInputFiles({
          name: '数控车床编程入门.pdf',
          mimeType: 'application/pdf',
          buffer: PRINTED_PDF,
        });
        await dialogue(page, '.attachment-file:not([data-uploading])').waitFor({ timeout: 20_000 });
        await ask(page, 'What is this file about?');
        const read = await answerText(await answered(page));
        assert.match(read, /数控车床编程入门/u, 'the model read the PDF');
        assert.match(read, /门窗加工与页面说明/u);
        await dialogue(page, '[data-testid="question"] .file-chip').filter({ hasText: '数控车床编程入门.pdf' }).waitFor();
        const pdfChat = new URL(page.url()).pathname.split('/').pop()!;

        // A system message set in this chat stays in it: a new chat starts from the default.
        const own = `Only welding safety (${locale}).`;
        await dialogue(page, '[data-testid="open-settings"]').click();
        const defaultMessage = await dialogue(page, '[data-testid="system-message"]').inputValue();
        await dialogue(page, '[data-testid="system-message"]').fill(own);
        await dialogue(page, '[data-testid="save-settings"]').click();
        await dialogue(page, '[data-testid="settings-dialog"]').waitFor({ state: 'detached' });
        await newChat(page, 'stub-echo-system');
        await dialogue(page, '[data-testid="open-settings"]').click();
        assert.equal(await dialogue(page, '[data-testid="system-message"]').inputValue(), defaultMessage);
        await page.keyboard.press('Escape');
        await ask(page, 'Hello');
        const echoed = await answerText(await answered(page));
        assert.ok(echoed.length > 0 && !echoed.includes(own), `the new chat was sent the other chat's system message: ${echoed}`);
        await dialogue(page, `.chat-item[data-chat-number="${pdfChat}"] .chat-item-open`).click();
        await page.waitForURL(new RegExp(`/${pdfChat}$`, 'u'));
        await dialogue(page, '[data-testid="open-settings"]').click();
        assert.equal(await dialogue(page, '[data-testid="system-message"]').inputValue(), own, 'the first chat kept its system message');
        await page.keyboard.press('Escape');

        // A DeepSeek-style model's thinking shows live, folds once it answers, and opens again;
        // its answer names tags in prose and shows every word.
        await newChat(page, 'stub-thinker');
        await ask(page, TAGS_QUESTION);
        const block = lastAnswer(page).locator('[data-testid="reasoning"]');
        await block.and(page.locator('[open]')).waitFor({ timeout: 20_000 });
        await assertSummary(block, words.chat.reasoningLive, locale, 'live, with the seconds counting');
        const thinker = await answered(page);
        assert.equal(await block.evaluate((d) => (d as HTMLDetailsElement).open), false, 'folded once answered');
        await assertSummary(block, words.chat.reasoningDone, locale, 'how long it thought');
        const tags = await answerText(thinker);
        for (const word of TAG_WORDS) assert.ok(tags.includes(word), `"${word}" is missing from the answer: ${tags}`);
        await block.locator('summary').click();
        await block.and(page.locator('[open]')).filter({ hasText: 'Thinking about:' }).waitFor();

        // A failed answer offers Retry, in the reader's words, and nothing that treats it as an answer.
        await newChat(page, 'stub-error-401');
        await ask(page, 'Hello?');
        const failed = await answered(page, 'error');
        assert.equal((await failed.locator('[data-testid="retry"]').textContent())?.trim(), words.chat.retry);
        const why = ((await failed.locator('[data-testid="answer-error"]').textContent()) ?? '').trim();
        assert.ok(why && (locale.startsWith('zh') || !HAN.test(why)), `the failure says why in the reader's language: ${why}`);
        const actions = await offered(failed);
        assert.deepEqual(
          actions.filter((a) => a !== 'retry' && a !== 'delete-answer'),
          [],
          `a failed answer offers ${actions.join(', ')}`,
        );

        // The same in the embed (the assistant's model fails): Retry only, and the day's one question is not spent.
        await page.goto(`/externalChat?key=${embedKey}`);
        const panel = page.locator('zhixue-chat');
        const left = panel.locator('.f span').last();
        const leftBefore = await saying(words.widget.messagesLeft, 'n', 1, locale);
        await left.filter({ hasText: leftBefore }).waitFor();
        const calls = completionCalls();
        await panel.locator('textarea').fill('Hello?');
        await panel.locator('textarea').press('Enter');
        const embedFailed = panel.locator('[data-role="assistant"][data-status="error"]');
        await embedFailed.waitFor({ timeout: 20_000 });
        assert.deepEqual(await embedFailed.locator('button').allTextContents(), [words.widget.retry], 'only Retry, in the reader’s words');
        const embedWhy = ((await embedFailed.locator('[role="alert"]').textContent()) ?? '').replace(words.widget.retry, '').trim();
        assert.ok(embedWhy && (locale.startsWith('zh') || !HAN.test(embedWhy)), `the embed says why in the reader's language: ${embedWhy}`);
        assert.equal(await left.textContent(), leftBefore, 'the failed answer gave the question back');
        await embedFailed.locator('button').click();
        await panel.locator('[data-role="assistant"][data-status="error"] button').waitFor({ timeout: 20_000 });
        assert.equal(completionCalls(), calls + 2, 'the retry reached the model: the day’s question was not spent');
        assert.equal(await panel.locator('.n[role="alert"]').count(), 0, 'no refusal');
        assert.equal(await left.textContent(), leftBefore);
      });
    });
  }
});
