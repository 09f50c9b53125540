// Course evaluation (menu 9): managers keep the indicator system,
// score published courses with figures from the data beside each indicator,
// rank and export; a course's teachers read their own result; nobody else.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { publishedCourse } from '../../support/published-course.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { addPerson } from '../courses/courses-school.js';

describe('course evaluation', () => {
  let server: TestServer;
  let teacher: string;
  let student: string;
  let manager: string;
  let otherTeacher: string;
  let courseA: string;
  let courseB: string;
  before(async () => {
    server = await startTestServer();
    teacher = await server.login('teacher');
    student = await server.login('student');
    manager = await server.login('manager');
    otherTeacher = (await addPerson(server, 'teacher-b', ['1'])).token;
    courseA = (await publishedCourse(server, teacher, '数控车床编程')).id;
    courseB = (await publishedCourse(server, teacher, '钳工实训')).id;
  });
  after(() => server.close());

  const system = async () => (await server.api<any[]>('GET', '/course/course-evaluation/indicators', { token: manager })).body.data;

  it('starts from the five usual indicators, weights adding up to 100; a system that does not add up is refused', async () => {
    const indicators = await system();
    assert.deepEqual(
      indicators.map((i) => i.name),
      ['教学设计', '资源建设', '教学实施', 'AI 应用', '学生评价'],
    );
    assert.equal(
      indicators.reduce((n, i) => n + i.weight, 0),
      100,
    );
    const bad = await server.api('PUT', '/course/course-evaluation/indicators', {
      token: manager,
      body: { indicators: [{ name: '教学设计', weight: 50, levels: [] }] },
    });
    assert.equal(bad.status, 400);
    assert.match(bad.body.msg, /权重之和/u);
    assert.equal((await server.api('PUT', '/course/course-evaluation/indicators', { token: teacher, body: { indicators: indicators } })).status, 403);
  });

  it('a manager scores a course; the ranking orders by weighted total; the course\u2019s teacher reads the result, others cannot', async () => {
    const indicators = await system();
    const scoreAll = (courseId: string, score: number) =>
      server.api('PUT', `/course/course-evaluation/courses/${courseId}`, {
        token: manager,
        body: { scores: indicators.map((i: any) => ({ indicatorId: i.id, score, comment: `评语${score}` })) },
      });
    assert.equal((await scoreAll(courseA, 80)).status, 200);
    assert.equal((await scoreAll(courseB, 90)).status, 200);
    const ranking = (await server.api<any>('GET', '/course/course-evaluation/courses', { token: manager })).body.data;
    const ranked = ranking.courses.filter((c: any) => c.total !== null);
    assert.deepEqual(
      ranked.map((c: any) => [c.title, c.total, c.rank]),
      [
        ['钳工实训', 90, 1],
        ['数控车床编程', 80, 2],
      ],
    );
    assert.equal(typeof ranking.courses[0].figures.lessons, 'number');
    assert.equal(ranking.courses.find((c: any) => c.courseId === courseA).figures.students, 1, 'the demo student is enrolled');

    const own = await server.api<any>('GET', `/course/course-evaluation/courses/${courseA}`, { token: teacher });
    assert.equal(own.status, 200);
    assert.equal(own.body.data.total, 80);
    assert.equal(own.body.data.indicators[0].comment, '评语80');
    assert.equal((await server.api('GET', `/course/course-evaluation/courses/${courseA}`, { token: otherTeacher })).status, 404);
    assert.equal((await server.api('GET', `/course/course-evaluation/courses/${courseA}`, { token: student })).status, 403);
    assert.equal((await server.api('GET', '/course/course-evaluation/courses', { token: teacher })).status, 403);
    assert.equal(
      (
        await server.api('PUT', `/course/course-evaluation/courses/${courseA}`, {
          token: teacher,
          body: { scores: [{ indicatorId: indicators[0].id, score: 100, comment: '' }] },
        })
      ).status,
      403,
    );
  });

  it('exports the ranking as XLSX that reads back with the same totals', async () => {
    const res = await fetch(`${server.baseUrl}/new-chat/course/course-evaluation/export`, { headers: { authorization: `Bearer ${manager}` } });
    assert.equal(res.status, 200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = sheet.getRow(1).values as unknown[];
    const totalColumn = header.indexOf('加权总分');
    assert.ok(totalColumn > 0);
    assert.equal(sheet.getRow(2).getCell(2).value, '钳工实训');
    assert.equal(sheet.getRow(2).getCell(totalColumn).value, 90);
  });

  it('every call, for each client type: managers use all; teachers read the system and their own course only; students and the signed-out none', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/course/course-evaluation/indicators'],
      ['PUT', '/course/course-evaluation/indicators', { indicators: await system() }],
      ['GET', '/course/course-evaluation/courses'],
      ['GET', `/course/course-evaluation/courses/${courseA}`],
      ['PUT', `/course/course-evaluation/courses/${courseA}`, { scores: [{ indicatorId: (await system())[0].id, score: 80, comment: '评语80' }] }],
      ['GET', '/course/course-evaluation/export'],
    ];
    const expected: Record<string, number[]> = {
      manager: [200, 200, 200, 200, 200, 200],
      teacher: [200, 403, 403, 200, 403, 403],
      otherTeacher: [200, 403, 403, 404, 403, 403],
      student: [403, 403, 403, 403, 403, 403],
      nobody: [401, 401, 401, 401, 401, 401],
    };
    const tokens: Record<string, string | undefined> = { manager, teacher, otherTeacher, student, nobody: undefined };
    for (const [who, statuses] of Object.entries(expected)) {
      const got = [];
      for (const [method, path, body] of calls) {
        const headers: Record<string, string> = tokens[who] ? { authorization: `Bearer ${tokens[who]}` } : {};
        if (body !== undefined) headers['content-type'] = 'application/json';
        // fetch, not api(): the export answers a workbook, not JSON.
        const res = await fetch(`${server.baseUrl}/new-chat${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
        await res.arrayBuffer();
        got.push(res.status);
      }
      assert.deepEqual(got, statuses, who);
    }
  });

  it('scoring refuses a course that is not published, an indicator that is not in the system and a score above 100', async () => {
    const indicators = await system();
    const draft = (await server.api<{ id: string }>('POST', '/course/courses', { token: teacher, body: { title: '未发布课程' } })).body.data.id;
    const score = (courseId: string, indicatorId: string, value: number) =>
      server.api('PUT', `/course/course-evaluation/courses/${courseId}`, { token: manager, body: { scores: [{ indicatorId, score: value, comment: '' }] } });
    const unpublished = await score(draft, indicators[0].id, 60);
    assert.equal(unpublished.status, 404);
    assert.match(unpublished.body.msg, /已发布/u);
    assert.equal((await score('no-such-course', indicators[0].id, 60)).status, 404);
    const unknown = await score(courseA, 'not-an-indicator', 60);
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.msg, /评价指标不存在/u);
    assert.equal((await score(courseA, indicators[0].id, 101)).status, 400);
    const ranking = (await server.api<any>('GET', '/course/course-evaluation/courses', { token: manager })).body.data;
    assert.ok(!ranking.courses.some((c: any) => c.courseId === draft), 'only published courses are ranked');
    const duplicate = await server.api('PUT', '/course/course-evaluation/indicators', {
      token: manager,
      body: {
        indicators: [
          { name: '甲', weight: 50, levels: [] },
          { name: '甲', weight: 50, levels: [] },
        ],
      },
    });
    assert.equal(duplicate.status, 400);
    assert.match(duplicate.body.msg, /不能重复/u);
  });

  it('figures come from the course\u2019s data, with a suggested score for the indicators the data speaks to', async () => {
    const quiz = (
      await server.api<{ id: string }>('POST', '/course/evaluations', {
        token: teacher,
        body: {
          courseId: courseA,
          title: '单元测验',
          kind: 'quiz',
          releaseMode: 'immediate',
          questions: [{ type: 'judge', stem: 'G00 是快速定位指令。', answer: true, points: 4 }],
        },
      })
    ).body.data.id;
    await server.api('POST', `/course/evaluations/${quiz}/status`, { token: teacher, body: { status: 'published' } });
    const paper = (await server.api<any>('GET', `/course/evaluations/${quiz}/paper`, { token: student })).body.data;
    await server.api('POST', `/course/evaluations/${quiz}/submissions`, {
      token: student,
      body: { answers: [{ questionId: paper.questions[0].id, value: true }] },
    });
    const result = (await server.api<any>('GET', `/course/course-evaluation/courses/${courseA}`, { token: manager })).body.data;
    assert.deepEqual(
      { lessons: result.figures.lessons, students: result.figures.students, evaluationAverage: result.figures.evaluationAverage },
      { lessons: 1, students: 1, evaluationAverage: 1 },
    );
    const byName = (name: string) => result.indicators.find((i: any) => i.name === name);
    assert.equal(byName('学生评价').suggested, 100, 'every point earned in the course\u2019s evaluations');
    assert.equal(byName('教学设计').suggested, null, 'design is the manager\u2019s judgement alone');
  });

  it('students\u2019 survey ratings feed the course\u2019s figures and the suggested 学生评价 score, beside its evaluation results', async () => {
    const survey = (
      await server.api<{ id: string }>('POST', '/course/evaluations', {
        token: teacher,
        body: {
          courseId: courseA,
          title: '课程满意度调查',
          kind: 'survey',
          anonymous: true,
          questions: [
            { type: 'single', stem: '你对本课程满意吗？', options: ['非常满意', '满意', '一般', '不满意'], points: 0 },
            { type: 'judge', stem: '你会向同学推荐这门课吗？', points: 0 },
            { type: 'short', stem: '还有什么建议？', points: 0 },
          ],
        },
      })
    ).body.data.id;
    await server.api('POST', `/course/evaluations/${survey}/status`, { token: teacher, body: { status: 'published' } });
    const paper = (await server.api<any>('GET', `/course/evaluations/${survey}/paper`, { token: student })).body.data;
    const [satisfied, recommend, advice] = paper.questions;
    const sent = await server.api('POST', `/course/evaluations/${survey}/submissions`, {
      token: student,
      body: {
        answers: [
          { questionId: satisfied.id, value: satisfied.options.indexOf('满意') },
          { questionId: recommend.id, value: true },
          { questionId: advice.id, value: '多安排实操' },
        ],
      },
    });
    assert.equal(sent.status, 200, sent.body.msg);
    const result = (await server.api<any>('GET', `/course/course-evaluation/courses/${courseA}`, { token: manager })).body.data;
    // 满意 is the second of four options, best first: 2/3; a yes is 1; the written advice does not rate.
    assert.equal(result.figures.surveyRating, 0.833);
    assert.equal(result.figures.surveyResponses, 1);
    const rated = result.indicators.find((i: any) => i.name === '学生评价');
    assert.equal(rated.suggested, 92, 'the mean of the evaluation results (100%) and the survey rating (83%)');
    const other = (await server.api<any>('GET', `/course/course-evaluation/courses/${courseB}`, { token: manager })).body.data;
    assert.equal(other.figures.surveyRating, null, 'a course no survey rates has no rating');
  });

  it('editing the system keeps the scores of kept indicators; a new indicator leaves the total open until it is scored', async () => {
    const before = await system();
    const kept = before.slice(0, 4).map((i: any) => ({ ...i, weight: 20 }));
    const next = [...kept, { name: '思政融入', weight: 20, levels: ['有机融入', '有所体现', '未体现'] }];
    const saved = await server.api<any[]>('PUT', '/course/course-evaluation/indicators', { token: manager, body: { indicators: next } });
    assert.equal(saved.status, 200);
    assert.deepEqual(
      saved.body.data.map((i: any) => i.name),
      ['教学设计', '资源建设', '教学实施', 'AI 应用', '思政融入'],
    );
    assert.deepEqual(
      saved.body.data.slice(0, 4).map((i: any) => i.id),
      before.slice(0, 4).map((i: any) => i.id),
      'kept indicators keep their ids',
    );
    const result = (await server.api<any>('GET', `/course/course-evaluation/courses/${courseB}`, { token: teacher })).body.data;
    assert.deepEqual(
      result.indicators.map((i: any) => i.score),
      [90, 90, 90, 90, null],
    );
    assert.equal(result.total, null, 'not every indicator is scored yet');
    const added = saved.body.data[4];
    await server.api('PUT', `/course/course-evaluation/courses/${courseB}`, {
      token: manager,
      body: { scores: [{ indicatorId: added.id, score: 40, comment: '' }] },
    });
    const after = (await server.api<any>('GET', `/course/course-evaluation/courses/${courseB}`, { token: teacher })).body.data;
    assert.equal(after.total, 80);
  });
});
