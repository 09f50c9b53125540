// The school leader's data board: the manager opens the board,
// changes the range, switches to big-screen mode, exports XLSX (read back),
// opens the operation records through the board layout (a teacher's new
// course and a failed sign-in are there, with no secret) and goes back.
// Teachers and students get 403 on every board call.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, pathOf, signIn, startServer, withPage, type RunningServer } from './support.js';

let server: RunningServer;
let browser: Browser;
const COURSE = '工业机器人编程基础';
const WRONG_PASSWORD = 'Wrong-Guess-7731';

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

async function tokenOf(username: string, password = DEMO_PASSWORD): Promise<{ status: number; token?: string }> {
  const res = await fetch(`${server.url}/new-chat/app/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return { status: res.status, token: ((await res.json()) as { data?: { token?: string } }).data?.token };
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

describe('data board and operation records', () => {
  test('a teacher makes a course and someone fails to sign in as the teacher', async () => {
    const teacher = (await tokenOf('teacher')).token!;
    const res = await fetch(`${server.url}/new-chat/course/courses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${teacher}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: COURSE }),
    });
    assert.equal(res.status, 200);
    assert.equal((await tokenOf('teacher', WRONG_PASSWORD)).status, 400);
  });

  test('teachers and students get 403 on every board call', async () => {
    const today = dayOf(new Date());
    for (const username of ['teacher', 'student']) {
      const token = (await tokenOf(username)).token!;
      for (const path of [
        `course/board/summary?from=${today}&to=${today}`,
        `course/board/export?from=${today}&to=${today}`,
        'course/board/filters',
        'course/board/records',
        'course/board/records/export',
        'course/board/records/chain',
      ]) {
        const res = await fetch(`${server.url}/new-chat/${path}`, { headers: { authorization: `Bearer ${token}` } });
        assert.equal(res.status, 403, `${username} ${path}`);
      }
    }
  });

  test('the manager reads the board, changes the range, goes big-screen, exports, and opens the records and back', () =>
    withPage(browser, server, 'board-manager', async (page) => {
      await page.setViewportSize({ width: 1920, height: 1080 });
      await signIn(page, 'manager');
      await page.locator('a[data-menu-id="6"]').click();
      const board = page.locator('zx-data-board');
      await board.locator('[data-testid="kpi-questions"]').waitFor();
      assert.equal(pathOf(page), '/course/dataBoard');
      // The board says whether the operation records are intact.
      await board.locator('[data-testid="board-chain-status"]', { hasText: '记录链完整' }).waitFor();

      // A 30-day range: the board asks for it and draws 30 days.
      const from = new Date();
      from.setDate(from.getDate() - 29);
      const answered = page.waitForResponse((r) => r.url().includes('/board/summary') && r.url().includes(`from=${dayOf(from)}`));
      await board.locator('[data-testid="board-from"]').fill(dayOf(from));
      const reply = (await (await answered).json()) as { data: { range: { days: number } } };
      assert.equal(reply.data.range.days, 30);
      await board.locator('[data-testid="table-active"] summary').click();
      assert.equal(await board.locator('[data-testid="table-active"] tbody tr').count(), 30);

      // Big screen fills the 1920×1080 display.
      await board.locator('[data-testid="board-big-screen"]').click();
      const box = await board.locator('.board.big-screen').boundingBox();
      assert.ok(box && box.width >= 1900 && box.height >= 1060, JSON.stringify(box));
      await board.locator('[data-testid="board-big-screen"]').click();

      // The XLSX export, read back.
      const download = page.waitForEvent('download');
      await board.locator('[data-testid="board-export"]').click();
      const file = await (await download).path();
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await readFile(file)) as never);
      assert.deepEqual(book.worksheets.map((s) => s.name).slice(0, 3), ['概览', '每日', '模型']);
      assert.equal(book.getWorksheet('每日')!.rowCount, 31, 'a header and 30 days');

      // Operation records inside the board layout, and back.
      await board.locator('[data-testid="board-records-link"]').click();
      const records = page.locator('zx-operation-records');
      await records.locator('[data-testid="records-table"]').waitFor();
      assert.equal(pathOf(page), '/course/board/optionRecord');
      const created = records.locator('tr', { hasText: COURSE });
      await created.waitFor();
      // The object type reads in the page's language too (课程).
      assert.match((await created.textContent()) ?? '', /teacher.*新建.*课程/);
      await records.locator('[data-testid="records-keyword"]').fill('login');
      await records.locator('[data-testid="records-keyword"]').press('Enter');
      await records.locator('tr.failed', { hasText: 'teacher' }).first().waitFor();
      await records.locator('[data-testid="chain-status"]', { hasText: '记录链完整' }).waitFor();
      assert.ok(!((await page.content()) + (await records.innerHTML())).includes(WRONG_PASSWORD), 'no password on the page');
      await page.locator('[data-testid="board-back"]').click();
      await board.locator('[data-testid="kpi-questions"]').waitFor();
      assert.equal(pathOf(page), '/course/dataBoard');
    }));
});
