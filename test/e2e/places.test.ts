// Reload and Back keep a person where they were: a course just created, an
// open knowledge dataset and an open practice app each have their own URL.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, pathOf, signIn, startServer, withPage, type RunningServer } from './support.js';

let server: RunningServer;
let browser: Browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

describe('places with their own URL', () => {
  test('a new course, an open dataset and an open practice app survive Reload; Back returns to the list', () =>
    withPage(browser, server, 'places-teacher', async (page) => {
      await signIn(page, 'teacher');

      await page.locator('a[data-menu-id="1"]').click();
      await page.locator('[data-testid="new-course"]').click();
      await page.locator('zx-dialog[data-testid="create-course"] input[name="title"]').fill('重载测试课程');
      await page.locator('zx-dialog[data-testid="create-course"] button[type="submit"]').click();
      await page.locator('zx-course-detail .head-title', { hasText: '重载测试课程' }).waitFor();
      await page.reload();
      await page.locator('zx-course-detail .head-title', { hasText: '重载测试课程' }).waitFor();
      await page.goBack();
      await page.locator('zx-course-list [data-testid="course-list"]').waitFor();
      assert.equal(pathOf(page), '/course/list');

      await page.locator('a[data-menu-id="8"]').click();
      const library = page.locator('zx-knowledge-library');
      await library.locator('[data-testid="new-dataset"]').click();
      await library.locator('[data-testid="dataset-name"]').fill('重载测试资料');
      await library.locator('[data-testid="dataset-save"]').click();
      await library.locator('[data-testid="dataset-title"]', { hasText: '重载测试资料' }).waitFor();
      assert.match(pathOf(page), /^\/course\/knowledgeLibrary\?datasetId=/);
      await page.reload();
      await library.locator('[data-testid="dataset-title"]', { hasText: '重载测试资料' }).waitFor();
      await page.goBack();
      await library.locator('[data-testid="dataset-card"]', { hasText: '重载测试资料' }).waitFor();
      assert.equal(pathOf(page), '/course/knowledgeLibrary');

      await page.locator('a[data-menu-id="4"]').click();
      const practice = page.locator('zx-practice');
      await practice.locator('[data-testid="add-practice-app"]').click();
      await practice.locator('[data-testid="app-title"]').fill('虚拟电工实验室');
      await practice.locator('[data-testid="app-url"]').fill('https://lab.example.com/circuit');
      await practice.locator('[data-testid="app-save"]').click();
      await practice.locator('[data-testid="practice-app"] .card-main', { hasText: '虚拟电工实验室' }).click();
      await practice.locator('[data-testid="app-frame"]').waitFor();
      assert.match(pathOf(page), /^\/course\/appsExternal\?appId=/);
      await page.reload();
      await practice.locator('[data-testid="app-frame"]').waitFor();
      await page.goBack();
      await practice.locator('[data-testid="practice-apps"]').waitFor();
      assert.equal(await practice.locator('[data-testid="app-frame"]').count(), 0);
      assert.equal(pathOf(page), '/course/appsExternal');
    }));
});
