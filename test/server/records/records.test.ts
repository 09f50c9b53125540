// Operation records: who did what, written for every write call,
// readable by managers only, free of secrets, and tamper-evident.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { pruneRecords } from '../../../server/modules/records/prune.js';
import { verifyChain } from '../../../server/modules/records/verify.js';
import { appenderFor } from '../../../server/modules/records/appender.js';
import { readableSummary } from '../../../server/modules/records/readable.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { SERVER_ARGS } from '../../support/cli-server.js';

const execFileAsync = promisify(execFile);

/** `npm run records -- verify` against the test database: exit code and output. */
async function verifyCommand(env: Record<string, string | undefined>): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await execFileAsync(process.execPath, [...SERVER_ARGS, 'records', 'verify'], { env: { ...process.env, ...env } });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

interface RecordItem {
  seq: number;
  time: number;
  username: string;
  clientType: string | null;
  action: string;
  objectType: string;
  objectId: string | null;
  objectName: string | null;
  summary: string;
  summaryText: string;
  ip: string;
  userAgent: string;
  result: 'success' | 'failure';
}

describe('operation records', () => {
  let server: TestServer;
  let teacher: string;
  let manager: string;
  let student: string;

  before(async () => {
    server = await startTestServer();
    teacher = await server.login('teacher');
    manager = await server.login('manager');
    student = await server.login('student');
  });
  after(async () => server.close());

  const records = async (query = '') => {
    const res = await server.api<{ items: RecordItem[]; total: number }>('GET', `/course/board/records${query}`, { token: manager });
    assert.equal(res.status, 200, res.body.msg);
    return res.body.data;
  };
  /** Every stored column of every record, as one string to search for secrets. */
  const everything = async () => JSON.stringify(await server.data.db.selectFrom('operation_records').selectAll().execute());

  it('records a failed sign-in under the account it named, with the address and browser, and no password', async () => {
    const res = await server.api('POST', '/app/api/oauth/token', {
      body: { username: 'Teacher', password: 'wrong-Secret-pw-1' },
      headers: { 'user-agent': 'RecordsTest/1.0' },
    });
    assert.equal(res.status, 400);
    const { items } = await records('?keyword=login&result=failure');
    const failed = items.find((r) => r.username === 'teacher');
    assert.ok(failed, 'a failed sign-in record for teacher');
    assert.equal(failed.action, 'login');
    assert.equal(failed.result, 'failure');
    assert.equal(failed.ip, '127.0.0.1');
    assert.equal(failed.userAgent, 'RecordsTest/1.0');
    assert.equal(failed.clientType, '1');
    assert.doesNotMatch(await everything(), /wrong-Secret-pw-1/);
  });

  it('records successful sign-ins with the client type they signed in as', async () => {
    const { items } = await records('?action=login&result=success');
    assert.ok(items.some((r) => r.username === 'manager' && r.clientType === '2'));
    assert.ok(items.some((r) => r.username === 'student' && r.clientType === '3'));
  });

  it("records a teacher's new course with its id and title, by that teacher", async () => {
    const res = await server.api<{ id: string }>('POST', '/course/courses', {
      token: teacher,
      body: { title: '数控车床编程与操作', description: '对刀与 G 代码' },
    });
    assert.equal(res.status, 200, res.body.msg);
    const { items } = await records('?keyword=数控车床');
    const created = items.find((r) => r.action === 'create' && r.objectType === 'course');
    assert.ok(created, 'a create-course record');
    assert.equal(created.username, 'teacher');
    assert.equal(created.clientType, '1');
    assert.equal(created.objectId, res.body.data.id);
    assert.equal(created.objectName, '数控车床编程与操作');
    assert.match(created.summary, /title=数控车床编程与操作/);
    assert.match(created.summary, /description/);
    // Read by a manager: fields by name, in their language; people's words as written.
    assert.equal(created.summaryText, '标题：数控车床编程与操作；描述');
    const english = await server.api<{ items: RecordItem[] }>('GET', `/course/board/records?keyword=${encodeURIComponent('数控车床')}`, {
      token: manager,
      headers: { 'accept-language': 'en-US' },
    });
    const inEnglish = english.body.data.items.find((r) => r.objectId === res.body.data.id && r.action === 'create');
    assert.equal(inEnglish?.summaryText, 'Title: 数控车床编程与操作; Description');
    assert.doesNotMatch(created.summary, /G 代码/, 'free text is named, not copied');
  });

  it('keeps passwords, tokens and chat text out of every record', async () => {
    const newPassword = 'Brand-New-Secret-9';
    const changed = await server.api('PUT', '/app/user/password/update', { token: student, body: { oldPassword: server.demoPassword, newPassword } });
    assert.equal(changed.status, 200, changed.body.msg);
    const chat = await server.api<{ id: string }>('POST', '/v1/chat', {
      token: (student = await server.login('student', newPassword)),
      body: { title: '我的私人问题：怎么请病假' },
    });
    assert.ok(chat.status < 500);
    const { items } = await records('?action=password');
    assert.equal(items[0]?.username, 'student');
    assert.equal(items[0]?.result, 'success');
    const stored = await everything();
    for (const secret of [newPassword, server.demoPassword, teacher, manager, student, '怎么请病假'])
      assert.ok(!stored.includes(secret), `no record holds ${secret.slice(0, 6)}…`);
  });

  it('answers 403 to teachers and students on every records call', async () => {
    for (const token of [teacher, student]) {
      for (const path of ['/course/board/records', '/course/board/records/export', '/course/board/records/chain']) {
        const res = await server.api('GET', path, { token });
        assert.equal(res.status, 403, `${path} refused`);
      }
    }
    assert.equal((await server.api('GET', '/course/board/records')).status, 401);
  });

  it('pages newest first, and says how many match', async () => {
    const all = await records('?pageSize=200');
    const page2 = await records('?page=2&pageSize=2');
    assert.equal(page2.total, all.total);
    assert.deepEqual(
      page2.items.map((r) => r.seq),
      all.items.slice(2, 4).map((r) => r.seq),
    );
    assert.ok(all.items[0]!.seq > all.items[1]!.seq);
  });

  it('reads a summary in each language: field titles, known codes by name, counts, and what it cannot read as recorded', () => {
    const summary = 'title=焊接实训, kind=quiz, status=published, defaultClientType=3, classIds(2), mystery, enabled=true, +3';
    assert.equal(readableSummary(summary, 'en-US'), 'Title: 焊接实训; Type: Quiz; Status: Published; Role: Student; Class (2); mystery; Enabled: Yes; 3 more');
    assert.equal(readableSummary(summary, 'zh-CN'), '标题：焊接实训；类型：测验；状态：已发布；身份：学生；班级（2）；mystery；启用：是；另有 3 项');
    assert.equal(readableSummary('title=A, B, kind=exam', 'ru-RU'), 'Заголовок: A, B; Тип: Экзамен');
    assert.equal(readableSummary('', 'ko-KR'), '');
  });

  it('exports the records as an XLSX file', async () => {
    const res = await fetch(`${server.baseUrl}/new-chat/course/board/records/export?keyword=teacher`, { headers: { authorization: `Bearer ${manager}` } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /spreadsheetml/);
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = book.worksheets[0]!;
    assert.equal(sheet.getRow(1).getCell(3).value, '用户');
    assert.ok(sheet.rowCount > 1);
    // In English: the headers, the role and the outcome columns.
    const english = await fetch(`${server.baseUrl}/new-chat/course/board/records/export?keyword=teacher`, {
      headers: { authorization: `Bearer ${manager}`, 'accept-language': 'en-US' },
    });
    const englishBook = new ExcelJS.Workbook();
    await englishBook.xlsx.load(Buffer.from(await english.arrayBuffer()) as never);
    const englishSheet = englishBook.worksheets[0]!;
    assert.equal(englishSheet.name, 'Operation records');
    assert.equal(englishSheet.getRow(1).getCell(3).value, 'User');
    assert.ok(
      ['Teacher', 'Manager', 'Student', ''].includes(String(englishSheet.getRow(2).getCell(4).value ?? '')),
      String(englishSheet.getRow(2).getCell(4).value),
    );
    assert.ok(['Success', 'Failed'].includes(String(englishSheet.getRow(2).getCell(12).value)), String(englishSheet.getRow(2).getCell(12).value));
    // Actions, object types and summaries are words, not codes.
    const rows = englishSheet.getSheetValues().slice(2) as unknown[][];
    const created = rows.find((row) => row[9] === 'Title: 数控车床编程与操作; Description');
    assert.ok(created, 'the course record with a readable summary');
    assert.deepEqual([created[5], created[6]], ['Created', 'Course']);
    assert.ok(!rows.some((row) => ['login', 'update', 'publish', 'create'].includes(String(row[5]))), 'no action codes');
    const { items } = await records('?action=export');
    assert.equal(items[0]?.objectType, 'operation_records');
  });

  it('keeps one unbroken chain when many calls write at once', async () => {
    await Promise.all(Array.from({ length: 40 }, (_, i) => server.api('PUT', '/app/user', { token: teacher, body: { nickname: `张老师${i}` } })));
    const report = (await server.api<{ intact: boolean; checked: number }>('GET', '/course/board/records/chain?fresh=true', { token: manager })).body.data;
    assert.equal(report.intact, true);
    assert.ok(report.checked >= 45);
  });

  it('detects a changed, a removed and a cut-off record', async () => {
    const db = server.data.db;
    await appenderFor(db).idle();
    const target = await db.selectFrom('operation_records').select(['seq', 'username']).orderBy('seq').offset(3).limit(1).executeTakeFirstOrThrow();
    await db.updateTable('operation_records').set({ username: 'someone-else' }).where('seq', '=', target.seq).execute();
    let report = await verifyChain(db);
    assert.equal(report.intact, false);
    assert.equal(report.brokenAt, Number(target.seq));
    assert.equal(report.reason, 'hash');
    const api = (await server.api<{ intact: boolean; brokenAt: number }>('GET', '/course/board/records/chain?fresh=true', { token: manager })).body.data;
    assert.equal(api.intact, false);
    const cli = await verifyCommand(server.config.env);
    assert.equal(cli.code, 1, cli.output);
    assert.match(cli.output, new RegExp(`BROKEN at record #${target.seq}`));
    await db.updateTable('operation_records').set({ username: target.username }).where('seq', '=', target.seq).execute();
    assert.equal((await verifyChain(db)).intact, true);

    const last = await db.selectFrom('operation_records').selectAll().orderBy('seq', 'desc').limit(1).executeTakeFirstOrThrow();
    await db.deleteFrom('operation_records').where('seq', '=', last.seq).execute();
    report = await verifyChain(db);
    assert.equal(report.intact, false, 'a cut tail is seen through the head');
    await db.insertInto('operation_records').values(last).execute();

    const middle = await db.selectFrom('operation_records').selectAll().orderBy('seq').offset(5).limit(1).executeTakeFirstOrThrow();
    await db.deleteFrom('operation_records').where('seq', '=', middle.seq).execute();
    report = await verifyChain(db);
    assert.equal(report.intact, false);
    assert.equal(report.reason, 'missing');
    await db.insertInto('operation_records').values(middle).execute();
    assert.equal((await verifyChain(db)).intact, true);
    const intact = await verifyCommand(server.config.env);
    assert.equal(intact.code, 0, intact.output);
    assert.match(intact.output, /chain intact/);
  });

  it('prunes old records and the chain still verifies from the anchor', async () => {
    const db = server.data.db;
    await appenderFor(db).idle();
    const before = await db
      .selectFrom('operation_records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const tenth = await db.selectFrom('operation_records').select('at').orderBy('seq').offset(10).limit(1).executeTakeFirstOrThrow();
    const result = await pruneRecords(db, Number(tenth.at) + 1);
    assert.ok(result.pruned >= 10);
    const afterCount = await db
      .selectFrom('operation_records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    assert.equal(Number(afterCount.n), Number(before.n) - result.pruned + 1, 'the prune itself is recorded');
    const report = await verifyChain(db);
    assert.equal(report.intact, true, report.reason ?? '');
    const { items } = await records('?action=prune');
    assert.equal(items[0]?.objectId, String(result.anchorSeq));
  });
});
