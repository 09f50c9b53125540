// Work placement on the data board: a student's logs and their mentor's
// comments count as evidence for the knowledge points (question tags) and
// competencies (practical tasks' criteria) of the student's own major, and
// for nothing of another major.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dayOf } from '../../../server/modules/courses/index.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { classId, DEMO_CLASS_NAME, userId } from '../courses/courses-school.js';

const DAY_MS = 86_400_000;
const daysAgo = (n: number) => dayOf(Date.now() - n * DAY_MS);

interface Evidence {
  logs: number;
  comments: number;
  students: number;
  knowledgePoints: Array<{ name: string; major: string; logs: number; comments: number; students: number }>;
  competencies: Array<{ name: string; major: string; logs: number; comments: number; students: number }>;
}

describe('placement evidence on the data board', () => {
  let server: TestServer;
  let teacher: string;
  let manager: string;
  let student: string;

  const call = async <T = any>(method: string, path: string, token: string, body?: unknown): Promise<T> => {
    const res = await server.api<T>(method, path, { token, ...(body !== undefined ? { body } : {}) });
    assert.equal(res.status, 200, `${method} ${path}: ${res.body.msg}`);
    return res.body.data;
  };

  /** A course of the major with one question tagged with knowledge points and one practical task judged by competencies. */
  const majorCourse = async (category: string, tags: string[], criteria: string[]) => {
    const course = await call<{ id: string }>('POST', '/course/courses', teacher, { title: `${category}课程`, category });
    await call('POST', '/course/evaluations', teacher, {
      courseId: course.id,
      kind: 'assignment',
      title: `${category}实训`,
      questions: [
        { type: 'judge', stem: '测量前应校零。', answer: true, points: 2, tags },
        { type: 'practical', stem: '上传加工过程的照片。', points: 10, rubric: criteria.map((criterion) => ({ criterion, points: 10 / criteria.length })) },
      ],
    });
  };

  before(async () => {
    server = await startTestServer();
    [teacher, manager, student] = await Promise.all([server.login('teacher'), server.login('manager'), server.login('student')]);
    const major = await call<{ value: string }>('POST', '/course/admin/dictionaries/major', manager, { label: '数控技术应用', value: 'cnc' });
    await call('PUT', `/course/admin/classes/${await classId(server, DEMO_CLASS_NAME)}`, manager, { major: major.value });
    await majorCourse('数控技术应用', ['对刀', '千分尺'], ['安全规范', '尺寸精度']);
    await majorCourse('电子商务', ['直播'], ['客服话术']);

    const placement = await call<{ id: string }>('POST', '/course/placements', teacher, {
      studentId: await userId(server, 'student'),
      company: '宁波精工机械有限公司',
      post: '数控车床操作工',
      startDate: daysAgo(9),
      endDate: dayOf(Date.now() + 30 * DAY_MS),
      supervisorId: await userId(server, 'teacher'),
      mentor: { name: '陈师傅', phone: '13800138000' },
    });
    const log = (date: string, text: string) => call('POST', `/course/placements/${placement.id}/logs`, student, { date, text, hours: 8 });
    await log(daysAgo(9), '今天学会用千分尺测量轴径，牢记安全规范。');
    await log(daysAgo(8), '练习对刀，再用千分尺复测。');
    await log(daysAgo(7), '午休时看同事做直播。');
    const link = await call<{ url: string }>('POST', `/course/placements/${placement.id}/weeks/1/sign-link`, teacher);
    const token = new URL(link.url).searchParams.get('token')!;
    const signed = await server.api('POST', '/app/api/placement/sign', { body: { token, comment: '对刀熟练，尺寸精度达标。' } });
    assert.equal(signed.status, 200, signed.body.msg);
  });
  after(() => server.close());

  const board = (query = '') => call<{ placements: Evidence }>('GET', `/course/board/summary?from=${daysAgo(20)}&to=${daysAgo(0)}${query}`, manager);

  it('counts logs and mentor comments for the knowledge points and competencies of the student’s major they name', async () => {
    const { placements } = await board();
    assert.deepEqual([placements.logs, placements.comments, placements.students], [3, 1, 1]);
    assert.deepEqual(placements.knowledgePoints, [
      { name: '千分尺', major: '数控技术应用', logs: 2, comments: 0, students: 1 },
      { name: '对刀', major: '数控技术应用', logs: 1, comments: 1, students: 1 },
    ]);
    assert.deepEqual(placements.competencies, [
      { name: '安全规范', major: '数控技术应用', logs: 1, comments: 0, students: 1 },
      { name: '尺寸精度', major: '数控技术应用', logs: 0, comments: 1, students: 1 },
    ]);
  });

  it('follows the board’s major filter: another major’s points get no evidence from this student', async () => {
    const other = await board(`&major=${encodeURIComponent('电子商务')}`);
    assert.deepEqual([other.placements.logs, other.placements.comments, other.placements.knowledgePoints], [0, 0, []]);
    const own = await board(`&major=${encodeURIComponent('数控技术应用')}`);
    assert.equal(own.placements.knowledgePoints.length, 2);
  });

  it('the board’s workbook lists the evidence, in the reader’s language', async () => {
    const res = await fetch(`${server.baseUrl}/new-chat/course/board/export?from=${daysAgo(20)}&to=${daysAgo(0)}`, {
      headers: { authorization: `Bearer ${manager}`, 'accept-language': 'en-US' },
    });
    assert.equal(res.status, 200);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const rows: unknown[][] = [];
    book.getWorksheet('Placement evidence')!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    assert.deepEqual(rows, [
      ['Type', 'Knowledge point or competency', 'Major', 'Placement logs', 'Mentor’s comment', 'Student'],
      ['Knowledge point', '千分尺', '数控技术应用', 2, 0, 1],
      ['Knowledge point', '对刀', '数控技术应用', 1, 1, 1],
      ['Competency', '安全规范', '数控技术应用', 1, 0, 1],
      ['Competency', '尺寸精度', '数控技术应用', 0, 1, 1],
    ]);
  });

  it('counts only what was written in the board’s range', async () => {
    const before = await call<{ placements: Evidence }>('GET', `/course/board/summary?from=${daysAgo(40)}&to=${daysAgo(30)}`, manager);
    assert.deepEqual([before.placements.logs, before.placements.comments, before.placements.knowledgePoints], [0, 0, []]);
  });
});
