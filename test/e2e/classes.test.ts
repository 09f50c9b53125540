// A teacher's first week: make a class, add a student by pasting their
// username, teach a course to the class and share a handout with it; the
// student finds the course and downloads the handout; the manager sees the class.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, pathOf, signIn, startServer, withPage, type RunningServer } from './support.js';

let server: RunningServer;
let browser: Browser;
const CLASS = '2025级智能制造1班';
const COURSE = '智能制造导论';
const HANDOUT = '安全操作规程.txt';

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

async function token(username: string): Promise<string> {
  const res = await fetch(`${server.url}/new-chat/app/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function call<T = any>(auth: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/new-chat${path}`, {
    method,
    headers: { authorization: `Bearer ${auth}`, ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  assert.equal(json.code, 200, `${method} ${path}: ${json.msg}`);
  return json.data;
}

describe('classes and course materials', () => {
  let classId = '';

  test('the teacher makes a class and adds the student by pasting the username', () =>
    withPage(browser, server, 'classes-teacher', async (page) => {
      await signIn(page, 'teacher');
      await page.locator('a[data-menu-id="1"]').click();
      await page.locator('zx-course-list [data-testid="manage-classes"]').click();
      await page.locator('[data-testid="new-class"]').click();
      await page.locator('zx-dialog[data-testid="create-class"] input[name="name"]').fill(CLASS);
      await page.locator('zx-dialog[data-testid="create-class"] button[type="submit"]').click();
      await page.locator('[data-testid="class-page"] .page-title', { hasText: CLASS }).waitFor();
      classId = new URL(page.url()).searchParams.get('classId') ?? '';
      assert.ok(classId, pathOf(page));
      assert.match((await page.locator('[data-testid="class-page"] .join-code').textContent()) ?? '', /^[A-Z2-9]{6}$/);

      await page.locator('[data-testid="paste-usernames"]').fill('student\nnobody');
      await page.locator('[data-testid="add-pasted"]').click();
      await page.locator('[data-testid="add-report"]', { hasText: '找不到这些账号：nobody' }).waitFor();
      await page.locator('[data-testid="class-student"]', { hasText: 'student' }).waitFor();
      // a reload keeps the class open
      await page.reload();
      await page.locator('[data-testid="class-student"]', { hasText: 'student' }).waitFor();
    }));

  test('a course taught to the class shows its shared handout to the student, who downloads it', async () => {
    const teacher = await token('teacher');
    const course = await call(teacher, 'POST', '/course/courses', { title: COURSE });
    const chapter = await call(teacher, 'POST', `/course/courses/${course.id}/chapters`, { title: '第一章' });
    await call(teacher, 'POST', `/course/chapters/${chapter.id}/lessons`, { title: '认识智能产线' });
    await call(teacher, 'PUT', `/course/courses/${course.id}/classes`, { classIds: [classId] });
    await call(teacher, 'POST', `/course/courses/${course.id}/status`, { status: 'published' });
    const form = new FormData();
    form.append('file', new Blob(['进入车间必须穿戴防护用品。'], { type: 'text/plain' }), HANDOUT);
    const file = await call(teacher, 'POST', '/app/api/file/upload', form);
    const [resource] = await call(teacher, 'POST', '/course/resource', { fileIds: [file.id] });
    await call(teacher, 'PUT', `/course/resource/${resource.id}/shares`, { courseIds: [course.id] });

    await withPage(browser, server, 'classes-student', async (page) => {
      await signIn(page, 'student');
      await page.locator('a[data-menu-id="2"]').click();
      await page.locator('zx-course-list [data-testid="course-card"]', { hasText: COURSE }).locator('.card-link').click();
      const material = page.locator('[data-testid="course-material"]', { hasText: HANDOUT });
      await material.waitFor();
      const [download] = await Promise.all([page.waitForEvent('download'), material.locator('[data-testid="material-download"]').click()]);
      assert.equal(download.suggestedFilename(), HANDOUT);
    });
  });

  test('the manager sees the class and its student, read only', () =>
    withPage(browser, server, 'classes-manager', async (page) => {
      await signIn(page, 'manager');
      await page.goto(`/course/list?view=classes&classId=${classId}`);
      await page.locator('[data-testid="class-student"]', { hasText: 'student' }).waitFor();
      assert.equal(await page.locator('[data-testid="add-students"]').count(), 0);
    }));
});
