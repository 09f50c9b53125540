// Knowledge: through the real host app and server: a
// teacher builds a private dataset from a Chinese PDF (made by Chromium from
// HTML, so it carries a real embedded CJK font) and a DOCX, checks the search
// test, then asks in the dialogue with that dataset chosen: the answer shows
// the passages it used, and each source opens its passage. A student cannot
// read the dataset.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { makeDocx } from '../support/documents.js';
import { DEMO_PASSWORD, launchBrowser, signIn, startServer, withPage, type RunningServer } from './support.js';

let browser: Browser;
let server: RunningServer;
let dir: string;
let pdfPath: string;
let docxPath: string;

const PDF_HTML = `<!doctype html><html lang="zh-CN"><body style="font-family: 'Noto Sans CJK SC', sans-serif">
<h1>数控车床编程基础</h1>
<p>数控车床的坐标系采用右手直角坐标系，Z 轴与主轴轴线平行，刀具远离工件的方向为正方向。</p>
<h2>常用辅助功能指令</h2>
<p>M03 表示主轴正转，M04 表示主轴反转，M05 表示主轴停止，M30 表示程序结束并返回程序开头。</p>
</body></html>`;

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'zx-e2e-knowledge-'));
  browser = await launchBrowser();
  const maker = await browser.newPage();
  await maker.setContent(PDF_HTML);
  pdfPath = path.join(dir, '数控车床编程.pdf');
  await writeFile(pdfPath, await maker.pdf({ format: 'A4' }));
  await maker.close();
  docxPath = path.join(dir, '钳工安全规范.docx');
  await writeFile(
    docxPath,
    makeDocx(['钳工实训安全规范', '进入实训车间必须穿戴工作服和防护眼镜，严禁戴手套操作钻床。', '锉削时不得用嘴吹铁屑，应使用毛刷清理。']),
  );
  server = await startServer({ ZX_BUILTIN_DELAY_MS: '0' });
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function apiGet(pathname: string, username: string): Promise<{ status: number; body: { code: number; data: unknown } }> {
  const login = await fetch(`${server.url}/new-chat/app/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const res = await fetch(`${server.url}/new-chat${pathname}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as { code: number; data: unknown } };
}

describe('knowledge library', () => {
  test('a dataset from a Chinese PDF and DOCX answers in the dialogue with its sources; a student cannot read it', async () => {
    let datasetId = '';
    await withPage(browser, server, 'knowledge-dataset', async (page) => {
      await signIn(page, 'teacher');
      await page.locator('a[data-menu-id="8"]').click(); // 知识库
      const library = page.locator('zx-knowledge-library');
      await library.locator('[data-testid="new-dataset"]').click();
      await library.locator('[data-testid="dataset-name"]').fill('数控实训资料');
      await library.locator('[data-testid="dataset-save"]').click();
      await library.locator('[data-testid="dataset-title"]', { hasText: '数控实训资料' }).waitFor();

      await library.locator('[data-testid="document-input"]').setInputFiles([pdfPath, docxPath]);
      const documents = library.locator('[data-testid="document"]');
      await documents.nth(1).waitFor({ timeout: 30_000 });
      await library.locator('[data-testid="document"][data-status="ready"]').nth(1).waitFor({ timeout: 60_000 });
      assert.equal(await library.locator('[data-testid="document"][data-status="error"]').count(), 0);

      // The search test shows the passage that answers, with its score.
      await library.locator('[data-testid="tab-search"]').click();
      await library.locator('[data-testid="search-query"]').fill('M05 是什么指令');
      await library.locator('[data-testid="search-run"]').click();
      const hit = library.locator('[data-testid="search-hit"]').first();
      await hit.waitFor();
      assert.match((await hit.textContent()) ?? '', /M05\s*表示主轴停止/);
      assert.match((await hit.textContent()) ?? '', /相关度 \d+%/);

      // Ask in the dialogue with the dataset chosen.
      await page.locator('a[data-menu-id="13"]').click();
      const dialogue = page.locator('zx-dialogue');
      await dialogue.locator('[data-testid="dataset-picker"]').click();
      await dialogue.locator('[data-testid="dataset-picker-dialog"] label', { hasText: '数控实训资料' }).click();
      await dialogue.locator('[data-testid="dataset-picker-save"]').click();
      await dialogue.locator('[data-testid="composer-input"]').fill('M03 和 M05 分别表示什么？');
      await dialogue.locator('[data-testid="composer-input"]').press('Enter');
      const answer = dialogue.locator('[data-testid="answer"][data-status="done"]').first();
      await answer.waitFor({ timeout: 30_000 });
      const references = answer.locator('[data-testid="reference"]');
      await references.first().waitFor();
      assert.match((await references.first().textContent()) ?? '', /数控车床编程\.pdf/);
      assert.match((await answer.textContent()) ?? '', /M03\s*表示主轴正转/);

      // A source opens the passage it quotes, with where it comes from.
      await references.first().click();
      const opened = dialogue.locator('[data-testid="reference-dialog"]');
      await opened.waitFor();
      assert.match((await opened.textContent()) ?? '', /M05\s*表示主轴停止/);
      await opened.locator('[data-testid="reference-source"]').waitFor();
      assert.match((await opened.locator('[data-testid="reference-source"]').textContent()) ?? '', /数控实训资料.*第 1 页/);

      const list = await apiGet('/course/ragDataset/list?scope=mine', 'teacher');
      datasetId = (list.body.data as Array<{ id: string; name: string }>).find((d) => d.name === '数控实训资料')!.id;
    });

    // The student: not in their picker, not readable by id, no knowledge menu.
    const select = await apiGet('/course/ragDataset/ragDsSelect', 'student');
    assert.ok(!(select.body.data as Array<{ id: string }>).some((d) => d.id === datasetId));
    assert.equal((await apiGet(`/course/ragDataset/${datasetId}`, 'student')).status, 404);
    await withPage(browser, server, 'knowledge-student', async (page) => {
      await signIn(page, 'student');
      assert.equal(await page.locator('a[data-menu-id="8"]').count(), 0);
      await page.goto('/course/knowledgeLibrary');
      await page.waitForURL(/\/404$/);
    });
  });
});
