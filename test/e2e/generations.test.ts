// Images and videos: through the built host app and
// server against the stub media provider over real HTTP: a student generates
// an image and saves it to the resource library; a teacher starts a video,
// the server is killed and restarted while it runs, the job finishes and the
// provider saw exactly one create; a running job cancelled by its owner ends
// as cancelled and costs nothing; a provider refusal shows its reason, costs
// nothing, and the person can try again; in AI dialogue an image model
// answers with the picture.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { writeMediaConfig } from '../support/media-config.js';
import { startStubMedia, type StubMedia } from '../support/stub-media.js';
import { until } from '../support/until.js';
import { DEMO_PASSWORD, launchBrowser, signIn, startServer, withPage, type RunningServer } from './support.js';

let browser: Browser;
let stub: StubMedia;
let dataDir: string;
let env: Record<string, string>;
const servers: RunningServer[] = [];

before(async () => {
  browser = await launchBrowser();
  stub = await startStubMedia({ imageLatencyMs: 200, videoMs: 6000 });
  dataDir = await mkdtemp(path.join(tmpdir(), 'zx-e2e-gen-'));
  // One data folder for both server runs, so the restarted server finds the job.
  env = { ZX_DATA_DIR: dataDir, ZX_CONFIG: writeMediaConfig(stub.baseUrl), ZX_GEN_LEASE_SECONDS: '2', ZX_GEN_POLL_MS: '200', ZX_GEN_VIDEO_POLL_MS: '300' };
  servers.push(await startServer(env));
});
after(async () => {
  await browser?.close();
  for (const s of servers) await s.stop();
  await stub?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A bearer token for a demo user, for the API checks beside the browser. */
async function tokenFor(server: RunningServer, username: string): Promise<string> {
  const login = await fetch(`${server.url}/new-chat/app/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/** Credits the person has used so far (the quota meters every image and video). */
async function creditsUsed(server: RunningServer, token: string): Promise<number> {
  const res = await fetch(`${server.url}/new-chat/app/user/quota`, { headers: { authorization: `Bearer ${token}`, 'client-id': 'app' } });
  const body = (await res.json()) as { code: number; data: { used: number } };
  assert.equal(body.code, 200);
  return body.data.used;
}

describe('generations', () => {
  test('a student generates an image and saves it to the resource library', { timeout: 120_000 }, async () => {
    await withPage(browser, servers[0]!, 'image-generate', async (page) => {
      await signIn(page, 'student');
      await page.goto('/image/generate');
      const prompt = page.locator('zx-image-generate textarea.prompt');
      await prompt.fill('细胞结构示意图');
      await page.locator('zx-image-generate .style-chip', { hasText: '示意图' }).click();
      await page.locator('zx-image-generate button.generate').click();
      const done = page.locator('zx-image-generate .job-card[data-status="succeeded"]').first();
      await done.waitFor({ timeout: 60_000 });
      const image = done.locator('img').first();
      await image.waitFor();
      assert.ok(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'the picture loads');
      await done.locator('button', { hasText: '存入资源库' }).click();
      await page.locator('zx-toaster', { hasText: '已存入资源库' }).waitFor({ timeout: 10_000 });
      // The student's library now holds the picture.
      const token = await tokenFor(servers[0]!, 'student');
      const list = await fetch(`${servers[0]!.url}/new-chat/course/resource/list`, { headers: { authorization: `Bearer ${token}`, 'client-id': 'app' } });
      const body = (await list.json()) as { data: unknown };
      assert.match(JSON.stringify(body.data), /AI-image-1\.png/);
    });
  });

  test('a provider refusal shows its reason, costs nothing, and the person tries again', { timeout: 120_000 }, async () => {
    const server = servers.at(-1)!;
    const token = await tokenFor(server, 'student');
    const usedBefore = await creditsUsed(server, token);
    await withPage(browser, server, 'image-refused', async (page) => {
      await signIn(page, 'student');
      await page.goto('/image/generate');
      const prompt = page.locator('zx-image-generate textarea.prompt');
      // The stub refuses any prompt with "refuse" in it, as a provider's content check does.
      await prompt.fill('refuse 一张不合规的图');
      await page.locator('zx-image-generate button.generate').click();
      const failed = page.locator('zx-image-generate .job-card[data-status="failed"]').first();
      await failed.waitFor({ timeout: 60_000 });
      assert.match((await failed.locator('.job-error').textContent()) ?? '', /内容不合规/u, 'the provider’s reason is shown');
      assert.equal(await failed.locator('img').count(), 0, 'nothing was saved for the refused job');
      assert.equal(await creditsUsed(server, token), usedBefore, 'a refused job costs nothing');
      // Trying again puts the request back in the form; the person rewords it and it goes through.
      await failed.locator('button', { hasText: '再次生成' }).click();
      assert.equal(await prompt.inputValue(), 'refuse 一张不合规的图');
      await prompt.fill('细胞分裂示意图');
      await page.locator('zx-image-generate button.generate').click();
      const done = page.locator('zx-image-generate .job-card[data-status="succeeded"]', { hasText: '细胞分裂示意图' });
      await done.waitFor({ timeout: 60_000 });
      await done.locator('img').first().waitFor();
      assert.ok((await creditsUsed(server, token)) > usedBefore, 'the picture that was made is paid for');
    });
  });

  test('a running video cancelled by its owner ends as cancelled and costs nothing', { timeout: 120_000 }, async () => {
    const server = servers.at(-1)!;
    const token = await tokenFor(server, 'teacher');
    const usedBefore = await creditsUsed(server, token);
    stub.setVideoMs(120_000);
    try {
      await withPage(browser, server, 'video-cancel', async (page) => {
        await signIn(page, 'teacher');
        await page.goto('/video/generate');
        await page.locator('zx-video-generate textarea.prompt').fill('光合作用过程');
        const createsBefore = stub.creates('video');
        await page.locator('zx-video-generate button.generate').click();
        const card = page.locator('zx-video-generate .job-card', { hasText: '光合作用过程' }).first();
        await card.and(page.locator('[data-status="running"]')).waitFor({ timeout: 30_000 });
        // "Running" shows once the job is claimed; the provider's create may still be on its way.
        const creates = await until(
          async () => stub.creates('video'),
          (n) => n > createsBefore,
        );
        assert.equal(creates, createsBefore + 1, 'the task was created upstream');
        await card.locator('button', { hasText: '取消' }).click();
        await card.and(page.locator('[data-status="cancelled"]')).waitFor({ timeout: 10_000 });
        assert.equal(await card.locator('video').count(), 0);
        // The queue lets go of the task: no further polling of it.
        await new Promise((r) => setTimeout(r, 1500));
        const polls = stub.polls();
        await new Promise((r) => setTimeout(r, 1500));
        assert.equal(stub.polls(), polls, 'a cancelled task is no longer polled');
        assert.equal(await creditsUsed(server, token), usedBefore, 'a cancelled job costs nothing');
        // After a reload it is still cancelled (the database is the truth).
        await page.reload();
        await page.locator('zx-video-generate .job-card[data-status="cancelled"]', { hasText: '光合作用过程' }).first().waitFor({ timeout: 15_000 });
      });
    } finally {
      stub.setVideoMs(6000);
    }
  });

  test('in AI dialogue a teacher picks the image model; the answer is the picture, still there after a reload', { timeout: 120_000 }, async () => {
    await withPage(browser, servers.at(-1)!, 'dialogue-image-answer', async (page) => {
      await signIn(page, 'teacher');
      await page.locator('a[data-menu-id="13"]').click(); // 对话
      const composer = page.locator('zx-dialogue [data-testid="composer-input"]');
      await composer.waitFor();
      await page.locator('zx-dialogue [data-testid="model-picker"]').click();
      await page.locator('zx-dialogue [data-model="stub-image"] [data-testid="model-option"]').click();
      await page.locator('zx-dialogue [data-testid="model-picker"]').filter({ hasText: 'Stub Image' }).waitFor();
      await composer.fill('植物细胞结构示意图');
      await composer.press('Enter');
      const answer = page.locator('zx-dialogue [data-testid="answer"]').first();
      await answer.and(page.locator('[data-status="done"]')).waitFor({ timeout: 60_000 });
      const picture = answer.locator('[data-testid="answer-images"] img').first();
      await picture.waitFor();
      await page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, await picture.elementHandle(), {
        timeout: 15_000,
      });
      // Kept in the conversation: the reloaded chat shows the picture again.
      await page.waitForURL(/\/course\/dialogue\/[\w-]+$/u);
      await page.reload();
      const again = page.locator('zx-dialogue [data-testid="answer"] [data-testid="answer-images"] img').first();
      await again.waitFor({ timeout: 15_000 });
      await page.waitForFunction((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0, await again.elementHandle(), {
        timeout: 15_000,
      });
    });
  });

  test('a teacher starts a video; the server is killed and restarted; it finishes with one create', { timeout: 180_000 }, async () => {
    // Earlier tests may have made videos: count this one's calls only.
    const createsBefore = stub.creates('video');
    const pollsBefore = stub.polls();
    await withPage(browser, servers[0]!, 'video-generate', async (page) => {
      await signIn(page, 'teacher');
      await page.goto('/video/generate');
      await page.locator('zx-video-generate textarea.prompt').fill('水的三态变化');
      await page.locator('zx-video-generate button.generate').click();
      await page.locator('zx-video-generate .job-card[data-status="running"]').first().waitFor({ timeout: 30_000 });
      const deadline = Date.now() + 30_000;
      while (stub.polls() < pollsBefore + 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      assert.equal(stub.creates('video'), createsBefore + 1);
    });
    // Killed outright, mid-job; started again on the same data.
    process.kill(servers[0]!.pid, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    const restarted = await startServer(env);
    servers.push(restarted);
    await withPage(browser, restarted, 'video-after-restart', async (page) => {
      await signIn(page, 'teacher');
      await page.goto('/video/generate');
      const done = page.locator('zx-video-generate .job-card[data-status="succeeded"]').first();
      await done.waitFor({ timeout: 90_000 });
      await done.locator('video').waitFor();
      assert.equal(await done.locator('.ai-mark').textContent(), 'AI生成');
      assert.equal(stub.creates('video'), createsBefore + 1, 'exactly one create upstream');
    });
  });
});
