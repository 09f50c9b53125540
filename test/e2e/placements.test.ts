// Work placement end to end, on a 375 px phone, against the built server:
// a student writes the day's log with a photo (the chunked uploader); the
// supervisor makes the week's signing link; the company mentor opens it with
// no account, signs, and the same link then refuses; the supervisor sees the
// week signed; when the student stops writing for three days (the server's
// test clock moved on) they appear with an alert; a manager places another
// student, both people picked from searched lists; the bureau's export lists
// every placement with its signed weeks.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiCall, apiToken, go, launchBrowser, signIn, startServer, withPage, type RunningServer } from './support.js';
import { violations } from './axe.js';

const PHONE = { width: 375, height: 812 };
const DAY_MS = 86_400_000;

/** YYYY-MM-DD in this machine's time zone (the server's, which runs here too). */
function day(offsetDays: number): string {
  const d = new Date(Date.now() + offsetDays * DAY_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const SIDEWAYS = `Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) > window.innerWidth`;

describe('work placement on a phone', () => {
  let browser: Browser;
  let server: RunningServer;
  let dir: string;
  let clockFile: string;
  let photo: string;
  let placementId: string;
  let signUrl = '';

  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'zx-e2e-placements-'));
    clockFile = path.join(dir, 'clock-offset');
    photo = path.join(dir, 'lathe.png');
    // A 1×1 PNG.
    await writeFile(photo, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
    await writeFile(clockFile, '0');
    server = await startServer({ NODE_ENV: 'test', ZX_TEST_CLOCK: clockFile });
    browser = await launchBrowser();

    const [teacher, manager] = [await apiToken(server, 'teacher'), await apiToken(server, 'manager')];
    const pick = async (role: string, keyword: string) =>
      (await apiCall<Array<{ id: string; username: string }>>(server, manager, 'GET', `course/placements/people?role=${role}&keyword=${keyword}`)).find(
        (p) => p.username === keyword,
      )!.id;
    const [studentId, teacherId] = [await pick('student', 'student'), await pick('teacher', 'teacher')];
    const placement = (body: Record<string, unknown>) =>
      apiCall<{ id: string }>(server, teacher, 'POST', 'course/placements', {
        company: { name: '宁波精工机械有限公司', address: '宁波市北仑区' },
        post: '数控车床操作工',
        endDate: day(60),
        supervisorId: teacherId,
        mentor: { name: '陈师傅', phone: '13800138000' },
        ...body,
      });
    // Week 1 is the seven days before today, so it is over and waits for the mentor.
    placementId = (await placement({ studentId, startDate: day(-7) })).id;
    const student = await apiToken(server, 'student');
    await apiCall(server, student, 'POST', `course/placements/${placementId}/logs`, { date: day(-2), text: '熟悉车间安全规程，学习对刀。', hours: 8 });
    // A second student, whom a manager places from next month (below).
    await apiCall(server, manager, 'POST', 'course/admin/users', { username: 'zhoujie', name: '周杰', clientTypes: ['3'] });
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const onPhone = (name: string, user: string | null, flow: (page: Page) => Promise<void>) =>
    withPage(browser, server, name, async (page) => {
      await page.setViewportSize(PHONE);
      if (user) {
        await signIn(page, user);
        await go(page, '/course/placements');
      }
      await flow(page);
    });

  it('a student writes the day’s log with a photo on the phone', () =>
    onPhone('placements-student-log', 'student', async (page) => {
      const form = page.locator('[data-testid="log-form"]');
      await form.waitFor();
      // Notes first: with no model configured, the AI's help sets them out under the log's headings and says so.
      await form.locator('[data-testid="log-text"]').fill('上午车削轴套 20 件\n下午学会用千分尺测量');
      await form.locator('[data-testid="log-ai-notes"]').click();
      await form.locator('[data-testid="log-ai-note"]').waitFor();
      assert.equal(
        await form.locator('[data-testid="log-text"]').inputValue(),
        ['今天做了什么', '- 上午车削轴套 20 件', '- 下午学会用千分尺测量', '', '学到了什么', '- （写下今天学到的一两点）'].join('\n'),
      );
      assert.deepEqual(await violations(page, 'placement student', 'zx-placement-student'), []);
      await page.setViewportSize(PHONE);
      await form.locator('[data-testid="log-text"]').fill('上午车削轴套 20 件，下午学会用千分尺测量。');
      await form.locator('[data-testid="log-hours"]').fill('7.5');
      await form.locator('[data-testid="log-photos"]').setInputFiles(photo);
      // The photos field counts the photo once the chunked uploader has it; sending waits for that.
      await form
        .locator('label', { has: page.locator('[data-testid="log-photos"]') })
        .locator('.field-hint', { hasText: /^1$/u })
        .waitFor();
      await form.locator('[data-testid="log-send"]:enabled').waitFor();
      await form.locator('[data-testid="log-send"]').click();
      const sent = page.locator('[data-testid="sent-log"]');
      await sent.filter({ hasText: '千分尺' }).waitFor();
      assert.equal(await sent.count(), 2, 'today’s log and the one before are listed');
      assert.equal(await page.evaluate(SIDEWAYS), false, 'the page scrolls sideways at 375 px');
      const logs = await apiCall<Array<{ date: string; fileIds: string[] }>>(
        server,
        await apiToken(server, 'student'),
        'GET',
        `course/placements/${placementId}/logs`,
      );
      assert.deepEqual(
        logs.map((l) => [l.date, l.fileIds.length]),
        [
          [day(-2), 0],
          [day(0), 1],
        ],
        'the photo went with today’s log',
      );
    }));

  it('the supervisor makes week 1’s link; the mentor signs with no account; the link then refuses; the supervisor sees the week signed', async () => {
    await onPhone('placements-sign-link', 'teacher', async (page) => {
      const student = page.locator('[data-testid="supervised"]').filter({ hasText: '宁波精工机械有限公司' });
      await student.locator('[data-testid="unsigned-week"][data-week="1"] [data-testid="sign-link"]').click();
      signUrl = (await page.locator('[data-testid="sign-url"]').textContent())!.trim();
      assert.match(signUrl, /\/placement\/sign\?token=/u);
      assert.equal(await page.evaluate(SIDEWAYS), false);
    });
    const { pathname, search } = new URL(signUrl);
    await onPhone('placements-mentor-signs', null, async (page) => {
      await page.goto(pathname + search);
      const sign = page.locator('[data-testid="placement-sign"]');
      await sign.locator('[data-testid="sent-log"]').filter({ hasText: '熟悉车间安全规程' }).waitFor();
      assert.equal(await sign.locator('[data-testid="sent-log"]').count(), 1, 'the link shows that week’s log and nothing else');
      assert.deepEqual(await violations(page, 'mentor sign', 'zx-placement-sign'), []);
      await page.setViewportSize(PHONE);
      await sign.locator('[data-testid="sign-comment"]').fill('态度认真，对刀熟练。');
      await sign.locator('[data-testid="sign-submit"]').click();
      await sign.locator('[data-testid="sign-done"]').waitFor();
      assert.equal(await page.evaluate(SIDEWAYS), false);
      await page.reload();
      await page.locator('[data-testid="sign-refused"]').waitFor();
      assert.equal(await page.locator('[data-testid="sent-log"]').count(), 0, 'a used link shows nothing of the placement');
    });
    await onPhone('placements-supervisor-sees-signed', 'teacher', async (page) => {
      const student = page.locator('[data-testid="supervised"]').filter({ hasText: '宁波精工机械有限公司' });
      await student.locator('[data-testid="signed-weeks"]').waitFor();
      assert.match((await student.locator('[data-testid="signed-weeks"]').textContent())!, /第 1 周/u);
      assert.equal(await student.locator('[data-testid="unsigned-week"][data-week="1"]').count(), 0);
      assert.equal(await student.locator('[data-testid="placement-alert"][data-kind="silence"]').count(), 0, 'a student writing daily is not silent');
    });
  });

  it('a student who stops writing for three days appears with an alert', async () => {
    await writeFile(clockFile, String(3 * DAY_MS + 60_000));
    try {
      await onPhone('placements-silence', 'teacher', async (page) => {
        const student = page.locator('[data-testid="supervised"]').filter({ hasText: '宁波精工机械有限公司' });
        await student.locator('[data-testid="placement-alert"][data-kind="silence"]').waitFor();
        assert.equal(await page.evaluate(SIDEWAYS), false);
        assert.deepEqual(await violations(page, 'placement supervisor', 'zx-placement-supervisor'), []);
      });
    } finally {
      await writeFile(clockFile, '0');
    }
  });

  it('a manager places a student picked by name, under a teacher picked from the list', () =>
    onPhone('placements-manager-creates', 'manager', async (page) => {
      const form = page.locator('[data-testid="placement-create"]');
      await form.locator('[data-testid="create-student-search"]').fill('周杰');
      await form.locator('[data-testid="create-student-option"][data-username="zhoujie"]').click();
      await form.locator('[data-testid="create-student-chosen"]').waitFor();
      await form.locator('[data-testid="create-supervisor-search"]').fill('teacher');
      await form.locator('[data-testid="create-supervisor-option"][data-username="teacher"]').click();
      for (const [name, value] of [
        ['company', '杭州电子装配厂'],
        ['post', '装配工'],
        ['startDate', day(30)],
        ['endDate', day(90)],
        ['mentorName', '吴师傅'],
        ['mentorPhone', '13900139000'],
      ] as const)
        await form.locator(`[data-testid="create-${name}"]`).fill(value);
      await form.locator('[data-testid="create-submit"]').click();
      await page.locator('[data-testid="supervised"][data-student="周杰"]').waitFor();
      assert.equal(await page.evaluate(SIDEWAYS), false);
    }));

  it('the export lists every placement with its signed weeks', async () => {
    const res = await fetch(`${server.url}/new-chat/course/placements/export`, {
      headers: { authorization: `Bearer ${await apiToken(server, 'manager')}`, 'accept-language': 'zh-CN' },
    });
    assert.equal(res.status, 200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const [headers, ...placements] = rows;
    const column = (name: string) => (headers as string[]).indexOf(name);
    assert.deepEqual(placements.map((r) => [r[column('实习单位')], r[column('实习状态')], r[column('日志数')], r[column('已签字周次')] ?? '']).sort(), [
      ['宁波精工机械有限公司', '实习中', 2, '1'],
      ['杭州电子装配厂', '未开始', 0, ''],
    ]);
  });
});
