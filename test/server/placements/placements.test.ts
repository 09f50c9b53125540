// Work placements: a supervisor places a student, the student logs days from
// the workshop floor, the company mentor signs a week through a link with no
// account (once, before it expires), and the supervisor is told about a
// student gone silent, long hours, night shifts and harm.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dayOf } from '../../../server/modules/courses/index.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { addPerson, userId, type Person } from '../courses/courses-school.js';

const DAY_MS = 86_400_000;

describe('work placements', () => {
  let server: TestServer;
  let teacher: string;
  let manager: string;
  let student: string;
  let studentId: string;
  let teacherId: string;
  let otherTeacher: Person;
  let otherStudent: Person;
  let placementId = '';
  // The placement began 9 days ago: its first week is over.
  const start = dayOf(Date.now() - 9 * DAY_MS);
  const end = dayOf(Date.now() + 60 * DAY_MS);
  const daysAgo = (n: number) => dayOf(Date.now() - n * DAY_MS);

  before(async () => {
    server = await startTestServer();
    [teacher, manager, student] = await Promise.all([server.login('teacher'), server.login('manager'), server.login('student')]);
    [studentId, teacherId] = await Promise.all([userId(server, 'student'), userId(server, 'teacher')]);
    otherTeacher = await addPerson(server, 'teacher3', ['1']);
    otherStudent = await addPerson(server, 'wangwu', ['3']);
  });
  after(() => server.close());

  const api = <T = any>(method: string, path: string, token: string, body?: unknown, headers?: Record<string, string>) =>
    server.api<T>(method, path, { token, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) });
  const placement = (overrides: Record<string, unknown> = {}) => ({
    studentId,
    company: { name: '宁波精工机械有限公司', address: '宁波市北仑区', contact: '人事部 王经理' },
    post: '数控车床操作工',
    startDate: start,
    endDate: end,
    supervisorId: teacherId,
    mentor: { name: '陈师傅', phone: '13800138000' },
    ...overrides,
  });

  it('a supervisor places their student; a teacher cannot name another supervisor, and bad dates and people are refused', async () => {
    const made = await api('POST', '/course/placements', teacher, placement());
    assert.equal(made.status, 200, made.body.msg);
    placementId = made.body.data.id;
    assert.equal((await api('POST', '/course/placements', otherTeacher.token, placement())).status, 403);
    const backwards = await api('POST', '/course/placements', manager, placement({ startDate: end, endDate: start }), { 'accept-language': 'en-US' });
    assert.equal(backwards.status, 400);
    assert.equal(backwards.body.msg, 'The end date cannot be before the start date');
    assert.equal((await api('POST', '/course/placements', manager, placement({ studentId: teacherId }))).status, 400, 'a teacher is not a student');
    assert.equal((await api('POST', '/course/placements', manager, placement({ startDate: '2026-02-30' }))).status, 400);
    assert.equal((await api('POST', '/course/placements', student, placement())).status, 403);
    const read = (await api('GET', `/course/placements/${placementId}`, student)).body.data;
    assert.equal(read.state, 'active', 'begun already, so active');
    assert.equal(read.company.name, '宁波精工机械有限公司');
    assert.equal(read.supervisor.id, teacherId);
  });

  it('the form’s pickers offer student accounts for the student and teacher accounts for the supervisor, to managers and teachers', async () => {
    const pick = async (token: string, role: string, keyword: string) => {
      const res = await api<Array<{ id: string; username: string }>>(
        'GET',
        `/course/placements/people?role=${role}&keyword=${encodeURIComponent(keyword)}`,
        token,
      );
      assert.equal(res.status, 200, res.body.msg);
      return res.body.data.map((p) => p.username);
    };
    assert.deepEqual(await pick(manager, 'student', 'wangwu'), ['wangwu']);
    assert.deepEqual(await pick(manager, 'student', 'teacher'), [], 'a teacher is never offered as the student');
    assert.ok((await pick(manager, 'teacher', 'teacher')).includes('teacher3'));
    assert.deepEqual(await pick(manager, 'teacher', 'wangwu'), [], 'a student is never offered as the supervisor');
    assert.deepEqual(await pick(teacher, 'student', 'wangwu'), ['wangwu']);
    assert.equal((await api('GET', '/course/placements/people?role=student&keyword=w', student)).status, 403);
  });

  it('only the student writes logs, one a day, inside the placement and not in the future; others cannot see it', async () => {
    const log = await api('POST', `/course/placements/${placementId}/logs`, student, {
      date: daysAgo(2),
      text: '学习了数控车床的对刀操作，加工了两件轴类零件。',
      hours: 7.5,
    });
    assert.equal(log.status, 200, log.body.msg);
    const again = await api(
      'POST',
      `/course/placements/${placementId}/logs`,
      student,
      { date: daysAgo(2), text: '再写一次', hours: 1 },
      { 'accept-language': 'en-US' },
    );
    assert.equal(again.status, 409);
    assert.equal(again.body.msg, 'A log for this day has already been sent');
    assert.equal(
      (await api('POST', `/course/placements/${placementId}/logs`, student, { date: dayOf(Date.now() + 2 * DAY_MS), text: '明天', hours: 8 })).status,
      400,
    );
    assert.equal((await api('POST', `/course/placements/${placementId}/logs`, student, { date: daysAgo(30), text: '实习前', hours: 8 })).status, 400);
    assert.equal((await api('POST', `/course/placements/${placementId}/logs`, otherStudent.token, { date: daysAgo(1), text: '别人的', hours: 8 })).status, 404);
    assert.equal((await api('GET', `/course/placements/${placementId}`, otherTeacher.token)).status, 404);
    assert.equal((await api('GET', `/course/placements/${placementId}`, otherStudent.token)).status, 404);
    const logs = (await api('GET', `/course/placements/${placementId}/logs`, teacher)).body.data;
    assert.deepEqual(
      logs.map((l: any) => [l.date, l.hours, l.week]),
      [[daysAgo(2), 7.5, 2]],
    );
  });

  it('a log over the legal hours, on a night shift or telling of an injury alerts the supervisor, once', async () => {
    const long = await api('POST', `/course/placements/${placementId}/logs`, student, {
      date: daysAgo(1),
      text: '赶工，手指被夹伤了，贴了创可贴。',
      hours: 10,
      night: true,
    });
    assert.equal(long.status, 200, long.body.msg);
    const alerts = (await api('GET', `/course/placements/${placementId}`, teacher)).body.data.alerts;
    assert.deepEqual(alerts.map((a: any) => a.kind).sort(), ['hours', 'injury', 'night']);
    assert.equal((await api('GET', `/course/placements/${placementId}`, student)).body.data.alerts.length, 0, 'students do not see the alerts about them');
    const injury = alerts.find((a: any) => a.kind === 'injury');
    assert.equal((await api('POST', `/course/placements/alerts/${injury.id}/handle`, otherTeacher.token, { comment: 'x' })).status, 404);
    assert.equal((await api('POST', `/course/placements/alerts/${injury.id}/handle`, teacher, { comment: '已电话联系企业导师，伤势轻微' })).status, 200);
    const handled = (await api('GET', `/course/placements/${placementId}`, teacher)).body.data.alerts.find((a: any) => a.kind === 'injury');
    assert.equal(handled.handled, true);
    assert.equal(handled.comment, '已电话联系企业导师，伤势轻微');
  });

  it('a listed word in a log is refused by the safety module', async () => {
    const [word] = await server.data.db.selectFrom('safety_words').select('word').where('action', '=', 'block').limit(1).execute();
    assert.ok(word, 'the built-in list has a block word');
    const refused = await api('POST', `/course/placements/${placementId}/logs`, student, { date: daysAgo(3), text: `今天${word.word}`, hours: 8 });
    assert.equal(refused.status, 400);
    assert.equal((await api('GET', `/course/placements/${placementId}/logs`, student)).body.data.length, 2, 'nothing stored');
  });

  it('the mentor signs a week through the link, without an account, once; the link shows that week only', async () => {
    const before = (await api('GET', '/course/placements?mine=1', teacher)).body.data.find((p: any) => p.id === placementId);
    assert.deepEqual(before.unsignedWeeks, [1], 'the first week is over and unsigned');
    assert.equal((await api('POST', `/course/placements/${placementId}/weeks/2/sign-link`, otherTeacher.token)).status, 404);
    assert.equal((await api('POST', `/course/placements/${placementId}/weeks/2/sign-link`, student)).status, 403);
    const link = await api('POST', `/course/placements/${placementId}/weeks/2/sign-link`, teacher);
    assert.equal(link.status, 200, link.body.msg);
    const token = new URL(link.body.data.url).searchParams.get('token')!;
    assert.ok(link.body.data.expiresAt > Date.now());

    const page = await server.api<any>('GET', `/app/api/placement/sign?token=${token}`);
    assert.equal(page.status, 200, page.body.msg);
    assert.equal(page.body.data.week, 2);
    assert.deepEqual(
      page.body.data.logs.map((l: any) => l.date),
      [daysAgo(2), daysAgo(1)],
    );
    assert.equal(page.body.data.alerts, undefined, 'the mentor sees the logs, not the school’s alerts');
    assert.equal(page.body.data.mentor, undefined);

    const signed = await server.api('POST', '/app/api/placement/sign', { body: { token, comment: '操作规范，进步明显。' } });
    assert.equal(signed.status, 200, signed.body.msg);
    const twice = await server.api('POST', '/app/api/placement/sign', { body: { token }, headers: { 'accept-language': 'en-US' } });
    assert.equal(twice.status, 410);
    assert.match(twice.body.msg, /no longer valid/);
    assert.equal((await server.api('GET', `/app/api/placement/sign?token=${token}`)).status, 410);
    assert.equal((await server.api('GET', `/app/api/placement/sign?token=${'x'.repeat(32)}`)).status, 404);

    const after = (await api('GET', `/course/placements/${placementId}`, teacher)).body.data;
    assert.deepEqual(
      after.signedWeeks.map((w: any) => [w.week, w.comment]),
      [[2, '操作规范，进步明显。']],
    );
    const record = await server.data.db
      .selectFrom('operation_records')
      .select(['action', 'object_id', 'ip'])
      .where('action', '=', 'placement-sign')
      .executeTakeFirst();
    assert.equal(record?.object_id, placementId);
    assert.ok(record?.ip, 'the signature is recorded with the address it came from');
  });

  it('an expired link refuses', async () => {
    const link = await api('POST', `/course/placements/${placementId}/weeks/1/sign-link`, teacher);
    const token = new URL(link.body.data.url).searchParams.get('token')!;
    const realNow = server.app.zx.now;
    server.app.zx.now = () => realNow() + 8 * DAY_MS;
    try {
      assert.equal((await server.api('POST', '/app/api/placement/sign', { body: { token } })).status, 410);
    } finally {
      server.app.zx.now = realNow;
    }
  });

  it('a student silent for three days shows with an alert on the supervisor’s list', async () => {
    const quiet = (await api('GET', '/course/placements?mine=1', teacher)).body.data.find((p: any) => p.id === placementId);
    assert.equal(quiet.alerts.filter((a: any) => a.kind === 'silence').length, 0, 'the last log was yesterday');
    const realNow = server.app.zx.now;
    server.app.zx.now = () => realNow() + 3 * DAY_MS;
    try {
      const silent = (await api('GET', '/course/placements?mine=1', teacher)).body.data.find((p: any) => p.id === placementId);
      assert.equal(silent.alerts.filter((a: any) => a.kind === 'silence').length, 1);
      await api('GET', '/course/placements?mine=1', manager);
      const again = (await api('GET', `/course/placements/${placementId}`, teacher)).body.data;
      assert.equal(again.alerts.filter((a: any) => a.kind === 'silence').length, 1, 'one alert for one silence, however often it is read');
    } finally {
      server.app.zx.now = realNow;
    }
  });

  it('a placement ends early only with a reason, and then takes no more logs', async () => {
    assert.equal((await api('POST', `/course/placements/${placementId}/state`, teacher, { state: 'ended' })).status, 400);
    assert.equal((await api('POST', `/course/placements/${placementId}/state`, teacher, { state: 'ended', reason: '企业停产' })).status, 200);
    assert.equal((await api('POST', `/course/placements/${placementId}/state`, teacher, { state: 'active' })).status, 409);
    assert.equal((await api('POST', `/course/placements/${placementId}/logs`, student, { date: daysAgo(0), text: '今天', hours: 8 })).status, 400);
    const all = (await api('GET', '/course/placements', manager)).body.data;
    assert.equal(all.find((p: any) => p.id === placementId).endReason, '企业停产');
  });

  it('the export for the education bureau lists every placement the reader may see, with logs, hours and signed weeks, in their language', async () => {
    const download = async (token: string, language = 'zh-CN') => {
      const res = await fetch(`${server.baseUrl}/new-chat/course/placements/export`, {
        headers: { authorization: `Bearer ${token}`, 'accept-language': language },
      });
      if (res.status !== 200) return { status: res.status, rows: [] as unknown[][], file: '' };
      assert.match(res.headers.get('content-type') ?? '', /spreadsheetml/);
      const ExcelJS = (await import('exceljs')).default;
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
      const sheet = book.worksheets[0]!;
      const rows: unknown[][] = [];
      sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      return {
        status: 200,
        rows,
        sheet: sheet.name,
        file: decodeURIComponent(/filename\*=UTF-8''(.+)$/u.exec(res.headers.get('content-disposition') ?? '')![1]!),
      };
    };
    const logs = (await api('GET', `/course/placements/${placementId}/logs`, manager)).body.data as Array<{ hours: number }>;
    const hours = logs.reduce((sum, l) => sum + l.hours, 0);
    const mine = await download(teacher);
    assert.deepEqual(mine.rows[0], [
      '学生',
      '实习单位',
      '实习岗位',
      '开始日期',
      '结束日期',
      '校内指导教师',
      '企业导师姓名',
      '企业导师电话',
      '实习状态',
      '日志数',
      '工作时长',
      '已签字周次',
    ]);
    assert.equal(mine.rows.length, 2, 'a header and the teacher’s one placement');
    const row = mine.rows[1]!;
    assert.deepEqual(row.slice(1, 5), ['宁波精工机械有限公司', '数控车床操作工', start, end]);
    assert.deepEqual(row.slice(6), ['陈师傅', '13800138000', '提前结束', logs.length, hours, '2']);
    assert.ok(logs.length >= 2, 'logs were written above');
    assert.equal((await download(otherTeacher.token)).rows.length, 1, 'another teacher exports only the header');
    assert.equal((await download(student)).status, 403);
    const english = await download(manager, 'en-US');
    assert.equal(english.sheet, 'Work placements');
    assert.equal(english.file, 'Work placements.xlsx');
    assert.deepEqual(english.rows[0]!.slice(8), ['Placement state', 'Logs', 'Hours worked', 'Weeks signed']);
    assert.equal(english.rows.find((r) => r[1] === '宁波精工机械有限公司')![8], 'Ended early');
  });
});
