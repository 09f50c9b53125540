// The data board summary: figures a school leader reads, the same
// from roll-ups (past days) and raw rows (today), managers only.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dayOf } from '../../../server/modules/courses/days.js';
import { chatRow, insertChats, questionAndAnswer } from '../../support/board-rows.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { publishedCourse } from '../../support/published-course.js';
import { userId } from '../courses/courses-school.js';

const DAY = 24 * 3600_000;

describe('data board summary', () => {
  let server: TestServer;
  let teacher: string;
  let manager: string;
  let student: string;
  const today = dayOf(Date.now());
  const weekAgo = dayOf(Date.now() - 6 * DAY);

  before(async () => {
    server = await startTestServer({ env: { ZX_MODEL_PRICES: '{"model-a": {"input": 2, "output": 8}}' } });
    teacher = await server.login('teacher');
    manager = await server.login('manager');
    student = await server.login('student');
    const studentId = await userId(server, 'student');
    const teacherId = await userId(server, 'teacher');
    const now = Date.now();
    // Three days ago (rolled up), today (live), and ten days ago (the previous period).
    const past = chatRow(studentId, now - 3 * DAY, 'model-a');
    const todays = chatRow(studentId, now - 1000, 'model-b');
    const older = chatRow(teacherId, now - 10 * DAY, 'model-a');
    await insertChats(
      server.data.db,
      [past, todays, older],
      [
        ...questionAndAnswer(past, now - 3 * DAY, '数控车床怎么对刀', [1000, 2000], true),
        ...questionAndAnswer(past, now - 3 * DAY + 60_000, '数控车床G代码', [1000, 2000]),
        ...questionAndAnswer(todays, now - 1000, '对刀的步骤'),
        ...questionAndAnswer(older, now - 10 * DAY, '备课'),
      ],
    );
    // The first call starts the roll-up of the history in the background; the figures below are the full ones.
    for (let i = 0; (await summary(`from=${weekAgo}&to=${today}`)).body.data.computing !== null; i++) {
      assert.ok(i < 400, 'the roll-up finishes');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  after(async () => server.close());

  const summary = async (query: string, token = manager) => server.api<any>('GET', `/course/board/summary?${query}`, { token });

  it('counts questions, active people, tokens and cost for the range, per day and per model', async () => {
    const res = await summary(`from=${weekAgo}&to=${today}`);
    assert.equal(res.status, 200, res.body.msg);
    const data = res.body.data;
    assert.equal(data.questions, 3);
    assert.ok(data.activeUsers >= 3, 'the student and the three who signed in today');
    assert.equal(data.users.activeByClientType['3'], 1);
    const models = Object.fromEntries(data.models.map((m: any) => [m.model, m]));
    assert.equal(models['model-a'].questions, 2);
    assert.equal(models['model-a'].promptTokens, 2000);
    assert.equal(models['model-a'].cost, 0.04, '2000 × 2 + 4000 × 8 per million');
    assert.equal(models['model-b'].cost, null, 'no price, no cost');
    assert.equal(data.daily.length, 7);
    assert.equal(data.daily.at(-1).questions, 1);
    assert.equal(data.daily.at(-4).questions, 2);
    assert.equal(data.daily.at(-4).active['3'], 1);
    assert.equal(data.knowledge.groundedShare, 33.3);
    assert.ok(
      data.topics.some((t: any) => t.term.includes('数控') || t.term.includes('对刀')),
      JSON.stringify(data.topics),
    );
  });

  it('compares with the previous period of the same length', async () => {
    const data = (await summary(`from=${weekAgo}&to=${today}`)).body.data;
    assert.equal(data.previous.questions, 1);
    assert.equal(data.previousRange.to, dayOf(Date.now() - 7 * DAY));
  });

  it('gives the same figures on a second call (from the roll-ups)', async () => {
    const first = (await summary(`from=${weekAgo}&to=${today}`)).body.data;
    const second = (await summary(`from=${weekAgo}&to=${today}`)).body.data;
    assert.deepEqual(second.daily, first.daily);
    assert.equal(second.rolledUntil, today);
  });

  it('filters by class', async () => {
    const classRow = await server.data.db.selectFrom('classes').select('id').executeTakeFirstOrThrow();
    const data = (await summary(`from=${weekAgo}&to=${today}&classId=${classRow.id}`)).body.data;
    assert.equal(data.questions, 3, 'the demo student is in the demo class');
    const empty = (await summary(`from=${weekAgo}&to=${today}&courseId=no-such-course`)).body.data;
    assert.equal(empty.questions, 0);
  });

  it('the evaluations’ average is the share of points earned, so a 10-point quiz and a 100-point exam average sensibly', async () => {
    const courseId = (await publishedCourse(server, teacher, '数控编程')).id;
    const takeOne = async (title: string, points: number, choice: number) => {
      const questions = [{ type: 'single', stem: `${title}：主轴功能字是？`, options: ['S', 'F'], answer: 0, points }];
      const created = await server.api<{ id: string }>('POST', '/course/evaluations', { token: teacher, body: { courseId, title, kind: 'quiz', questions } });
      const id = created.body.data.id;
      await server.api('POST', `/course/evaluations/${id}/status`, { token: teacher, body: { status: 'published' } });
      const paper = await server.api<any>('GET', `/course/evaluations/${id}/paper`, { token: student });
      const answers = [{ questionId: paper.body.data.questions[0].id, value: choice }];
      assert.equal((await server.api('POST', `/course/evaluations/${id}/submissions`, { token: student, body: { answers } })).status, 200);
    };
    await takeOne('单元小测', 10, 0); // 10 of 10
    await takeOne('期末考试', 100, 1); // 0 of 100
    const { evaluations } = (await summary(`from=${weekAgo}&to=${today}&courseId=${courseId}`)).body.data;
    assert.equal(evaluations.submissions, 2);
    assert.equal(evaluations.averageRate, 50, 'full marks on one, none on the other: half the points on average (not 5 "points")');
    const byTitle = Object.fromEntries(evaluations.byEvaluation.map((e: any) => [e.title, [e.averageScore, e.maxScore]]));
    assert.deepEqual(byTitle, { 单元小测: [10, 10], 期末考试: [0, 100] });
  });

  it('exports the board as an XLSX file, one sheet per part', async () => {
    const res = await fetch(`${server.baseUrl}/new-chat/course/board/export?from=${weekAgo}&to=${today}`, { headers: { authorization: `Bearer ${manager}` } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /spreadsheetml/);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    assert.deepEqual(book.worksheets.map((s) => s.name).slice(0, 3), ['概览', '每日', '模型']);
    assert.equal(book.getWorksheet('每日')!.rowCount, 8, 'a header and 7 days');
  });

  it('exports in the reader’s language: sheet names, headers, row labels and the file name; what people wrote stays', async () => {
    const download = async (language: string) => {
      const res = await fetch(`${server.baseUrl}/new-chat/course/board/export?from=${weekAgo}&to=${today}`, {
        headers: { authorization: `Bearer ${manager}`, 'accept-language': language },
      });
      assert.equal(res.status, 200);
      const ExcelJS = (await import('exceljs')).default;
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
      return { book, file: decodeURIComponent(/filename\*=UTF-8''(.+)$/u.exec(res.headers.get('content-disposition') ?? '')![1]!) };
    };
    const english = await download('en-US');
    assert.deepEqual(english.book.worksheets.map((s) => s.name).slice(0, 3), ['Overview', 'Daily', 'Model']);
    const overview = english.book.getWorksheet('Overview')!;
    assert.deepEqual((overview.getRow(1).values as unknown[]).slice(1), ['Measure', 'This period', 'Previous period']);
    assert.equal(overview.getCell('A3').value, 'AI questions');
    assert.equal(english.file, `Data board-${weekAgo}-${today}.xlsx`);
    // Sheet names, headers and the overview's row labels are the server's words; the rest of the cells are what people wrote.
    const serverWords = [
      ...english.book.worksheets.flatMap((sheet) => [sheet.name, ...(sheet.getRow(1).values as unknown[]).slice(1)]),
      ...(overview.getColumn(1).values as unknown[]).slice(1),
    ];
    assert.deepEqual(
      serverWords.filter((v) => typeof v === 'string' && /[\u4e00-\u9fff]/u.test(v)),
      [],
    );
    const russian = await download('ru-RU');
    assert.equal(russian.book.worksheets[0]!.name, 'Обзор');
    const chinese = await download('zh-CN');
    assert.equal(chinese.book.worksheets[0]!.name, '概览');
    assert.equal(chinese.file, `数据看板-${weekAgo}-${today}.xlsx`);
  });

  it('refuses a wrong range with a message', async () => {
    assert.equal((await summary(`from=${today}&to=${weekAgo}`)).status, 400);
    assert.equal((await summary('from=2025-02-30&to=2025-03-01')).status, 400);
  });

  it('answers 403 to teachers and students on every board call', async () => {
    for (const token of [teacher, student]) {
      assert.equal((await summary(`from=${weekAgo}&to=${today}`, token)).status, 403);
      assert.equal((await server.api('GET', '/course/board/filters', { token })).status, 403);
    }
    const filters = await server.api<any>('GET', '/course/board/filters', { token: manager });
    assert.equal(filters.status, 200);
    assert.ok(filters.body.data.classes.length >= 1);
  });
});
