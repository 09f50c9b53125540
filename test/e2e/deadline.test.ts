// The server keeps the deadline, walked as a school would in Chromium at
// 375 px and in English: a student opens a 1-minute quiz, answers one
// question (the timer, the save state, "answered x/n" and Hand in stay in
// view above the bottom menu while the paper scrolls, and the paper is the
// first thing on the page) and closes the tab. Without anyone coming back,
// the teacher's analysis shows the attempt handed in automatically and
// scored, and the student's list shows it handed in. The server runs with a
// 1 s grace and a sweep every second (ZX_DEADLINE_GRACE_SECONDS,
// ZX_DEADLINE_SWEEP_SECONDS), so the test waits out the quiz's one minute,
// not the default grace and sweep period.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiCall, apiToken, launchBrowser, signIn, startServer, type RunningServer } from './support.js';

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const CLASS = '2024级数控技术1班';
const QUIZ = 'Spindle commands quiz';
const FIRST = 'Which word sets the spindle speed?';
/** Enough questions that the paper scrolls on a phone. */
const QUESTIONS = [
  { type: 'single', stem: FIRST, options: ['S', 'F', 'T', 'M'], answer: 0, points: 2 },
  ...Array.from({ length: 7 }, (_, i) => ({ type: 'judge', stem: `Statement ${i + 2}: G0${i % 4} moves the tool.`, answer: i % 2 === 0, points: 1 })),
];

/**
 * Whether the paper's timer, save state, answered count and Hand in button are
 * each on screen and not covered (by the app's top or bottom bar): the element
 * found at each one's centre is that element. Page-side source (tsx would wrap
 * named helpers in one the page lacks).
 */
const PAPER_BARS_IN_VIEW = String.raw`(() => {
  const find = (root, selector) => {
    const hit = root.querySelector(selector);
    if (hit) return hit;
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) { const deep = find(el.shadowRoot, selector); if (deep) return deep; }
    return null;
  };
  const paper = find(document, 'zx-evaluation-paper').shadowRoot;
  const out = {};
  for (const [name, selector] of [['timer', '.countdown'], ['save', '[data-testid="save-state"]'], ['answered', '.progress'], ['handIn', 'button[type="submit"]']]) {
    const el = paper.querySelector(selector);
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    const onScreen = box.height > 0 && box.top >= 0 && box.bottom <= innerHeight;
    const top = paper.elementFromPoint(x, y);
    out[name] = onScreen && !!top && (top === el || el.contains(top));
  }
  return out;
})()`;

async function setEnglish(page: Page): Promise<void> {
  await page.goto('/profile');
  await page.locator('[data-testid="profile-page"] [data-testid="language-picker"]').selectOption('en-US');
  await page.waitForFunction(() => document.documentElement.lang === 'en-US');
}

async function phoneAs(browser: Browser, server: RunningServer, username: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: server.url, ...PHONE });
  const page = await context.newPage();
  await signIn(page, username);
  await setEnglish(page);
  return { context, page };
}

describe('a timed quiz whose student closed the tab', () => {
  let server: RunningServer;
  let browser: Browser;
  let courseId = '';
  let evaluationId = '';

  before(async () => {
    server = await startServer({ ZX_DEADLINE_GRACE_SECONDS: '1', ZX_DEADLINE_SWEEP_SECONDS: '1' });
    browser = await launchBrowser();
    const teacher = await apiToken(server, 'teacher');
    const classes = await apiCall<Array<{ id: string; name: string }>>(server, teacher, 'GET', 'course/classes');
    const demoClass = classes.find((c) => c.name === CLASS)!;
    courseId = (await apiCall<{ id: string }>(server, teacher, 'POST', 'course/courses', { title: 'CNC turning' })).id;
    await apiCall(server, teacher, 'PUT', `course/courses/${courseId}/classes`, { classIds: [demoClass.id] });
    const chapter = await apiCall<{ id: string }>(server, teacher, 'POST', `course/courses/${courseId}/chapters`, { title: 'Chapter 1' });
    await apiCall(server, teacher, 'POST', `course/chapters/${chapter.id}/lessons`, { title: '1.1 Spindle', content: 'S sets the spindle speed.' });
    await apiCall(server, teacher, 'POST', `course/courses/${courseId}/status`, { status: 'published' });
    evaluationId = (
      await apiCall<{ id: string }>(server, teacher, 'POST', 'course/evaluations', {
        courseId,
        title: QUIZ,
        kind: 'quiz',
        timeLimitMinutes: 1,
        releaseMode: 'immediate',
        questions: QUESTIONS,
      })
    ).id;
    await apiCall(server, teacher, 'POST', `course/evaluations/${evaluationId}/status`, { status: 'published' });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  test(
    'the student answers one question at 375 px and closes the tab; the server hands it in, scored, and both sides read it so',
    { timeout: 240_000 },
    async () => {
      const student = await phoneAs(browser, server, 'student');
      try {
        const { page } = student;
        await page.goto(`/course/list?courseId=${courseId}&tab=evaluations`);
        await page.locator('[data-testid="evaluation-row"]').filter({ hasText: QUIZ }).locator('a').click();
        const paper = page.locator('zx-evaluation-paper [data-testid="paper"]');
        await paper.waitFor();
        const top = (await paper.boundingBox())!.y;
        assert.ok(top < 160, `the paper is the first thing on the page (it starts ${Math.round(top)} px down, under the app's top bar only)`);

        await paper.locator('[data-testid="question"]').filter({ hasText: FIRST }).locator('.choice input').first().check();
        await page.locator('zx-evaluation-paper [data-testid="save-state"][data-state="saved"]').waitFor({ timeout: 15_000 });
        assert.match(await page.locator('zx-evaluation-paper .progress').innerText(), /Answered 1\/8/u);

        for (const where of ['middle', 'end'] as const) {
          await page.evaluate(
            (to) => window.scrollTo(0, to === 'end' ? document.documentElement.scrollHeight : document.documentElement.scrollHeight / 2),
            where,
          );
          await page.waitForTimeout(200);
          assert.deepEqual(
            await page.evaluate(PAPER_BARS_IN_VIEW),
            { timer: true, save: true, answered: true, handIn: true },
            `scrolled to the ${where}: timer, save state, answered count and Hand in are in view and uncovered`,
          );
        }
      } finally {
        // The student closes the tab and never comes back.
        await student.context.close();
      }

      const teacher = await apiToken(server, 'teacher');
      const deadline = Date.now() + 150_000;
      for (;;) {
        const analysis = await apiCall<{ students: Array<{ autoSubmitted: boolean }> }>(server, teacher, 'GET', `course/evaluations/${evaluationId}/analysis`);
        if (analysis.students.some((s) => s.autoSubmitted)) break;
        assert.ok(Date.now() < deadline, 'the server handed the attempt in after its minute');
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }

      const staff = await phoneAs(browser, server, 'teacher');
      try {
        await staff.page.goto(`/course/evaluation?courseId=${courseId}&evaluationId=${evaluationId}&view=analysis`);
        const row = staff.page.locator('[data-testid="handed-in-row"]');
        await row.waitFor();
        assert.equal(await row.getAttribute('data-auto'), 'true');
        const text = await row.innerText();
        assert.match(text, /Handed in automatically/u, 'the analysis says the server handed it in');
        assert.equal(await row.locator('td').nth(2).innerText(), '2', 'and scored it: the one right answer earned its 2 points');
        assert.equal(await staff.page.locator('[data-testid="not-handed-in"]').count(), 0, 'nobody is left "in progress"');
      } finally {
        await staff.context.close();
      }

      const back = await phoneAs(browser, server, 'student');
      try {
        const { page } = back;
        await page.goto(`/course/list?courseId=${courseId}&tab=evaluations`);
        const row = page.locator('[data-testid="evaluation-row"]').filter({ hasText: QUIZ });
        assert.equal(await row.locator('[data-testid="evaluation-status"]').innerText(), 'Handed in automatically');
        assert.match(await row.innerText(), /Handed in at/u);
        await row.locator('a').click();
        const handedIn = page.locator('zx-evaluation-paper [data-testid="handed-in"]');
        await handedIn.waitFor();
        assert.match(await handedIn.innerText(), /Handed in automatically when time ran out/u, 'reopening shows it handed in, not an error');
      } finally {
        await back.context.close();
      }
    },
  );
});
