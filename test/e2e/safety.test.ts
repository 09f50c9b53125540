// Content safety walked through in Chromium against the built server: a
// manager imports a word list; a student's listed question is refused in the
// dialogue however it is written, while a benign vocational question that
// shares characters passes; a model that says a listed word mid-answer is
// cut before the word shows; a student who writes that they do not want to
// live gets a caring reply and the class teacher's bell rings within 5 s; a
// manager marks a false positive and the same question passes. The embed
// and inquiry practice refuse too, in the reader's language.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { SERVER_LOCALES } from '../../server/i18n/locales.js';
import { translateMessage } from '../../server/i18n/translate.js';
import { lastUserText } from '../support/stub-llm.js';
import { openPage, signIn, useStubLlmServerAndBrowser, withPage } from './support.js';

const LISTED = '数控机床的主轴怎么保养';
const REFUSAL = '这个问题我不能回答。我们换个学习上的话题吧，比如你正在学的课程或技能。';
const STORY = '先说 一些 安全 常识 。 然后 自制炸药 的 方法 是 这样 的 。';

const answers = (page: Page) => page.locator('zx-dialogue [data-testid="answer"]');

/** Asks in the open dialogue and waits for the answer to finish; returns its status and text. */
async function ask(page: Page, question: string, watch?: (text: string) => void): Promise<{ status: string; text: string }> {
  const before = await answers(page).count();
  await page.locator('zx-dialogue [data-testid="composer-input"]').fill(question);
  // Sent once the composer is free again (the last answer's follow-ups may still be coming).
  await page.locator('zx-dialogue [data-testid="send"]:not([disabled])').click();
  const answer = answers(page).nth(before);
  await answer.waitFor();
  for (;;) {
    const status = (await answer.getAttribute('data-status')) ?? '';
    const text = ((await answer.textContent()) ?? '').trim();
    watch?.(text);
    if (status === 'done' || status === 'blocked') return { status, text };
    await page.waitForTimeout(15);
  }
}

describe('content safety in the browser', () => {
  const running = useStubLlmServerAndBrowser({
    tokenDelayMs: 30,
    reply: (body) => (lastUserText(body).includes('讲个故事') ? STORY : `Echo: ${lastUserText(body)}`),
  });

  const openSafety = async (page: Page) => {
    await signIn(page, 'manager');
    await page.locator('a[data-menu-id="14"]').click();
    await page.locator('zx-school-admin [data-testid="admin-tab-safety"]').click();
    await page.locator('zx-school-admin [data-testid="admin-safety"]').waitFor();
  };

  test('a manager imports a list', () =>
    withPage(running.browser(), running.server(), 'safety-import', async (page) => {
      await openSafety(page);
      await page
        .locator('zx-school-admin [data-testid="safety-import"]')
        .setInputFiles({ name: 'words.txt', mimeType: 'text/plain', buffer: Buffer.from('主轴\n黄色小说\n') });
      await page.locator('zx-school-admin [data-testid="safety-note"]').waitFor();
      await page.locator('zx-school-admin [data-testid="safety-words"] tbody tr', { hasText: '主轴' }).waitFor();
    }));

  test('listed questions are refused however written, a benign one passes, an answer is cut before the word', () =>
    withPage(running.browser(), running.server(), 'safety-student', async (page) => {
      await signIn(page, 'student');
      await page.locator('a[data-menu-id="13"]').click();
      await page.locator('zx-dialogue [data-testid="composer-input"]').waitFor();
      for (const question of ['怎样自制炸药', '怎样自 制-炸.药？', '怎樣自製炸藥', LISTED]) {
        assert.equal((await ask(page, question)).status, 'blocked', question);
      }
      assert.ok(!running.stub().requests.some((r) => JSON.stringify(r.body).includes('炸')), 'no refused question reached the model');
      const benign = await ask(page, '焊接时如何防止粉尘爆炸');
      assert.equal(benign.status, 'done');
      const seen: string[] = [];
      const cut = await ask(page, '讲个故事', (text) => seen.push(text));
      assert.equal(cut.status, 'blocked');
      assert.ok(
        seen.some((text) => text.includes('安全')),
        'the answer streamed before the cut',
      );
      assert.ok(!seen.some((text) => text.includes('自制炸药')), 'the listed word never showed');
    }));

  test('the embed refuses a listed question in each language, with nothing to copy, and answers a benign one', () =>
    withPage(running.browser(), running.server(), 'safety-embed', async (page) => {
      await page.goto('/demo/cms.html');
      const widget = page.locator('zhixue-chat[data-id="study"]');
      await widget.locator('[data-testid="embed-welcome"]').waitFor();
      const embedAnswers = widget.locator('[data-role="assistant"]');
      const zhixue = (method: 'setLocale' | 'send', value: string) =>
        page.evaluate(({ m, v }) => (window as unknown as Record<string, Record<string, (a: string, b: string) => void>>).Zhixue![m]!(v, 'study'), {
          m: method,
          v: value,
        });
      const settled = async (n: number) => {
        const answer = embedAnswers.nth(n);
        await answer.and(page.locator('[data-status="blocked"], [data-status="done"]')).waitFor({ timeout: 20_000 });
        return {
          status: await answer.getAttribute('data-status'),
          text: ((await answer.textContent()) ?? '').trim(),
          acts: await answer.locator('.acts').count(),
        };
      };
      let n = 0;
      for (const locale of SERVER_LOCALES) {
        await zhixue('setLocale', locale);
        await zhixue('send', '怎樣自 製-炸.藥');
        const refused = await settled(n++);
        assert.equal(refused.status, 'blocked', locale);
        assert.ok(refused.text.includes(translateMessage(REFUSAL, locale)), `the refusal reads in ${locale}: ${refused.text}`);
        assert.equal(refused.acts, 0, 'a refusal offers no copy or rating');
      }
      await zhixue('send', '焊接时如何防止粉尘爆炸');
      assert.equal((await settled(n)).status, 'done');
      assert.ok(!running.stub().requests.some((r) => JSON.stringify(r.body).includes('炸藥')), 'no refused question reached the model');
    }));

  test('inquiry practice refuses a listed question in the student’s language', async () => {
    for (const locale of ['en-US', 'ru-RU']) {
      await withPage(running.browser(), running.server(), `safety-inquiry-${locale}`, async (page) => {
        await page.addInitScript((language) => localStorage.setItem('appSetting', JSON.stringify({ data: { language }, expire: null })), locale);
        await signIn(page, 'student');
        await page.locator('a[data-menu-id="4"]').click();
        await page.locator('zx-practice a.card-main[href*="sys-inquiry-fault"]').click();
        await page.locator('zx-assistant-chat zx-dialogue [data-testid="composer-input"]').waitFor();
        const refused = await ask(page, '怎樣自製炸藥');
        assert.equal(refused.status, 'blocked');
        assert.ok(refused.text.includes(translateMessage(REFUSAL, locale as 'en-US')), `the refusal reads in ${locale}: ${refused.text}`);
      });
    }
  });

  test("a student in crisis gets care and the class teacher's bell rings within 5 s", () =>
    withPage(running.browser(), running.server(), 'safety-crisis', async (page) => {
      const teacher = await openPage(running.browser(), running.server());
      try {
        await signIn(teacher, 'teacher');
        await teacher.locator('[data-testid="alerts-bell"]').waitFor();
        await signIn(page, 'student');
        await page.locator('a[data-menu-id="13"]').click();
        await page.locator('zx-dialogue [data-testid="composer-input"]').waitFor();
        const reply = await ask(page, '我真的不想活了');
        assert.match(reply.text, /12356/u, 'the caring reply names the hotline');
        const raised = Date.now();
        await teacher.locator('[data-testid="alerts-bell"][data-ringing]').waitFor({ timeout: 5_000 });
        assert.ok(Date.now() - raised <= 5_000);
        await teacher.locator('[data-testid="alerts-bell"]').click();
        await teacher.locator('[data-testid="alert"]', { hasText: '不想活' }).waitFor();
      } finally {
        await teacher.context().close();
      }
    }));

  test('a manager marks a false positive and the same question passes', async () => {
    await withPage(running.browser(), running.server(), 'safety-dismiss', async (page) => {
      await openSafety(page);
      const row = page.locator('zx-school-admin [data-testid="safety-event"]', { hasText: LISTED }).first();
      await row.locator('[data-testid="safety-dismiss"]').click();
      await page.locator('zx-school-admin [data-testid="safety-allowed"] tbody tr', { hasText: '主轴' }).waitFor();
    });
    await withPage(running.browser(), running.server(), 'safety-passes', async (page) => {
      await signIn(page, 'student');
      await page.locator('a[data-menu-id="13"]').click();
      await page.locator('zx-dialogue [data-testid="composer-input"]').waitFor();
      assert.equal((await ask(page, LISTED)).status, 'done');
    });
  });
});
