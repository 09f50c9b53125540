// Evaluation in Chromium with the stub model over real HTTP: a
// teacher has the AI write questions from a lesson (each draft citing its
// passage), edits one and takes them into the bank, builds a quiz from the
// bank and publishes it to a class; a student takes it at 375 px, reloads
// mid-way (answers kept) and submits; the objective questions are scored at
// once; the short answer is graded by the model with evidence that occurs
// word for word in the answer; the teacher overrides one criterion and
// releases; the student sees the result and asks the course AI about the
// question they got wrong; the analysis and its XLSX export (read back with
// exceljs) hold the right figures; a manager scores the course on the
// indicators beside figures that include this evaluation's average. Then a
// practical assignment: the student uploads a report through the real
// chunked uploader at 375 px, a reload keeps it, and the teacher grading it
// downloads the same bytes, which nobody signed out can read.
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { lastUserText, startStubLlm, type StubLlm } from '../support/stub-llm.js';
import { DEMO_PASSWORD, launchBrowser, signIn, startServer, withPage, type RunningServer } from './support.js';

const COURSE = '数控车床对刀与安全';
const CLASS = '2024级数控技术1班';
const LESSON = '1.1 试切法对刀';
const LESSON_TEXT = [
  '对刀是确定工件坐标系原点在机床坐标系中位置的操作。数控车床常用试切法对刀。',
  '',
  '对刀前必须确认主轴已停止转动，并将进给倍率调到最低。试切外圆后测量直径，把测量值输入刀具补偿界面；再试切端面，把 Z 向位置设为零。',
].join('\n');
const QUIZ = '对刀单元测验';

/** What the model writes for the question writer: one question a line, each citing passage 1. */
const WRITTEN = [
  {
    type: 'single',
    stem: '数控车床常用哪种方法对刀？',
    options: ['试切法', '目测法', '估算法', '随机法'],
    answer: 0,
    points: 2,
    tags: ['对刀'],
    difficulty: 2,
    explanation: '材料说明常用试切法。',
    source: 1,
  },
  {
    type: 'judge',
    stem: '对刀前不需要确认主轴停止。',
    answer: false,
    points: 2,
    tags: ['安全'],
    difficulty: 1,
    explanation: '对刀前必须确认主轴已停止转动。',
    source: 1,
  },
  {
    type: 'short',
    stem: '简述试切法对刀的步骤。',
    answer: '先试切外圆测量直径，再试切端面设 Z 零点。',
    rubric: [
      { criterion: '外圆', points: 5 },
      { criterion: '端面', points: 5 },
    ],
    points: 10,
    tags: ['对刀'],
    difficulty: 3,
    explanation: '',
    source: 1,
  },
];
/** The teacher's edit of the true/false draft, which the student then gets wrong. */
const EDITED_JUDGE = '对刀前必须确认主轴已停止转动。';
const SHORT_ANSWER = '先试切外圆并测量直径，把测量值输入刀具补偿；再试切端面，把 Z 向位置设为零。';
const EVIDENCE = { 外圆: '先试切外圆并测量直径', 端面: '再试切端面' };

const SHOTS = process.env.ZX_SCREENSHOTS ? '.tmp/screenshots/evaluation' : '';
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** The stub model plays three parts, told apart by the system prompt: question writer, grader and course AI. */
function modelReply(body: Record<string, any>): string {
  const system = (body.messages as Array<{ role: string; content: string }>)
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n');
  if (system.includes('命题老师')) return WRITTEN.map((q) => JSON.stringify(q)).join('\n');
  if (system.includes('阅卷助手')) {
    const block = /```json\n([\s\S]*?)\n```/u.exec(lastUserText(body))?.[1] ?? '""';
    const answer = JSON.parse(block) as string;
    const quote = (text: string) => (answer.includes(text) ? [text] : []);
    return JSON.stringify({
      criteria: [
        { criterion: '外圆', level: '优', points: 5, comment: '外圆步骤完整', evidence: quote(EVIDENCE.外圆) },
        { criterion: '端面', level: '良', points: 4, comment: '端面步骤正确', evidence: quote(EVIDENCE.端面) },
      ],
      feedback: '步骤清楚。',
    });
  }
  return `关于这道题：${lastUserText(body).slice(0, 60)}。对刀前必须确认主轴已停止转动，这是安全规范。`;
}

let server: RunningServer;
let browser: Browser;
let stub: StubLlm;
let courseId = '';
let evaluationId = '';
let submissionId = '';

async function token(username: string): Promise<string> {
  const response = await fetch(`${server.url}/new-chat/app/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'client-id': 'app' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  const reply = (await response.json()) as { code: number; msg: string; data: { token: string } };
  assert.equal(reply.code, 200, reply.msg);
  return reply.data.token;
}

async function call<T = any>(bearer: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/new-chat/${path}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, 'client-id': 'app', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = (await response.json()) as { code: number; msg: string; data: T };
  assert.equal(reply.code, 200, `${method} ${path}: ${reply.msg}`);
  return reply.data;
}

async function until<T>(what: string, read: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

before(async () => {
  stub = await startStubLlm({ tokenDelayMs: 2, reply: modelReply });
  server = await startServer({ ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_API_KEY: 'sk-e2e', ZX_LLM_MODELS: 'stub-model' });
  browser = await launchBrowser();
  // The course and its lesson are made through the calls (the courses e2e drives that UI).
  const teacher = await token('teacher');
  const classes = await call<Array<{ id: string; name: string }>>(teacher, 'GET', 'course/classes');
  const demoClass = classes.find((c) => c.name === CLASS);
  assert.ok(demoClass, `the demo class ${CLASS} exists`);
  courseId = (await call<{ id: string }>(teacher, 'POST', 'course/courses', { title: COURSE })).id;
  await call(teacher, 'PUT', `course/courses/${courseId}/classes`, { classIds: [demoClass.id] });
  const chapter = await call<{ id: string }>(teacher, 'POST', `course/courses/${courseId}/chapters`, { title: '第一章 对刀' });
  await call(teacher, 'POST', `course/chapters/${chapter.id}/lessons`, { title: LESSON, content: LESSON_TEXT });
  await call(teacher, 'POST', `course/courses/${courseId}/status`, { status: 'published' });
});

after(async () => {
  await browser?.close();
  await server?.stop();
  await stub?.close();
});

describe('evaluation from AI-written questions to the analysis', () => {
  test('the teacher has the AI write questions from a lesson, edits one and takes them into the bank', () =>
    withPage(browser, server, 'evaluation-bank', async (page) => {
      await signIn(page, 'teacher');
      await page.goto(`/course/evaluation?courseId=${courseId}`);
      await page.locator('zx-evaluation [data-testid="tab-bank"]').click();
      await page.locator('zx-evaluation [data-testid="bank-empty"]').waitFor();
      assert.match(page.url(), /view=bank/u, 'the bank is a place in the URL');
      await page.locator('[data-testid="bank-write"]').click();
      const writer = page.locator('zx-evaluation [data-testid="writer"]');
      await writer.locator('label').filter({ hasText: LESSON }).locator('input').check();
      await writer.locator('[data-testid="writer-count"]').fill('3');
      await writer.locator('[data-testid="writer-start"]').click();
      await writer.locator('[data-testid="writer-status"][data-status="done"]').waitFor({ timeout: 20_000 });
      const drafts = writer.locator('[data-testid="draft"]');
      assert.equal(await drafts.count(), 3);
      assert.equal(await page.locator('zx-evaluation [data-testid="bank-empty"]').count(), 0);
      // Each draft cites the lesson passage it came from; nothing is in the bank yet.
      for (let i = 0; i < 3; i++) {
        const passage = drafts.nth(i).locator('[data-testid="source-passage"]');
        assert.match((await passage.textContent()) ?? '', /1\.1 试切法对刀[\s\S]*对刀是确定工件坐标系原点/u);
      }
      assert.equal(
        (await call<{ total: number }>(await token('teacher'), 'GET', `course/question-bank?courseId=${courseId}`)).total,
        0,
        'no draft is saved unreviewed',
      );
      await shot(page, 'teacher-drafts');

      // Edit the true/false draft into a true statement, then take all three in.
      const judge = writer.locator('[data-testid="draft"][data-type="judge"]');
      await judge.locator('[data-testid="draft-edit"]').click();
      await judge.locator('[data-testid="stem"]').fill(EDITED_JUDGE);
      await judge.getByRole('radio', { name: '正确' }).check();
      await judge.locator('[data-testid="draft-edit"]').click();
      for (let i = 0; i < 3; i++) {
        const draft = drafts.nth(i);
        await draft.locator('[data-testid="draft-accept"]').click();
        await writer.locator('[data-testid="draft"][data-state="accepted"]').nth(i).waitFor();
      }
      await writer.locator('[data-testid="writer-back"]').click();
      const rows = page.locator('zx-evaluation [data-testid="bank-row"]');
      await rows.nth(2).waitFor();
      assert.equal(await rows.count(), 3);
      const stored = await call<{ items: Array<{ type: string; stem: string; answer: unknown; source: { title: string } | null }> }>(
        await token('teacher'),
        'GET',
        `course/question-bank?courseId=${courseId}`,
      );
      const storedJudge = stored.items.find((q) => q.type === 'judge')!;
      assert.deepEqual([storedJudge.stem, storedJudge.answer], [EDITED_JUDGE, true], 'the edit is what was saved');
      assert.ok(
        stored.items.every((q) => q.source?.title === LESSON),
        'every question keeps its source',
      );
      await shot(page, 'teacher-bank');
    }));

  test('the teacher builds a quiz from the bank and publishes it to the class', () =>
    withPage(browser, server, 'evaluation-build', async (page) => {
      await signIn(page, 'teacher');
      await page.goto(`/course/evaluation?courseId=${courseId}`);
      await page.locator('zx-evaluation [data-testid="new-evaluation"]').click();
      const builder = page.locator('zx-evaluation [data-testid="builder"]');
      await builder.locator('[data-testid="title"]').fill(QUIZ);
      await builder.locator('label').filter({ hasText: CLASS }).locator('input').check();
      await builder.locator('[data-testid="draw-count"]').first().fill('3');
      await builder.locator('[data-testid="draw"]').click();
      await builder.locator('[data-testid="question-editor"]').nth(2).waitFor();
      assert.equal(await builder.locator('[data-testid="question-editor"]').count(), 3);
      await shot(page, 'teacher-builder');
      await builder.locator('[data-testid="publish-now"]').click();
      const row = page.locator('zx-evaluation [data-testid="manage-row"]').filter({ hasText: QUIZ });
      await row.waitFor();
      assert.equal(await row.getAttribute('data-status'), 'published');
      const list = await call<Array<{ id: string; title: string }>>(await token('teacher'), 'GET', `course/evaluations?courseId=${courseId}`);
      evaluationId = list.find((e) => e.title === QUIZ)!.id;
    }));

  test('the student takes it at 375 px, reloads mid-way with every answer kept, and submits', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 760 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    try {
      await signIn(page, 'student');
      await page.goto(`/course/list?courseId=${courseId}&tab=evaluations`);
      const row = page.locator('[data-testid="evaluation-row"]').filter({ hasText: QUIZ });
      await row.locator('a').click();
      const paper = page.locator('zx-evaluation-paper [data-testid="paper"]');
      await paper.waitFor();
      const question = (stem: string) => paper.locator('[data-testid="question"]').filter({ hasText: stem });
      await question(WRITTEN[0]!.stem)
        .getByRole('radio', { name: /试切法/u })
        .check();
      await question(EDITED_JUDGE).getByRole('radio', { name: '错误' }).check();
      await page.locator('zx-evaluation-paper [data-testid="save-state"][data-state="saved"]').waitFor({ timeout: 15_000 });
      // Reload with two answers saved, then the short answer, reload again.
      await page.reload();
      await paper.waitFor();
      assert.equal(
        await question(WRITTEN[0]!.stem)
          .getByRole('radio', { name: /试切法/u })
          .isChecked(),
        true,
        'the choice survived the reload',
      );
      assert.equal(await question(EDITED_JUDGE).getByRole('radio', { name: '错误' }).isChecked(), true);
      await question(WRITTEN[2]!.stem).locator('textarea').fill(SHORT_ANSWER);
      await page.locator('zx-evaluation-paper [data-testid="save-state"][data-state="saved"]').waitFor({ timeout: 15_000 });
      await page.reload();
      await paper.waitFor();
      assert.equal(await question(WRITTEN[2]!.stem).locator('textarea').inputValue(), SHORT_ANSWER, 'the short answer survived the reload');
      assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 375, 'nothing scrolls sideways at 375 px');
      await shot(page, 'student-paper-375');
      await paper.locator('button[type="submit"]').click();
      await page.locator('zx-evaluation-paper [data-testid="confirm-submit"]').click();
      await page.locator('zx-evaluation-paper [data-testid="result-pending"]').waitFor();
    } finally {
      await context.close();
    }
    const queue = await call<{ items: Array<{ id: string }> }>(await token('teacher'), 'GET', `course/evaluations/${evaluationId}/submissions`);
    assert.equal(queue.items.length, 1);
    submissionId = queue.items[0]!.id;
  });

  test('objective questions are scored at once and the short answer is graded by the model with evidence quoted from it', async () => {
    const teacher = await token('teacher');
    const graded = await until('the AI grade', async () => {
      const submission = await call<{
        questions: Array<{ stem: string; type: string; score: number | null; criteria?: Array<{ criterion: string; points: number; evidence: string[] }> }>;
      }>(teacher, 'GET', `course/submissions/${submissionId}`);
      const short = submission.questions.find((q) => q.type === 'short')!;
      return short.criteria?.length && short.score !== null ? submission : undefined;
    });
    const byType = (type: string) => graded.questions.find((q) => q.type === type)!;
    assert.equal(byType('single').score, 2);
    assert.equal(byType('judge').score, 0);
    const short = byType('short');
    assert.equal(short.score, 9);
    for (const c of short.criteria!) {
      assert.ok(c.evidence.length > 0, `${c.criterion} has evidence`);
      for (const quote of c.evidence) assert.ok(SHORT_ANSWER.includes(quote), `“${quote}” occurs verbatim in the answer`);
    }
    // The student sees nothing before release.
    const early = await call<{ released: boolean; questions: unknown[] }>(await token('student'), 'GET', `course/submissions/${submissionId}`);
    assert.equal(early.released, false);
    assert.equal(early.questions.length, 0);
  });

  test('the teacher overrides one criterion and releases the results', () =>
    withPage(browser, server, 'evaluation-grade', async (page) => {
      await signIn(page, 'teacher');
      await page.goto(`/course/evaluation?courseId=${courseId}&evaluationId=${evaluationId}&view=grade`);
      await page.locator('zx-evaluation [data-testid="open-submission"]').click();
      const short = page.locator('zx-evaluation [data-testid="graded-question"]').filter({ hasText: WRITTEN[2]!.stem });
      // The AI's evidence is highlighted in the answer.
      await short.locator('.student-answer mark').first().waitFor();
      const endFace = short.getByRole('spinbutton', { name: /端面/u });
      assert.equal(await endFace.inputValue(), '4', 'the AI suggestion is pre-filled');
      await endFace.fill('3');
      await short.locator('[data-testid="save-grade"]').click();
      await short.locator('[data-testid="grade-state"]').filter({ hasText: '已保存' }).waitFor();
      await shot(page, 'teacher-grading');
      await page.goto(`/course/evaluation?courseId=${courseId}&evaluationId=${evaluationId}&view=grade`);
      await page.locator('zx-evaluation [data-testid="release-all"]').click();
      await until(
        'the release',
        async () => (await call<{ released: boolean }>(await token('teacher'), 'GET', `course/evaluations/${evaluationId}/submissions`)).released,
      );
    }));

  test('the student sees the result and asks the course AI about the question they got wrong', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 760 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    try {
      await signIn(page, 'student');
      await page.goto(`/course/list?courseId=${courseId}&tab=evaluations`);
      await page.locator('[data-testid="evaluation-row"]').filter({ hasText: QUIZ }).locator('a').click();
      const result = page.locator('zx-evaluation-paper [data-testid="result"]');
      await result.waitFor();
      assert.match((await result.locator('.result-head h2').textContent()) ?? '', /10\s*\/\s*14/u);
      const wrong = result.locator('[data-testid="result-question"]').filter({ hasText: EDITED_JUDGE });
      assert.match((await wrong.textContent()) ?? '', /0 \/ 2/u);
      await shot(page, 'student-result-375');
      await wrong.locator('button.ask').click();
      const ai = wrong.locator('zx-dialogue');
      await ai.locator('[data-testid="starter"]').click();
      await ai.locator('[data-testid="answer"][data-status="done"]').first().waitFor({ timeout: 20_000 });
      const asked = stub.requests
        .filter((r) => JSON.stringify(r.body.messages ?? []).includes(EDITED_JUDGE) && !JSON.stringify(r.body.messages).includes('阅卷助手'))
        .at(-1);
      assert.ok(asked, 'the wrong question reached the course AI');
      assert.match(lastUserText(asked.body), /我的答案：错误/u, 'with the student’s answer');
      assert.match(lastUserText(asked.body), /对刀是确定工件坐标系原点|对刀前必须确认主轴/u, 'and its source passage');
      assert.match((await ai.locator('[data-testid="answer"] .zx-md').first().textContent()) ?? '', /安全规范/u);
      await shot(page, 'student-ask-375');
    } finally {
      await context.close();
    }
  });

  test('the analysis and its XLSX export hold the right figures', () =>
    withPage(browser, server, 'evaluation-analysis', async (page) => {
      await signIn(page, 'teacher');
      await page.goto(`/course/evaluation?courseId=${courseId}&evaluationId=${evaluationId}&view=analysis`);
      const analysis = page.locator('zx-evaluation [data-testid="analysis"]');
      await analysis.locator('[data-testid="question-stats"]').waitFor();
      assert.match((await analysis.locator('.meta').first().textContent()) ?? '', /交卷 1 人，平均 10 分.*满分 14/u);
      await shot(page, 'teacher-analysis');
      const [download] = await Promise.all([page.waitForEvent('download'), analysis.locator('[data-testid="export-analysis"]').click()]);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
      const students = workbook.getWorksheet('学生成绩')!;
      // The one who handed in first; the class's others after, each with its state (not started).
      assert.equal(students.getRow(2).getCell(1).value, 'student');
      for (let r = 3; r <= students.rowCount; r++) assert.equal(students.getRow(r).getCell(6).value, '未开始');
      assert.equal(students.getRow(2).getCell(4).value, 10);
      assert.equal(students.getRow(2).getCell(5).value, 14);
      const questions = workbook.getWorksheet('试题分析')!;
      const rate = (stem: string) => {
        for (let r = 2; r <= questions.rowCount; r++) if (questions.getRow(r).getCell(3).value === stem) return questions.getRow(r).getCell(6).value;
        return undefined;
      };
      assert.equal(rate(WRITTEN[0]!.stem), 1);
      assert.equal(rate(EDITED_JUDGE), 0);
      const mastery = workbook.getWorksheet('知识点掌握')!;
      const tags = new Map<string, unknown>();
      mastery.eachRow((row, n) => n > 1 && tags.set(String(row.getCell(1).value), row.getCell(2).value));
      assert.equal(tags.get('安全'), 0, 'the wrong true/false question is the weak point');
      assert.ok(Math.abs(Number(tags.get('对刀')) - 10 / 12) < 0.01, `对刀: 2 of 2 plus 8 of 10 points, got ${String(tags.get('对刀'))}`);
    }));

  test('a manager scores the course on the indicators, beside figures from the data', () =>
    withPage(browser, server, 'evaluation-course-score', async (page) => {
      await signIn(page, 'manager');
      await page.goto('/course/list?view=ranking');
      const row = page.locator(`zx-course-evaluation [data-testid="ranking-row"][data-course-id="${courseId}"]`);
      await row.locator('[data-testid="score-course"]').click();
      const scoring = page.locator('zx-course-evaluation [data-testid="course-scoring"]');
      const inputs = scoring.locator('[data-testid="score-input"]');
      await inputs.first().waitFor();
      const count = await inputs.count();
      assert.ok(count >= 5, 'the usual five indicators');
      for (let i = 0; i < count; i++) await inputs.nth(i).fill(String(80 + i));
      await scoring.locator('[data-testid="comment-input"]').first().fill('试切法对刀的题目出自课时原文，质量好。');
      await scoring.locator('[data-testid="save-scores"]').click();
      await scoring.locator('[data-testid="score-status"]').filter({ hasText: '已保存' }).waitFor();
      await shot(page, 'manager-scoring');
      const result = await call<{ total: number | null; figures: { evaluationAverage: number | null }; indicators: Array<{ score: number | null }> }>(
        await token('manager'),
        'GET',
        `course/course-evaluation/courses/${courseId}`,
      );
      assert.deepEqual(
        result.indicators.map((i) => i.score),
        Array.from({ length: count }, (_, i) => 80 + i),
      );
      assert.ok(result.total !== null && result.total >= 80 && result.total <= 80 + count - 1, `a weighted total, got ${result.total}`);
      assert.ok(
        Math.abs((result.figures.evaluationAverage ?? 0) - 10 / 14) < 0.01,
        `the evaluation figure is this quiz's share of points, got ${result.figures.evaluationAverage}`,
      );
    }));
  test('a practical task: the student uploads a report at 375 px, a reload keeps it, the teacher downloads it to grade; nobody else reads it', async () => {
    const teacher = await token('teacher');
    const task = '上传试切法对刀的实训报告。';
    const assignment = await call<{ id: string }>(teacher, 'POST', 'course/evaluations', {
      courseId,
      title: '对刀实训报告',
      kind: 'assignment',
      closesAt: Date.now() + 3_600_000,
      latePolicy: 'penalty',
      latePenalty: 10,
      questions: [{ type: 'practical', stem: task, rubric: [{ criterion: '步骤完整', points: 10 }], points: 10 }],
    });
    await call(teacher, 'POST', `course/evaluations/${assignment.id}/status`, { status: 'published' });
    const report = Buffer.from('试切法对刀实训报告：先试切外圆测量直径，再试切端面设 Z 零点。', 'utf8');

    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 760 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    try {
      await signIn(page, 'student');
      await page.goto(`/course/list?courseId=${courseId}&tab=evaluations`);
      await page.locator('[data-testid="evaluation-row"]').filter({ hasText: '对刀实训报告' }).locator('a').click();
      const paper = page.locator('zx-evaluation-paper [data-testid="paper"]');
      await paper.waitFor();
      await paper.locator('[data-testid="practical-pick"]').setInputFiles({ name: '对刀报告.txt', mimeType: 'text/plain', buffer: report });
      await paper.locator('[data-testid="answer-file"]').filter({ hasText: '对刀报告.txt' }).waitFor({ timeout: 20_000 });
      await page.locator('zx-evaluation-paper [data-testid="save-state"][data-state="saved"]').waitFor({ timeout: 15_000 });
      await page.reload();
      await paper.locator('[data-testid="answer-file"]').filter({ hasText: '对刀报告.txt' }).waitFor();
      assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 375, 'nothing scrolls sideways at 375 px');
      await shot(page, 'student-practical-375');
      await paper.locator('button[type="submit"]').click();
      await page.locator('zx-evaluation-paper [data-testid="confirm-submit"]').click();
      await page.locator('zx-evaluation-paper [data-testid="result-pending"]').waitFor();
    } finally {
      await context.close();
    }

    const queue = await call<{ items: Array<{ id: string }> }>(teacher, 'GET', `course/evaluations/${assignment.id}/submissions`);
    const practicalSubmission = queue.items[0]!.id;
    await withPage(browser, server, 'evaluation-practical-grade', async (page) => {
      await signIn(page, 'teacher');
      await page.goto(`/course/evaluation?courseId=${courseId}&evaluationId=${assignment.id}&view=grade`);
      await page.locator('zx-evaluation [data-testid="open-submission"]').click();
      const link = page.locator('zx-evaluation [data-testid="answer-file-link"]');
      await link.waitFor();
      assert.equal(await link.textContent(), '对刀报告.txt');
      const href = (await link.getAttribute('href'))!;
      const download = await fetch(`${server.url}${href}`);
      assert.equal(download.status, 200, 'the teacher\u2019s signed link downloads the report');
      assert.deepEqual(Buffer.from(await download.arrayBuffer()), report, 'the same bytes the student uploaded');
      await shot(page, 'teacher-practical-grade');
    });
    const fileId = (await call<{ questions: Array<{ files?: Array<{ id: string }> }> }>(teacher, 'GET', `course/submissions/${practicalSubmission}`))
      .questions[0]!.files![0]!.id;
    const manager = await token('manager');
    const asUser = (bearer: string) => fetch(`${server.url}/new-chat/app/api/file/${fileId}`, { headers: { authorization: `Bearer ${bearer}` } });
    assert.equal((await asUser(manager)).status, 200, 'a manager, who reads submissions');
    assert.equal((await fetch(`${server.url}/new-chat/app/api/file/${fileId}`)).status, 404, 'never without a sign-in');
  });
});
