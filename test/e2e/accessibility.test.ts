// axe-core on every main screen of each client type (student, teacher,
// manager, the signed-out pages and the embed), in the light and the dark
// theme, at 1280 px and at 375 px: no critical and no serious violation, and
// one <h1> on every page. axe sees open shadow roots, so the elements'
// insides are checked too. One page per side, loaded once per screen; the
// width and the theme change in place.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { apiCall, apiToken, go, settle, signIn, useServerAndBrowser, withPage, type RunningServer } from './support.js';
import { violations } from './axe.js';

/** Main screens reached from a page rather than the menu: the dialogue's tools, the board's operation records. */
const BEYOND_MENU = { student: [], teacher: ['/mindMap', '/image/generate'], manager: ['/course/board/optionRecord'] } as const;

// Page-side scripts as source text: tsx would wrap named inner functions in a helper the page lacks.
/** The <h1> texts and the main landmarks of the page, shadow roots included. */
const STRUCTURE = `(() => {
  const h1 = [];
  let main = 0;
  const visit = (root) => {
    for (const el of root.querySelectorAll('h1, [role="heading"][aria-level="1"]')) h1.push((el.textContent || '').trim().slice(0, 40));
    main += root.querySelectorAll('main, [role="main"]').length;
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) visit(el.shadowRoot);
  };
  visit(document);
  return { h1, main };
})()`;

/** One <h1> and at most one main landmark. */
async function structureProblems(page: Page, screen: string): Promise<string[]> {
  // A page whose title comes with its data (the portal) may still be loading on a busy machine.
  await page.waitForFunction(`${STRUCTURE}.h1.length > 0`, undefined, { timeout: 5000 }).catch(() => undefined);
  const { h1, main } = (await page.evaluate(STRUCTURE)) as { h1: string[]; main: number };
  const problems = h1.length === 1 ? [] : [`${screen}: ${h1.length} <h1> (${h1.join(' / ')})`];
  if (main > 1) problems.push(`${screen}: ${main} main landmarks`);
  return problems;
}

/** The paths of the side's menu (the sidebar at desktop width) and the profile page. */
async function menuPaths(page: Page): Promise<string[]> {
  const links = await page.locator('a[data-menu-id]').evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set([...links.filter((href) => href.startsWith('/')), '/profile'])];
}

/** The demo teacher's new course with one chapter and one lesson (markdown with a first-level heading, code, a table and a folded answer). */
async function courseWithLesson(server: RunningServer): Promise<{ course: string; lesson: string }> {
  const token = await apiToken(server, 'teacher');
  const course = await apiCall<{ id: string }>(server, token, 'POST', 'course/courses', { title: '数控车削基础', description: '切削参数与编程' });
  const chapter = await apiCall<{ id: string }>(server, token, 'POST', `course/courses/${course.id}/chapters`, { title: '第一章 切削参数' });
  const content =
    '# 切削参数\n\n## 切削速度\n\n| 材料 | 速度 |\n| - | - |\n| 铝 | 300 |\n\n```gcode\nG01 X10 F100\n```\n\n<details><summary>答案</summary>\n\n**42**\n\n</details>';
  const lesson = await apiCall<{ id: string }>(server, token, 'POST', `course/chapters/${chapter.id}/lessons`, {
    title: '切削速度',
    content,
    durationMinutes: 10,
  });
  return { course: course.id, lesson: lesson.id };
}

describe('accessibility (axe-core, both themes, 1280 px and 375 px)', () => {
  const suite = useServerAndBrowser();

  const check = (name: string, flow: (page: Page, problems: string[]) => Promise<void>) =>
    withPage(suite.browser(), suite.server(), name, async (page) => {
      const problems: string[] = [];
      await flow(page, problems);
      assert.deepEqual(problems, []);
    });

  it('signed-out pages: login, agreement, not found, portal', () =>
    check('a11y-public', async (page, problems) => {
      for (const path of ['/login', '/agreement', '/404', '/mainPortal']) {
        await page.goto(path);
        await settle(page);
        problems.push(...(await structureProblems(page, path)), ...(await violations(page, path)));
      }
    }));

  for (const side of ['student', 'teacher', 'manager'] as const) {
    it(`${side}: every menu page and the profile page`, () =>
      check(`a11y-${side}`, async (page, problems) => {
        await signIn(page, side);
        const paths = await menuPaths(page);
        assert.ok(paths.length >= 3, `${side} has menu pages`);
        for (const path of [...paths, ...BEYOND_MENU[side]]) {
          await go(page, path);
          problems.push(...(await structureProblems(page, `${side} ${path}`)), ...(await violations(page, `${side} ${path}`)));
        }
        if (side === 'teacher') {
          // A course and one of its lessons (the lesson reader sits inside the layout's main landmark).
          const { course, lesson } = await courseWithLesson(suite.server());
          for (const [screen, path] of [
            ['course', `/course/detail?courseId=${course}`],
            ['lesson', `/course/detail?courseId=${course}&lessonId=${lesson}`],
          ] as const) {
            await go(page, path);
            problems.push(...(await structureProblems(page, `${side} ${screen}`)), ...(await violations(page, `${side} ${screen}`)));
          }
        }
      }));
  }

  // The demo page is a deliberately old-fashioned CMS (its own colours are the school's): only the widgets are checked.
  it('the embed: the panel open on the demo CMS page', () =>
    check('a11y-embed', async (page, problems) => {
      await page.goto('/demo/cms.html');
      await page.waitForFunction(() => typeof (window as unknown as { Zhixue?: unknown }).Zhixue === 'object');
      await page.evaluate(() => (window as unknown as { Zhixue: { open(id: string): void } }).Zhixue.open('safety'));
      await page.waitForTimeout(800);
      problems.push(...(await violations(page, 'embed', 'zhixue-chat')));
      // An answer, and the question a thumbs-down asks under it.
      await page.evaluate(() => (window as unknown as { Zhixue: { send(text: string, id: string): void } }).Zhixue.send('灭火器怎么用？', 'safety'));
      const answer = page.locator('zhixue-chat[data-id="safety"] [data-role="assistant"][data-status="done"]');
      await answer.waitFor({ timeout: 20_000 });
      await answer.locator('button[aria-pressed]').last().click();
      await answer.locator('[data-testid="embed-rating-reason"]').waitFor();
      problems.push(...(await violations(page, 'embed thumbs-down reason', 'zhixue-chat')));
    }));
});
