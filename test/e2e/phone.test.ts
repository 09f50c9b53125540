// Phones (375×812): every side, in every language, visits each of
// its menu pages; no page scrolls sideways and no bottom-bar or tab label is
// cut or broken inside a word. Also: the bar holds four entries and "more",
// the profile page replaces the dialog, sign-out asks first, an assistant
// chat opens at the top. One browser and one page per side keep it fast.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { go, settle, signIn, useServerAndBrowser, withPage } from './support.js';

const PHONE = { width: 375, height: 812 };
const LOCALES = ['zh-CN', 'en-US', 'zh-TW', 'ko-KR', 'ru-RU'] as const;
const SIDES = ['teacher', 'manager', 'student'] as const;
const LONG_WORD = 'Mechatronics'.repeat(12);

// Page-side scripts as source text: tsx would wrap named inner functions in a helper the page lacks.
const PHONE_PROBLEMS = String.raw`(() => {
  const problems = [];
  const width = window.innerWidth;
  const scrollWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
  if (scrollWidth > width) problems.push('page is ' + scrollWidth + 'px wide for a ' + width + 'px screen');
  const labels = [];
  const collect = (root) => {
    labels.push(...root.querySelectorAll('.zx-tabbar .zx-menu-label, [role="tab"], .segmented button'));
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) collect(el.shadowRoot);
  };
  collect(document);
  for (const label of labels) {
    const box = label.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue; // not shown
    const text = (label.textContent || '').trim();
    if (label.scrollWidth > label.clientWidth + 1) problems.push('label "' + text + '" is cut (' + label.scrollWidth + ' > ' + label.clientWidth + ')');
    // A word laid out on two lines was broken inside it ("智能助/手"); after a hyphen is a fair break.
    const walker = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.nodeValue || '';
      for (const match of value.matchAll(/[^\s-]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) problems.push('label "' + text + '" breaks inside "' + match[0] + '"');
      }
    }
  }
  return problems;
})()`;

/**
 * What is wrong with the page as a phone shows it: sideways scroll, and
 * labels (bottom bar, tabs, chips) cut off or broken inside a word.
 */
async function phoneProblems(page: Page): Promise<string[]> {
  return page.evaluate(PHONE_PROBLEMS) as Promise<string[]>;
}

/** The paths of the side's menu: the bar's entries and those in its "more" sheet. */
async function menuPaths(page: Page): Promise<string[]> {
  const inBar = await page.locator('.zx-tabbar a[data-menu-id]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  await page.locator('[data-testid="more-button"]').click();
  const sheet = page.locator('[data-testid="more-sheet"]');
  await sheet.locator('[data-testid="profile-link"]').waitFor();
  const inSheet = await sheet.locator('a[data-menu-id]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'detached' });
  return [...new Set([...inBar, ...inSheet])];
}

async function setLanguage(page: Page, locale: string): Promise<void> {
  await go(page, '/profile');
  await page.locator('[data-testid="profile-page"] [data-testid="language-picker"]').selectOption(locale);
  await page.waitForFunction((code) => document.documentElement.lang === code || !!document.querySelector(`option[value="${code}"]:checked`), locale);
}

describe('phones (375×812)', () => {
  const suite = useServerAndBrowser();

  const onPhone = (name: string, flow: (page: Page) => Promise<void>) =>
    withPage(suite.browser(), suite.server(), name, async (page) => {
      await page.setViewportSize(PHONE);
      await flow(page);
    });

  it('the bottom bar holds at most four entries and "more", whose sheet has the rest and the profile page', async () => {
    await onPhone('phone-bar', async (page) => {
      await signIn(page, 'manager');
      assert.ok((await page.locator('.zx-tabbar a[data-menu-id]').count()) <= 4);
      await page.locator('[data-testid="more-button"]').click();
      const sheet = page.locator('[data-testid="more-sheet"]');
      assert.ok((await sheet.locator('a[data-menu-id]').count()) >= 4, 'the other entries are in the sheet');
      await sheet.locator('[data-testid="profile-link"]').click();
      await page.waitForURL(/\/profile$/);
      const profile = page.locator('[data-testid="profile-page"]');
      await profile.waitFor();
      for (const part of ['.zx-profile-details input', '[data-testid="language-picker"]', '.zx-password-form'])
        assert.ok((await profile.locator(part).count()) > 0, `the profile page has ${part}`);
      assert.equal(await sheet.count(), 0, 'following a link closes the sheet');
    });
  });

  it('sign-out asks first; cancelling keeps the person signed in', async () => {
    await onPhone('phone-sign-out', async (page) => {
      await signIn(page, 'student');
      await page.locator('.zx-topbar [data-testid="sign-out"]').click();
      const dialog = page.locator('[data-testid="sign-out-dialog"]');
      await dialog.locator('[data-testid="sign-out-confirm"]').waitFor();
      assert.match(page.url(), /\/course\//, 'one tap does not sign out');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      assert.match(page.url(), /\/course\//);
      await page.locator('.zx-topbar [data-testid="sign-out"]').click();
      await dialog.locator('[data-testid="sign-out-confirm"]').click();
      await page.waitForURL(/\/login/);
    });
  });

  it('an assistant chat opens at the top of the page', async () => {
    await onPhone('phone-assistant-chat', async (page) => {
      await signIn(page, 'teacher');
      await go(page, '/course/apps');
      const first = page.locator('zx-apps [data-testid="all-assistants"] a').first();
      await first.click();
      await page.waitForURL(/\/course\/chat/);
      await page.locator('zx-assistant-chat [data-testid="assistant-chat"]').waitFor();
      await page.locator('zx-dialogue [data-testid="composer-input"]').waitFor();
      await page.waitForTimeout(400);
      const scrolled = await page.evaluate(() => ({ window: window.scrollY, content: document.getElementById('zx-content')?.scrollTop ?? 0 }));
      assert.deepEqual(scrolled, { window: 0, content: 0 });
      assert.deepEqual(await phoneProblems(page), []);
    });
  });

  it('a course with a long unbroken description does not widen the page', async () => {
    await onPhone('phone-long-description', async (page) => {
      await signIn(page, 'teacher');
      const created = await page.evaluate(async (description) => {
        const token = JSON.parse(localStorage.getItem('token') ?? '{}').data;
        const reply = await fetch('/new-chat/course/courses', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'client-id': 'app' },
          body: JSON.stringify({ title: `${description.slice(0, 40)}`, description }),
        });
        return (await reply.json()).data.id as string;
      }, LONG_WORD);
      await go(page, '/course/list');
      await page.locator('zx-course-list .grid').waitFor();
      assert.deepEqual(await phoneProblems(page), []);
      await page.locator(`zx-course-list a[href*="${created}"]`).first().click();
      await page.waitForURL(/\/course\/detail/);
      await page.locator('[data-testid="course-detail"], zx-course-detail').first().waitFor();
      await settle(page);
      assert.deepEqual(await phoneProblems(page), []);
    });
  });

  for (const side of SIDES) {
    it(`${side}: every menu page in five languages, no sideways scroll and no cut labels`, async () => {
      await onPhone(`phone-walk-${side}`, async (page) => {
        await signIn(page, side);
        const paths = await menuPaths(page);
        assert.ok(paths.length >= 3, `${side} has menu pages`);
        const problems: string[] = [];
        for (const locale of LOCALES) {
          await setLanguage(page, locale);
          problems.push(...(await phoneProblems(page)).map((p) => `${locale} /profile: ${p}`));
          for (const path of paths) {
            await go(page, path);
            problems.push(...(await phoneProblems(page)).map((p) => `${locale} ${path}: ${p}`));
          }
        }
        assert.deepEqual(problems, []);
      });
    });
  }
});
