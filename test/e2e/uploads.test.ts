// Uploads: driven through the real host app against
// the real built server: a teacher uploads a 200 MB video and a PDF in the
// resource library, the connection drops half-way, the page is reloaded, the
// files are chosen again and the upload continues where it stopped (only the
// missing chunks are sent); the stored files are byte-identical (SHA-256).
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { makePdf } from '../support/documents.js';
import { DEMO_PASSWORD, launchBrowser, signIn, startServer, withPage, type RunningServer } from './support.js';

const VIDEO_BYTES = 200 * 1024 * 1024;
const CHUNK_BYTES = 2 * 1024 * 1024; // the uploader's default chunk size
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let browser: Browser;
let server: RunningServer;
let dir: string;
let videoPath: string;
let pdfPath: string;
let video: Buffer;
let pdf: Buffer;

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'zx-e2e-uploads-'));
  // Not a playable video, but it starts like an MP4 (an ISO-media `ftyp` box), which is what the server checks.
  video = randomBytes(VIDEO_BYTES);
  Buffer.from('\x00\x00\x00\x18ftypisom', 'latin1').copy(video, 0);
  pdf = makePdf([['数控车床操作规程', '开机前检查润滑油位。']]);
  videoPath = path.join(dir, '车削加工演示.mp4');
  pdfPath = path.join(dir, '操作规程.pdf');
  await writeFile(videoPath, video);
  await writeFile(pdfPath, pdf);
  browser = await launchBrowser();
  server = await startServer();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function apiToken(username: string): Promise<string> {
  const res = await fetch(`${server.url}/new-chat/app/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

describe('resumable upload in the resource library', () => {
  test('a 200 MB video and a PDF survive a dropped connection and a reload, byte for byte', () =>
    withPage(browser, server, 'uploads-resume', async (page) => {
      const chunkPosts: Array<{ ok: boolean }> = [];
      page.on('response', (response) => {
        const request = response.request();
        if (request.method() === 'POST' && request.url().includes('/app/api/file/chunk')) chunkPosts.push({ ok: response.status() === 200 });
      });

      await signIn(page, 'teacher');
      await page.locator('a[data-menu-id="7"]').click(); // 资源库
      const library = page.locator('zx-resource-library');
      await library.locator('[data-testid="upload-button"]').waitFor();
      await library.locator('[data-testid="upload-input"]').setInputFiles([videoPath, pdfPath]);

      // The video is read for its checksum, then sent chunk by chunk; cut the connection mid-way.
      // The video's row by name: the small PDF may finish first and be listed above it.
      const row = library.locator('[data-testid="upload-row"]', { hasText: '车削加工演示.mp4' });
      // Hashing 200 MB first can take a while on a busy 2-core machine: wait (bounded) until a third is sent.
      for (let i = 0; i < 2_400 && chunkPosts.filter((p) => p.ok).length < 35; i++) await page.waitForTimeout(50);
      assert.ok(chunkPosts.filter((p) => p.ok).length >= 35, 'the upload got a third of the way before the cut');
      await page.context().setOffline(true);
      await row.and(page.locator('[data-status="retry"]')).waitFor({ timeout: 20_000 });
      const percentOffline = Number((await row.locator('[data-testid="upload-percent"]').textContent())?.replace('%', ''));
      assert.ok(percentOffline > 0 && percentOffline < 100, `stopped half-way (${percentOffline}%)`);

      // Back online only to reload the page: everything in memory is gone.
      const beforeReload = chunkPosts.filter((p) => p.ok).length;
      await page.context().setOffline(false);
      await page.reload();
      chunkPosts.length = 0;

      // The library remembers the unfinished upload and asks for the file again.
      const banner = library.locator('[data-testid="unfinished-uploads"]');
      await banner.waitFor({ timeout: 15_000 });
      assert.match((await banner.textContent()) ?? '', /车削加工演示\.mp4/);
      await library.locator('[data-testid="resume-input"]').setInputFiles([videoPath]);
      await library.locator('[data-testid="upload-row"][data-status="success"]').waitFor({ timeout: 120_000 });

      const totalChunks = Math.floor(VIDEO_BYTES / CHUNK_BYTES);
      const sentAfter = chunkPosts.length;
      assert.ok(sentAfter < totalChunks, `resumed instead of starting over: ${sentAfter} of ${totalChunks} chunks sent after the reload`);
      assert.ok(sentAfter <= totalChunks - beforeReload + 4, `only missing chunks sent (${sentAfter} after, ${beforeReload} before)`);

      // Both are in the library, and the stored bytes are the original bytes.
      await library.locator('[data-testid="resource-name"]', { hasText: '车削加工演示.mp4' }).waitFor();
      await library.locator('[data-testid="resource-name"]', { hasText: '操作规程.pdf' }).waitFor();
      const token = await apiToken('teacher');
      const list = (await (await fetch(`${server.url}/new-chat/course/resource/list`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        data: { items: Array<{ name: string; downloadUrl: string }> };
      };
      for (const [name, original] of [
        ['车削加工演示.mp4', video],
        ['操作规程.pdf', pdf],
      ] as const) {
        const item = list.data.items.find((i) => i.name === name);
        assert.ok(item, name);
        const stored = new Uint8Array(await (await fetch(`${server.url}${item.downloadUrl}`)).arrayBuffer());
        assert.equal(stored.length, original.length, name);
        assert.equal(sha256(stored), sha256(original), name);
      }
    }));

  test('a stock simple-uploader.js client uploads to the chunk endpoint unchanged', () =>
    withPage(browser, server, 'uploads-simple-uploader', async (page) => {
      const token = await apiToken('teacher');
      await page.goto('/login');
      // Our pages allow no inline scripts (CSP), so the library is evaluated
      // through the browser's debugging protocol rather than added as a tag.
      await page.evaluate(readFileSync('node_modules/simple-uploader.js/dist/uploader.js', 'utf8'));
      const result = await page.evaluate(async (bearer) => {
        // 5 MB in 1 MB chunks (its defaults: test requests on, last chunk absorbs the remainder).
        const bytes = new Uint8Array(5 * 1024 * 1024 + 123).map((_, i) => (i * 31) % 256);
        bytes.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70], 0); // "....ftyp": an MP4 to the type check
        const file = new File([bytes], 'stock.mp4', { type: 'video/mp4' });
        const Uploader = (window as unknown as { Uploader: new (options: object) => any }).Uploader;
        const uploader = new Uploader({ target: '/new-chat/app/api/file/chunk', headers: { Authorization: `Bearer ${bearer}` } });
        return new Promise<{ ok: boolean; message: string }>((resolve) => {
          uploader.on('fileSuccess', (_root: unknown, _file: unknown, message: string) => resolve({ ok: true, message }));
          uploader.on('fileError', (_root: unknown, _file: unknown, message: string) => resolve({ ok: false, message }));
          uploader.addFile(file);
          uploader.upload();
        });
      }, token);
      assert.ok(result.ok, result.message);
      const reply = JSON.parse(result.message) as { data: { complete: boolean; file: { id: string; size: number; name: string } } };
      assert.equal(reply.data.complete, true);
      assert.equal(reply.data.file.size, 5 * 1024 * 1024 + 123);
      assert.equal(reply.data.file.name, 'stock.mp4');
      const stored = await fetch(`${server.url}/new-chat/app/api/file/${reply.data.file.id}`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(stored.status, 200);
      assert.equal((await stored.arrayBuffer()).byteLength, 5 * 1024 * 1024 + 123);
    }));
});
