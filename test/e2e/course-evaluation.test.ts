// Course evaluation (menu 9) in the built app: a manager defines
// the indicator system, scores a published course starting from figures the
// data pre-fills, sees the ranking and exports it as XLSX (read back here);
// the course's teacher then reads the result on the course. Teachers and
// students are refused the managers' calls.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import type { Browser } from 'playwright-core';
import { DEMO_PASSWORD, launchBrowser, pathOf, signIn, startServer, withPage, type RunningServer } from './support.js';

let server: RunningServer;
let browser: Browser;
const COURSE = '数控车床编程与加工';

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

async function send(
  auth: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: { code: number; msg: string; data: any } | null }> {
  const res = await fetch(`${server.url}/new-chat${path}`, {
    method,
    headers: { authorization: `Bearer ${auth}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, json: type.includes('json') ? ((await res.json()) as any) : (await res.arrayBuffer(), null) };
}

async function call<T = any>(auth: string, method: string, path: string, body?: unknown): Promise<T> {
  const { status, json } = await send(auth, method, path, body);
  assert.equal(status, 200, `${method} ${path}: ${json?.msg}`);
  return json!.data as T;
}

describe('course evaluation', () => {
  let courseId = '';

  before(async () => {
    // A published course of the teacher's classes (the demo student is enrolled), two lessons, and a quiz the student aced.
    const teacher = await token('teacher');
    const student = await token('student');
    const classes = await call<Array<{ id: string; mine: boolean }>>(teacher, 'GET', '/course/classes');
    courseId = (await call(teacher, 'POST', '/course/courses', { title: COURSE, category: '数控技术' })).id;
    await call(teacher, 'PUT', `/course/courses/${courseId}/classes`, { classIds: classes.filter((c) => c.mine).map((c) => c.id) });
    const chapter = await call(teacher, 'POST', `/course/courses/${courseId}/chapters`, { title: '第一章 数控基础' });
    await call(teacher, 'POST', `/course/chapters/${chapter.id}/lessons`, { title: '坐标系' });
    await call(teacher, 'POST', `/course/chapters/${chapter.id}/lessons`, { title: '对刀' });
    await call(teacher, 'POST', `/course/courses/${courseId}/status`, { status: 'published' });
    const quiz = await call(teacher, 'POST', '/course/evaluations', {
      courseId,
      title: '第一单元测验',
      kind: 'quiz',
      releaseMode: 'immediate',
      questions: [{ type: 'judge', stem: 'G00 是快速定位指令。', answer: true, points: 5 }],
    });
    await call(teacher, 'POST', `/course/evaluations/${quiz.id}/status`, { status: 'published' });
    const paper = await call(student, 'GET', `/course/evaluations/${quiz.id}/paper`);
    await call(student, 'POST', `/course/evaluations/${quiz.id}/submissions`, { answers: [{ questionId: paper.questions[0].id, value: true }] });
  });

  test('teachers and students are refused the managers\u2019 calls', async () => {
    const teacher = await token('teacher');
    const student = await token('student');
    const system = await call(await token('manager'), 'GET', '/course/course-evaluation/indicators');
    for (const [who, auth] of [
      ['teacher', teacher],
      ['student', student],
    ] as const) {
      assert.equal((await send(auth, 'PUT', '/course/course-evaluation/indicators', { indicators: system })).status, 403, who);
      assert.equal((await send(auth, 'GET', '/course/course-evaluation/courses')).status, 403, who);
      assert.equal(
        (await send(auth, 'PUT', `/course/course-evaluation/courses/${courseId}`, { scores: [{ indicatorId: system[0].id, score: 100, comment: '' }] })).status,
        403,
        who,
      );
      assert.equal((await send(auth, 'GET', '/course/course-evaluation/export')).status, 403, who);
    }
    assert.equal((await send(student, 'GET', `/course/course-evaluation/courses/${courseId}`)).status, 403);
  });

  test('a manager defines the indicators, scores the course from pre-filled figures, sees the ranking and exports it', () =>
    withPage(browser, server, 'course-evaluation-manager', async (page) => {
      await signIn(page, 'manager');
      await page.locator('a[data-menu-id="9"]').click();
      await page.locator('[data-testid="showcase-tabs"] a[data-tab="indicators"]').click();
      await page.locator('[data-testid="indicator-row"]').nth(4).waitFor();
      assert.equal(pathOf(page), '/course/list?view=indicators');

      // 学生评价 becomes 30, 教学设计 10: the sum is 110 and saving is refused until 教学设计 is fixed.
      const rows = page.locator('[data-testid="indicator-row"]');
      await rows.nth(4).locator('[data-testid="indicator-weight"]').fill('30');
      await rows.nth(0).locator('[data-testid="indicator-levels"]').fill('目标清晰、贴合岗位\n基本合理\n欠缺');
      await page.locator('[data-testid="save-indicators"]').click();
      await page.locator('[data-testid="indicator-problem"]', { hasText: '110' }).waitFor();
      await rows.nth(0).locator('[data-testid="indicator-weight"]').fill('10');
      await page.locator('[data-testid="weight-sum"]', { hasText: '100 / 100' }).waitFor();
      await page.locator('[data-testid="save-indicators"]').click();
      await page.locator('[data-testid="indicator-editor"] [role="status"]', { hasText: '已保存' }).waitFor();

      await page.locator('[data-testid="showcase-tabs"] a[data-tab="ranking"]').click();
      const row = page.locator('[data-testid="ranking-row"]', { hasText: COURSE });
      await row.locator('[data-testid="ranking-total"]', { hasText: '未评' }).waitFor();
      await row.locator('[data-testid="score-course"]').click();
      await page.locator('[data-testid="course-scoring"] h2', { hasText: COURSE }).waitFor();
      assert.match(pathOf(page), new RegExp(`view=score`));
      assert.match(pathOf(page), new RegExp(`courseId=${courseId}`));

      // The figures come from the data: two lessons, one student, every point earned in the quiz.
      const figures = page.locator('[data-testid="course-figures"]');
      await figures.locator('div', { hasText: '课时' }).first().locator('dd', { hasText: '2' }).waitFor();
      await figures.locator('div', { hasText: '测评平均得分率' }).locator('dd', { hasText: '100%' }).waitFor();
      const scoreRows = page.locator('[data-testid="score-row"]');
      const studentsRow = scoreRows.filter({ hasText: '学生评价' });
      assert.equal(await studentsRow.locator('[data-testid="score-input"]').inputValue(), '100', 'pre-filled from the quiz results');
      await studentsRow.locator('[data-testid="suggested"]', { hasText: '已按数据预填' }).waitFor();
      await scoreRows.filter({ hasText: '教学设计' }).locator('.ce-levels', { hasText: '目标清晰、贴合岗位' }).waitFor();

      const given: Record<string, string> = { 教学设计: '90', 资源建设: '70', 教学实施: '80', 'AI 应用': '60' };
      for (const [name, value] of Object.entries(given)) await scoreRows.filter({ hasText: name }).locator('[data-testid="score-input"]').fill(value);
      await scoreRows.filter({ hasText: '教学设计' }).locator('[data-testid="comment-input"]').fill('目标清晰，贴合数控车工岗位');
      // 90×10% + 70×20% + 80×20% + 60×20% + 100×30% = 81
      await page.locator('[data-testid="live-total"]', { hasText: '81' }).waitFor();
      await page.locator('[data-testid="save-scores"]').click();
      await page.locator('[data-testid="score-status"]', { hasText: '已保存' }).waitFor();

      await page.locator('[data-testid="back-to-ranking"]').click();
      await row.locator('[data-testid="ranking-total"]', { hasText: '81' }).waitFor();
      assert.equal((await row.locator('.ce-rank').textContent())?.trim(), '1');

      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="export-ranking"]').click()]);
      const path = await download.path();
      assert.ok(path, 'the workbook was saved');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const header = sheet.getRow(1).values as unknown[];
      const fileRow = [...Array(sheet.rowCount).keys()].map((i) => sheet.getRow(i + 1)).find((r) => r.getCell(2).value === COURSE)!;
      assert.ok(fileRow, 'the course is in the file');
      assert.equal(fileRow.getCell(header.indexOf('加权总分')).value, 81);
      assert.equal(fileRow.getCell(header.indexOf('教学设计（10%）')).value, 90);
      assert.equal(fileRow.getCell(header.indexOf('课时')).value, 2);
      assert.equal(fileRow.getCell(1).value, 1);
    }));

  test('the course\u2019s teacher reads the result on the course, read only', () =>
    withPage(browser, server, 'course-evaluation-teacher', async (page) => {
      await signIn(page, 'teacher');
      await page.goto(`/course/detail?courseId=${courseId}&tab=rating`);
      const result = page.locator('[data-testid="course-evaluation-result"]');
      await result.locator('[data-testid="result-total"]', { hasText: '81' }).waitFor();
      await result
        .locator('[data-testid="result-indicator"]', { hasText: '教学设计' })
        .locator('.ce-comment', { hasText: '目标清晰，贴合数控车工岗位' })
        .waitFor();
      assert.equal(await result.locator('input, textarea, button').count(), 0, 'nothing to change');
    }));
});
