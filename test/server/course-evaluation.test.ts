// Course evaluation (issue 13, menu 9): managers keep the indicator system,
// score published courses with figures from the data beside each indicator,
// rank and export; a course's teachers read their own result; nobody else.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { publishedCourse } from '../support/published-course.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { addPerson } from './courses-school.js';

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
    assert.deepEqual(indicators.map((i) => i.name), ['教学设计', '资源建设', '教学实施', 'AI 应用', '学生评价']);
    assert.equal(indicators.reduce((n, i) => n + i.weight, 0), 100);
    const bad = await server.api('PUT', '/course/course-evaluation/indicators', { token: manager, body: { indicators: [{ name: '教学设计', weight: 50, levels: [] }] } });
    assert.equal(bad.status, 400);
    assert.match(bad.body.msg, /权重之和/u);
    assert.equal((await server.api('PUT', '/course/course-evaluation/indicators', { token: teacher, body: { indicators: indicators } })).status, 403);
  });

  it('a manager scores a course; the ranking orders by weighted total; the course\u2019s teacher reads the result, others cannot', async () => {
    const indicators = await system();
    const scoreAll = (courseId: string, score: number) =>
      server.api('PUT', `/course/course-evaluation/courses/${courseId}`, { token: manager, body: { scores: indicators.map((i: any) => ({ indicatorId: i.id, score, comment: `评语${score}` })) } });
    assert.equal((await scoreAll(courseA, 80)).status, 200);
    assert.equal((await scoreAll(courseB, 90)).status, 200);
    const ranking = (await server.api<any>('GET', '/course/course-evaluation/courses', { token: manager })).body.data;
    const ranked = ranking.courses.filter((c: any) => c.total !== null);
    assert.deepEqual(ranked.map((c: any) => [c.title, c.total, c.rank]), [['钳工实训', 90, 1], ['数控车床编程', 80, 2]]);
    assert.equal(typeof ranking.courses[0].figures.lessons, 'number');
    assert.equal(ranking.courses.find((c: any) => c.courseId === courseA).figures.students, 1, 'the demo student is enrolled');

    const own = await server.api<any>('GET', `/course/course-evaluation/courses/${courseA}`, { token: teacher });
    assert.equal(own.status, 200);
    assert.equal(own.body.data.total, 80);
    assert.equal(own.body.data.indicators[0].comment, '评语80');
    assert.equal((await server.api('GET', `/course/course-evaluation/courses/${courseA}`, { token: otherTeacher })).status, 404);
    assert.equal((await server.api('GET', `/course/course-evaluation/courses/${courseA}`, { token: student })).status, 403);
    assert.equal((await server.api('GET', '/course/course-evaluation/courses', { token: teacher })).status, 403);
    assert.equal((await server.api('PUT', `/course/course-evaluation/courses/${courseA}`, { token: teacher, body: { scores: [{ indicatorId: indicators[0].id, score: 100, comment: '' }] } })).status, 403);
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
});
