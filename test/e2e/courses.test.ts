// A teacher builds and publishes a course for the demo
// class; the student reads a lesson and asks the course AI (the stub LLM
// sees the course prompt, the lesson and the course's knowledge); the board shows it; the manager
// sees it on the showcase; a draft stays closed to the student by URL.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { until } from '../support/until.js';
import { signIn, useStubLlmServerAndBrowser, withPage } from './support.js';

const COURSE = '数控车床编程与操作';
const PROMPT = '你是数控车床课程的助教，回答要结合机床安全规范。';
const FORMULA = '切削速度的计算公式：$$v_c = \\frac{\\pi D n}{1000}$$\n\n对刀时先用试切法确定 X 向的刀具偏置。';
/** A small MP4 (an ISO media header and filler): enough for the upload and the <video> element. */
const VIDEO = {
  name: '安全操作演示.mp4',
  mimeType: 'video/mp4',
  buffer: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(300_000, 7)]),
};
const QUESTION = '数控车床怎么对刀？';
const DATASET = '数控车床安全手册';
const KNOWLEDGE = '数控车床对刀安全要求：对刀前必须确认主轴已停止转动，并将进给倍率调到最低。';
const SHOTS = process.env.ZX_SCREENSHOTS ? '.tmp/screenshots/courses' : '';

const running = useStubLlmServerAndBrowser({ tokenDelayMs: 5 });
let courseUrl = '';

const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  // and as a phone shows it
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 375, height: 760 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${SHOTS}/${name}-375.png`, fullPage: true });
  await page.setViewportSize(size);
};

/** Adds a chapter through the outline editor. */
async function addChapter(page: Page, title: string) {
  await page.locator('[data-testid="add-chapter"]').click();
  const input = page.locator('.chapter-add input');
  await input.fill(title);
  await input.press('Enter');
  await page.locator('[data-testid="edit-chapter"]').filter({ hasText: title }).waitFor();
}

/** Adds a lesson to a chapter and fills it in the lesson editor. */
async function addLesson(
  page: Page,
  chapter: string,
  lesson: { title: string; content: string; minutes: string; video?: { name: string; mimeType: string; buffer: Buffer } },
) {
  const section = page.locator('[data-testid="edit-chapter"]').filter({ hasText: chapter });
  await section.locator('[data-testid="add-lesson"]').click();
  const input = section.locator('.add-row input');
  await input.fill(lesson.title);
  await input.press('Enter');
  const editor = page.locator('zx-dialog[data-testid="lesson-editor"]');
  // The lesson text is a CodeMirror editor (docs/lesson-editor.md): typed in as a teacher would.
  const text = editor.locator('.cm-content');
  await text.waitFor();
  await text.click();
  await page.keyboard.insertText(lesson.content);
  await editor.locator('input[name="duration"]').fill(lesson.minutes);
  if (lesson.video) {
    // through the chunked, resumable uploader; the stored file's address fills the field
    await editor.locator('[data-testid="video-file"]').setInputFiles(lesson.video);
    // The field's value, not its attribute: React mirrors a controlled input's value
    // into the attribute, Preact (what the suite ships) does not.
    const video = editor.locator('input[name="video"]');
    const address = await until(
      () => video.inputValue(),
      (value) => value.startsWith('/new-chat/app/api/file/'),
      20_000,
    );
    assert.match(address, /^\/new-chat\/app\/api\/file\//, 'the uploaded video did not fill the field');
  }
  await editor.locator('[data-testid="save-lesson"]').click();
  await editor.waitFor({ state: 'detached' });
  await section.locator('[data-testid="edit-lesson"]').filter({ hasText: lesson.title }).waitFor();
}

/** Creates the teacher's dataset with one text document and waits until it is indexed. */
async function makeDataset(page: Page) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? '{}').data as string);
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${running.server().url}/new-chat/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }) },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const reply = (await response.json()) as { code: number; msg: string; data: any };
    assert.equal(reply.code, 200, `${method} ${path}: ${reply.msg}`);
    return reply.data;
  };
  const form = new FormData();
  form.append('file', new Blob([KNOWLEDGE], { type: 'text/plain' }), '安全手册.txt');
  const file = await call('POST', 'app/api/file/upload', form);
  // 'course': the course's students may read it (a private dataset answers its owner only)
  const dataset = await call('POST', 'course/ragDataset', { name: DATASET, visibility: 'course' });
  const [document] = await call('POST', `course/ragDataset/${dataset.id}/documents`, { fileIds: [file.id] });
  for (let i = 0; i < 100; i++) {
    const status = (await call('GET', `course/ragDataset/document/${document.id}`)).status;
    if (status === 'ready') return;
    assert.notEqual(status, 'error');
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail('the document was not indexed in time');
}

describe('courses from the teacher to the student, the board and the showcase', () => {
  test('the teacher creates, fills, enrols and publishes a course', () =>
    withPage(running.browser(), running.server(), 'courses-teacher', async (page) => {
      await signIn(page, 'teacher');
      await page.locator('a[data-menu-id="1"]').click();
      await page.locator('zx-course-list [data-testid="course-list"]').waitFor();
      await page.locator('[data-testid="new-course"]').click();
      const dialog = page.locator('zx-dialog[data-testid="create-course"]');
      await dialog.locator('input[name="title"]').fill(COURSE);
      await dialog.locator('textarea[name="description"]').fill('从安全操作、对刀到 G 代码编程。');
      await dialog.locator('input[name="category"]').fill('数控技术');
      await dialog.locator('button[type="submit"]').click();
      await page.locator('zx-course-detail [data-testid="outline-editor"]').waitFor();
      courseUrl = new URL(page.url()).pathname + new URL(page.url()).search;
      assert.match(courseUrl, /^\/course\/detail\?courseId=/);

      await addChapter(page, '第一章 数控车床基础');
      await addLesson(page, '第一章', { title: '1.1 切削速度与对刀', content: FORMULA, minutes: '45' });
      await addLesson(page, '第一章', { title: '1.2 安全操作演示', content: '观看视频，注意防护。', minutes: '20', video: VIDEO });
      await addChapter(page, '第二章 G 代码编程');
      await addLesson(page, '第二章', { title: '2.1 G00 与 G01', content: 'G00 快速定位，G01 直线插补。', minutes: '40' });
      assert.equal(await page.locator('[data-testid="edit-lesson"]').count(), 3);

      // keyboard reordering: 1.2 down into chapter two, then back up
      await page.getByRole('button', { name: '下移 1.2 安全操作演示' }).click();
      await page
        .locator('[data-testid="edit-chapter"]')
        .filter({ hasText: '第二章' })
        .locator('[data-testid="edit-lesson"]')
        .filter({ hasText: '1.2' })
        .waitFor();
      await page.getByRole('button', { name: '上移 1.2 安全操作演示' }).click();
      await page
        .locator('[data-testid="edit-chapter"]')
        .filter({ hasText: '第一章' })
        .locator('[data-testid="edit-lesson"]')
        .filter({ hasText: '1.2' })
        .waitFor();
      await shot(page, 'teacher-outline');

      // a knowledge dataset for the course AI (built through the knowledge library's calls)
      await makeDataset(page);

      await page.locator('a[data-tab="settings"]').click();
      await page.locator('textarea[name="systemPrompt"]').fill(PROMPT);
      await page.locator('.datasets label').filter({ hasText: DATASET }).locator('input').check();
      await page.locator('[data-testid="save-settings"]').click();
      await page.locator('zx-toaster [data-toast-type="success"]').filter({ hasText: '已保存' }).waitFor();
      await shot(page, 'teacher-settings');

      await page.locator('a[data-tab="classes"]').click();
      await page.locator('.class-option').filter({ hasText: '2024级数控技术1班' }).locator('input').check();
      await page.locator('[data-testid="save-classes"]').click();
      await page.locator('zx-toaster [data-toast-type="success"]').filter({ hasText: '已保存' }).last().waitFor();
      assert.match((await page.locator('.join-code').textContent()) ?? '', /^[A-Z2-9]{6}$/);

      await page.locator('[data-testid="publish"]').click();
      await page.locator('zx-dialog[data-testid="confirm-dialog"] [data-testid="confirm"]').click();
      await page.locator('[data-testid="archive"]').waitFor();
      assert.equal(await page.locator('.course-head .status').textContent(), '已发布');
      await shot(page, 'teacher-classes');
    }));

  test('the student reads a lesson with its formula and video and asks the course AI', () =>
    withPage(running.browser(), running.server(), 'courses-student', async (page) => {
      await signIn(page, 'student');
      await page.locator('a[data-menu-id="2"]').click();
      const card = page.locator('zx-course-list [data-testid="course-card"]').filter({ hasText: COURSE });
      await card.waitFor();
      assert.equal(await card.locator('[data-testid="course-progress"]').textContent(), '已完成 0/3');
      await shot(page, 'student-list');
      await card.locator('a').click();
      // students open a course inside their list page (their side has no detail route)
      await page.locator('zx-course-list [data-testid="outline"]').waitFor();
      assert.match(new URL(page.url()).pathname, /^\/course\/list$/);
      await page.getByRole('link', { name: '开始学习' }).click();

      const lesson = page.locator('zx-course-list [data-testid="lesson"]');
      await lesson.locator('.lesson-title').filter({ hasText: '1.1 切削速度与对刀' }).waitFor();
      await lesson.locator('.katex').first().waitFor({ timeout: 15_000 });
      const ai = page.locator('zx-course-list zx-dialogue');
      const composer = ai.locator('[data-testid="composer-input"]');
      await composer.waitFor();
      await composer.fill(QUESTION);
      await composer.press('Enter');
      await ai.locator('[data-testid="answer"][data-status="done"]').first().waitFor({ timeout: 20_000 });
      const answer = (await ai.locator('[data-testid="answer"] .zx-md').first().textContent()) ?? '';
      assert.match(answer, /对刀/);

      const sent = running
        .stub()
        .requests.filter((r) => r.body.messages?.at(-1)?.content === QUESTION)
        .at(-1)?.body;
      assert.ok(sent, 'the question reached the model');
      const system = sent.messages
        .filter((m: { role: string }) => m.role === 'system')
        .map((m: { content: string }) => m.content)
        .join('\n');
      assert.ok(system.includes(PROMPT), `the course prompt reached the model; it got: ${system}`);
      assert.ok(system.includes('试切法确定 X 向的刀具偏置'), 'the lesson excerpt reached the model');
      assert.ok(system.includes('对刀前必须确认主轴已停止转动'), `the course's knowledge reached the model; it got: ${system}`);

      await page.locator('[data-testid="complete-lesson"]').click();
      await page.locator('[data-testid="complete-lesson"][aria-pressed="true"]').waitFor();
      await shot(page, 'student-lesson');
      await page.locator('[data-testid="next-lesson"]').click();
      await page.locator('[data-testid="lesson-video"]').waitFor();
      const src = (await page.locator('[data-testid="lesson-video"]').getAttribute('src')) ?? '';
      assert.match(src, /^\/new-chat\/app\/api\/file\//);
      const served = await fetch(`${running.server().url}${src}`, { headers: { range: 'bytes=0-11' } });
      assert.equal(served.status, 206, 'the video is served to a <video> (no token) with range requests');
      assert.equal(
        Buffer.from(await served.arrayBuffer())
          .subarray(4, 8)
          .toString(),
        'ftyp',
      );

      await page.goto('/course/list');
      await page.locator('[data-testid="course-progress"]').filter({ hasText: '已完成 1/3' }).waitFor();
    }));

  test('the board shows the student, the completion and the question', () =>
    withPage(running.browser(), running.server(), 'courses-board', async (page) => {
      await signIn(page, 'teacher');
      await page.goto(`${courseUrl}&tab=board`);
      const board = page.locator('zx-course-detail [data-testid="course-board"]');
      await board.locator('[data-testid="kpi-enrolled"] .kpi-value').filter({ hasText: '1' }).waitFor();
      assert.equal(await board.locator('[data-testid="kpi-questions"] .kpi-value').textContent(), '1');
      assert.equal(await board.locator('[data-testid="kpi-completion"] .kpi-value').textContent(), '33%');
      assert.equal(await board.locator('[data-testid="kpi-active"] .kpi-value').textContent(), '1');
      await board.locator('[data-testid="board-topics"] .topic-term').filter({ hasText: '对刀' }).waitFor();
      await board.locator('.chart canvas').first().waitFor();
      await shot(page, 'teacher-board');

      // the teaching view: the lesson fills the window for the projector, the course AI beside it
      await page.locator('[data-testid="teach-view"]').click();
      const reader = page.locator('zx-course-detail [data-testid="lesson-reader"]');
      await reader.locator('.lesson-title').filter({ hasText: '1.1 切削速度与对刀' }).waitFor();
      assert.match((await reader.getAttribute('class')) ?? '', /\bteach\b/);
      const box = await reader.boundingBox();
      assert.deepEqual([box?.x, box?.y, box?.width], [0, 0, 1280], 'the whole window');
      await reader.locator('zx-dialogue [data-testid="composer-input"]').waitFor();
      await shot(page, 'teacher-teach-view');
      // a presenter clicker's Page Down turns to the next lesson
      await page.keyboard.press('PageDown');
      await reader.locator('.lesson-title').filter({ hasText: '1.2 安全操作演示' }).waitFor();
      assert.match(page.url(), /view=teach/);
    }));

  test('the manager sees the course on the showcase and opens its projector view', () =>
    withPage(running.browser(), running.server(), 'courses-manager', async (page) => {
      await signIn(page, 'manager');
      await page.goto('/course/list');
      const card = page.locator('zx-course-showcase [data-testid="showcase-card"]').filter({ hasText: COURSE });
      await card.waitFor();
      assert.match((await card.textContent()) ?? '', /王老师/);
      await shot(page, 'manager-showcase');
      await card.locator('a').click();
      await page.locator('zx-course-detail [data-testid="course-detail"][data-role="manager"]').waitFor();
      assert.notEqual(await page.locator('[data-layout]').getAttribute('data-full-page'), null, 'the detail is full-screen for managers');
      await shot(page, 'manager-detail');
    }));

  test('a draft is refused to the student by URL', () =>
    withPage(running.browser(), running.server(), 'courses-draft', async (page) => {
      await signIn(page, 'teacher');
      await page.goto('/course/list');
      await page.locator('[data-testid="new-course"]').click();
      await page.locator('zx-dialog[data-testid="create-course"] input[name="title"]').fill('未发布的草稿课程');
      await page.locator('zx-dialog[data-testid="create-course"] button[type="submit"]').click();
      await page.locator('zx-course-detail [data-testid="outline-editor"]').waitFor();
      const draftUrl = new URL(page.url());
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());

      await signIn(page, 'student');
      await page.goto(`/course/list${draftUrl.search}`);
      await page.locator('zx-course-list [data-testid="course-missing"]').waitFor();
      assert.equal(await page.locator('[data-testid="outline"]').count(), 0);
      await page.goto(draftUrl.pathname + draftUrl.search);
      await page.waitForURL('**/404');
      await page.goto('/course/list');
      await page.locator('zx-course-list [data-testid="course-card"]').first().waitFor();
      assert.equal(await page.locator('zx-course-list [data-testid="course-card"]').filter({ hasText: '未发布的草稿课程' }).count(), 0);
    }));
});
