// A live class in Chromium: the teacher starts a session from a published
// course on the projector (1920×1080), two students join on their phones
// (375 px) with the code on the screen, the teacher pushes a 30-second
// question, the chart fills as the phones answer, and the reveal marks the
// right bar on the projector and tells each phone whether it was right.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiCall, apiToken, DEMO_PASSWORD, launchBrowser, openPage, pathOf, signIn, startServer, type RunningServer } from './support.js';

let server: RunningServer;
let browser: Browser;
const pages: Page[] = [];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  for (const page of pages) await page.context().close();
  await browser?.close();
  await server?.stop();
});

/** A second student of the school, with the demo password. */
async function secondStudent(): Promise<string> {
  const manager = await apiToken(server, 'manager');
  const { oneTimePassword } = await apiCall<{ oneTimePassword: string }>(server, manager, 'POST', 'course/admin/users', {
    username: 'live2',
    name: '李明',
    clientTypes: ['3'],
  });
  const token = await apiToken(server, 'live2', oneTimePassword);
  await apiCall(server, token, 'PUT', 'app/user/password/update', { oldPassword: oneTimePassword, newPassword: DEMO_PASSWORD });
  return 'live2';
}

async function phone(username: string): Promise<Page> {
  const page = await openPage(browser, server);
  pages.push(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, username);
  return page;
}

describe('live classroom', () => {
  test('students join by code, answer a pushed question, the chart fills and the answer is revealed', async () => {
    const teacher = await apiToken(server, 'teacher');
    const course = await apiCall<{ id: string; joinCode: string }>(server, teacher, 'POST', 'course/courses', { title: '数控车床编程' });
    const chapter = await apiCall<{ id: string }>(server, teacher, 'POST', `course/courses/${course.id}/chapters`, { title: '第一章' });
    await apiCall(server, teacher, 'POST', `course/chapters/${chapter.id}/lessons`, { title: '主轴功能' });
    await apiCall(server, teacher, 'POST', `course/courses/${course.id}/status`, { status: 'published' });
    const students = ['student', await secondStudent()];
    for (const username of students) await apiCall(server, await apiToken(server, username), 'POST', 'course/join', { code: course.joinCode });

    const projector = await openPage(browser, server);
    pages.push(projector);
    await projector.setViewportSize({ width: 1920, height: 1080 });
    await signIn(projector, 'teacher');
    await projector.goto(`/course/detail?courseId=${course.id}`);
    await projector.locator('[data-testid="start-live"]').click();
    await projector.waitForURL(/\/course\/live\?sessionId=/);
    const code = (await projector.locator('[data-testid="join-code"]').textContent())?.trim() ?? '';
    assert.match(code, /^\w{4,8}$/, pathOf(projector));
    assert.equal(await projector.locator('h1').count(), 1, 'one <h1> on the projector page');

    const phones = await Promise.all(students.map(phone));
    for (const page of phones) {
      await page.goto(`/course/liveJoin?code=${code}`);
      await page.locator('[data-testid="join"]').click();
      await page.locator('.waiting').waitFor();
    }
    await projector.locator('[data-testid="present-count"]', { hasText: '2' }).waitFor();

    await projector.locator('[data-testid="new-question"]').click();
    await projector.locator('[data-testid="question-stem"]').fill('主轴转速用哪个功能字？');
    for (const [i, option] of ['S', 'F', 'T', 'M'].entries()) await projector.locator(`[data-testid="option-${i}"]`).fill(option);
    await projector.locator('[data-testid="push-question"]').click();

    await phones[0]!.locator('[data-testid="choice-0"]').click();
    await phones[1]!.locator('[data-testid="choice-1"]').click();
    await projector.locator('[data-testid="count-0"]', { hasText: '1' }).waitFor();
    await projector.locator('[data-testid="count-1"]', { hasText: '1' }).waitFor();
    assert.match((await projector.locator('[data-testid="answered"]').textContent()) ?? '', /2 \/ 2/);

    await projector.locator('[data-testid="reveal"]').click();
    await projector.locator('[data-testid="bar-0"].right').waitFor();
    await phones[0]!.locator('[data-testid="verdict"].right').waitFor();
    await phones[1]!.locator('[data-testid="verdict"].wrong').waitFor();
  });
});
