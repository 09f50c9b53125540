// Mind maps: a teacher makes a mind map from a lesson
// with the stub model over real HTTP (the map grows as the outline streams),
// edits it, saves and shares it, and the link opens signed out in the small
// read-only viewer (its own bundle, not the editor's).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { publishedCourse } from '../support/published-course.js';
import type { TestServer } from '../support/server.js';
import { startStubLlm, type StubLlm } from '../support/stub-llm.js';
import { DEMO_PASSWORD, launchBrowser, openPage, signIn, startServer, withPage, type RunningServer } from './support.js';

const LESSON = '# 数控车床对刀\n\n对刀是确定工件坐标系原点的操作。\n\n## 试切法\n\n先试切外圆，再试切端面。\n';
const OUTLINE = [
  '# 数控车床对刀',
  '## 试切法 [1]',
  '- 试切 外圆 [1]',
  '- 试切 端面 [1]',
  '## 对刀 仪',
  '- 光学 对刀仪',
  '- 接触式 对刀仪',
  '## 安全 要求',
  '- 主轴 停止',
  '- 进给 倍率 调低',
].join('\n');

let server: RunningServer;
let browser: Browser;
let stub: StubLlm;

/** The bits of the test server the course helper uses, over the running server's HTTP. */
function httpApi(url: string): Pick<TestServer, 'api'> {
  return {
    async api(method, path, options = {}) {
      const response = await fetch(`${url}/new-chat${path}`, {
        method,
        headers: { 'content-type': 'application/json', 'client-id': 'app', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
      return { status: response.status, body: (await response.json()) as any, headers: response.headers } as any;
    },
  };
}

async function lessonOfTeacher(): Promise<string> {
  const api = httpApi(server.url);
  const login = await api.api<{ token: string }>('POST', '/app/api/oauth/token', { body: { username: 'teacher', password: DEMO_PASSWORD } });
  const token = login.body.data.token;
  const course = await publishedCourse(api as TestServer, token, '数控车床编程');
  const detail = (await api.api<any>('GET', `/course/courses/${course.id}`, { token })).body.data;
  const lessonId: string = detail.chapters[0].lessons[0].id;
  await api.api('PUT', `/course/lessons/${lessonId}`, { token, body: { content: LESSON } });
  return lessonId;
}

const nodeTexts = (page: Page, host: string) =>
  page.locator(`${host} .markmap-node foreignObject`).evaluateAll((nodes) => nodes.map((n) => (n.textContent ?? '').trim()));

describe('mind maps', () => {
  before(async () => {
    stub = await startStubLlm({ tokenDelayMs: 40, reply: () => OUTLINE });
    server = await startServer({ ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_MODELS: 'stub-mapper' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await stub?.close();
  });

  test('a teacher maps a lesson (streamed), edits, shares; the link opens signed out in the small viewer', async () => {
    const lessonId = await lessonOfTeacher();
    let shareLink = '';
    await withPage(browser, server, 'mind map from a lesson', async (page) => {
      await signIn(page, 'teacher');
      await page.goto(`/mindMap?lessonId=${lessonId}`);
      const editor = 'zx-mind-map';
      // The map grows while the outline streams: node counts seen on the way up.
      const seen = new Set<number>();
      for (let i = 0; i < 200; i += 1) {
        const count = await page.locator(`${editor} .markmap-node`).count();
        if (count) seen.add(count);
        if (count >= 10) break;
        await page.waitForTimeout(50);
      }
      assert.ok(Math.max(...seen) >= 10, `the whole map arrives (${[...seen]})`);
      assert.ok(
        [...seen].some((n) => n > 0 && n < 10),
        `part of the map showed before the end (${[...seen]})`,
      );
      const source = page.locator(`${editor} .markmap-node a.zx-mm-source`).first();
      assert.match((await source.getAttribute('href')) ?? '', new RegExp(`lessonId=${lessonId}`), 'a cited node links to its lesson');

      // Rename a node, add a child, undo and redo.
      await page.locator(`${editor} .markmap-node`).filter({ hasText: '试切法' }).locator('foreignObject').click();
      const name = page.locator(`${editor} [data-testid="mind-map-node-name"]`);
      await page.waitForFunction(() => true);
      assert.equal(await name.inputValue(), '试切法');
      await name.fill('试切对刀法');
      await name.press('Enter');
      await page.locator(`${editor} .markmap-node`).filter({ hasText: '试切对刀法' }).first().waitFor();
      await page.locator(`${editor} [data-testid="mind-map-add-child"]`).click();
      await page.locator(`${editor} .markmap-node`).filter({ hasText: '新节点' }).first().waitFor();
      await page.locator(`${editor} [data-testid="mind-map-undo"]`).click();
      await page.locator(`${editor} .markmap-node`).filter({ hasText: '新节点' }).first().waitFor({ state: 'detached' });
      await page.locator(`${editor} [data-testid="mind-map-redo"]`).click();
      await page.locator(`${editor} .markmap-node`).filter({ hasText: '新节点' }).first().waitFor();

      await page.locator(`${editor} [data-testid="mind-map-share"]`).click();
      const link = page.locator(`${editor} [data-testid="mind-map-share-link"]`);
      await link.waitFor();
      shareLink = await link.inputValue();
      assert.match(shareLink, /\/mindMap\?share=[\w-]{32,}$/u);
      await page.locator(`${editor} [data-testid="mind-map-item"]`).filter({ hasText: '数控车床对刀' }).waitFor();
    });

    // Signed out, in a fresh context: the small viewer, not the editor.
    const page = await openPage(browser, server);
    try {
      const bundles: string[] = [];
      page.on('request', (request) => bundles.push(new URL(request.url()).pathname));
      await page.goto(shareLink);
      const viewer = 'zx-mind-map-viewer';
      await page.locator(`${viewer} [data-testid="mind-map-title"]`).waitFor();
      assert.equal(await page.locator(`${viewer} [data-testid="mind-map-title"]`).textContent(), '数控车床对刀');
      await page.locator(`${viewer} .markmap-node`).filter({ hasText: '新节点' }).first().waitFor();
      const texts = await nodeTexts(page, viewer);
      assert.ok(
        texts.some((t) => t.includes('试切对刀法')),
        'the edits were saved and shared',
      );
      assert.ok(bundles.includes('/elements/mind-map-viewer.js'), 'the viewer bundle loads');
      assert.ok(!bundles.includes('/elements/mind-map.js'), 'the editor bundle does not');
      assert.equal(new URL(page.url()).pathname, '/mindMap', 'no sign-in asked');
    } finally {
      await page.context().close();
    }
  });
});
