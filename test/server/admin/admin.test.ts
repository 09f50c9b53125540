// School administration: every admin call refused (403) to
// teachers, students and managers without the admin right; disabling, the
// one-time password flow, roster import from the browser, model providers
// that take effect without a restart (and whose key never comes back), site
// settings served by the public calls.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { hashPassword } from '../../../server/modules/account/passwords.js';
import { createUser } from '../../../server/modules/account/store.js';
import { eventOf, postSse, streamedText } from '../../support/sse-client.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { startStubLlm, type StubLlm } from '../../support/stub-llm.js';

const SECRET_KEY = 'sk-school-admin-never-leak-9876';

let server: TestServer;
let stub: StubLlm;
let manager: string;
let teacher: string;
let student: string;
let plainManager: string;

before(async () => {
  stub = await startStubLlm({ tokenDelayMs: 1 });
  server = await startTestServer({ env: { ZX_SECRET_KEY: 'a-long-server-secret-for-tests-1234567890' } });
  // A manager without the admin right.
  await createUser(
    server.data.db,
    { username: 'manager2', name: '赵副主任', passwordHash: await hashPassword('manager2-pass-1'), clientTypes: ['2'] },
    Date.now(),
  );
  [manager, teacher, student, plainManager] = await Promise.all([
    server.login('manager'),
    server.login('teacher'),
    server.login('student'),
    server.login('manager2', 'manager2-pass-1'),
  ]);
});
after(async () => {
  await server?.close();
  await stub?.close();
});

const upload = (token: string, name: string, content: Buffer | string) => server.uploadFile(token, name, content);

const userCount = async () => (await server.data.db.selectFrom('users').select('id').execute()).length;
const userId = async (username: string) =>
  (await server.data.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

describe('who may call the admin API', () => {
  const calls: Array<[string, string, unknown?]> = [
    ['GET', '/course/admin/users'],
    ['POST', '/course/admin/users', { username: 'nobody1', name: '无', clientTypes: ['3'] }],
    ['GET', '/course/admin/users/someid'],
    ['PUT', '/course/admin/users/someid', { name: 'x' }],
    ['POST', '/course/admin/users/someid/disable'],
    ['POST', '/course/admin/users/someid/enable'],
    ['POST', '/course/admin/users/someid/password/reset'],
    ['GET', '/course/admin/menus'],
    ['POST', '/course/admin/users/import', { fileId: 'nofile' }],
    ['GET', '/course/admin/users/import/template?format=csv'],
    ['GET', '/course/admin/classes'],
    ['POST', '/course/admin/classes', { name: '新班' }],
    ['PUT', '/course/admin/classes/someid', { name: '新班' }],
    ['DELETE', '/course/admin/classes/someid'],
    ['GET', '/course/admin/dictionaries/major'],
    ['POST', '/course/admin/dictionaries/term', { label: '学期' }],
    ['PUT', '/course/admin/dictionaries/term/2024-1', { label: '学期' }],
    ['DELETE', '/course/admin/dictionaries/term/2024-1'],
    ['GET', '/course/admin/models'],
    ['POST', '/course/admin/models/providers', { name: 'x', baseUrl: 'http://127.0.0.1:9/v1', models: [{ name: 'x-model' }] }],
    ['PUT', '/course/admin/models/providers/someid', { name: 'y' }],
    ['DELETE', '/course/admin/models/providers/someid'],
    ['POST', '/course/admin/models/test', { baseUrl: 'http://127.0.0.1:9/v1', model: 'x' }],
    ['PUT', '/course/admin/models/settings', { defaultModel: 'builtin' }],
    ['GET', '/course/admin/site'],
    ['PUT', '/course/admin/site', { siteTitle: 'x' }],
    ['PUT', '/course/admin/agreements/1', { content: 'x' }],
  ];
  for (const [who, token] of [
    ['teacher (1)', () => teacher],
    ['student (3)', () => student],
    ['manager without the admin right (2)', () => plainManager],
  ] as const) {
    it(`${who} gets 403 on every admin call`, async () => {
      for (const [method, path, body] of calls) {
        const res = await server.api(method, path, { token: token(), ...(body === undefined ? {} : { body }) });
        assert.equal(res.status, 403, `${method} ${path}: ${res.body.msg}`);
      }
      assert.equal(await userCount(), 4, 'nothing was created');
    });
  }
  it('signed out: 401', async () => {
    assert.equal((await server.api('GET', '/course/admin/users')).status, 401);
  });
  it('a caller who may not call a route hears 401 or 403 before anything about its input', async () => {
    const bad = { nonsense: 1, baseUrl: 42 };
    for (const path of ['/course/admin/models/providers', '/course/admin/models/test', '/course/admin/users']) {
      const signedOut = await server.api('POST', path, { body: bad });
      assert.equal(signedOut.status, 401, `${path}: ${signedOut.body.msg}`);
      assert.doesNotMatch(signedOut.body.msg, /服务地址|服务名称|模型|用户名|nonsense|baseUrl/u);
      const student403 = await server.api('POST', path, { token: student, body: bad });
      assert.equal(student403.status, 403, `${path}: ${student403.body.msg}`);
    }
  });
  it('the demo manager holds the admin right, and sees menu 14', async () => {
    const res = await server.api<{ items: any[]; total: number }>('GET', '/course/admin/users?keyword=teach', { token: manager });
    assert.equal(res.status, 200, res.body.msg);
    assert.deepEqual(
      res.body.data.items.map((u) => u.username),
      ['teacher'],
    );
    const session = await server.api<{ menus: string; admin: boolean }>('GET', '/app/user', { token: manager });
    assert.equal(session.body.data.admin, true);
    assert.ok(session.body.data.menus.split(',').includes('14'));
    const plain = await server.api<{ menus: string; admin: boolean }>('GET', '/app/user', { token: plainManager });
    assert.equal(plain.body.data.admin, false);
    assert.ok(!plain.body.data.menus.split(',').includes('14'));
  });
});

describe('people', () => {
  it('creates an account with a one-time password that must be changed at first sign-in', async () => {
    const created = await server.api<{ person: any; oneTimePassword: string }>('POST', '/course/admin/users', {
      token: manager,
      body: { username: 'S2025099', name: '新同学', clientTypes: ['3'] },
    });
    assert.equal(created.status, 200, created.body.msg);
    const { person, oneTimePassword } = created.body.data;
    assert.equal(person.username, 's2025099');
    assert.equal(person.mustChangePassword, true);
    assert.ok(oneTimePassword.length >= 12);

    const login = await server.api<{ token: string; mustChangePassword: boolean }>('POST', '/app/api/oauth/token', {
      body: { username: 's2025099', password: oneTimePassword },
    });
    assert.equal(login.body.data.mustChangePassword, true);
    const token = login.body.data.token;
    // Nothing else works until the password is changed.
    const refused = await server.api('GET', '/v1/chat/models', { token });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.msg, '请先修改初始密码');
    const session = await server.api<{ mustChangePassword: boolean }>('GET', '/app/user', { token });
    assert.equal(session.status, 200);
    assert.equal(session.body.data.mustChangePassword, true);
    const changed = await server.api('PUT', '/app/user/password/update', { token, body: { oldPassword: oneTimePassword, newPassword: 'my-own-password-1' } });
    assert.equal(changed.status, 200, changed.body.msg);
    assert.equal((await server.api('GET', '/v1/chat/models', { token })).status, 200);
    const after = await server.api<{ token: string; mustChangePassword: boolean }>('POST', '/app/api/oauth/token', {
      body: { username: 's2025099', password: 'my-own-password-1' },
    });
    assert.equal(after.body.data.mustChangePassword, false);
  });

  it('refuses a username that is taken or malformed, with the roster rules', async () => {
    const taken = await server.api('POST', '/course/admin/users', { token: manager, body: { username: 'teacher', name: '重名', clientTypes: ['1'] } });
    assert.equal(taken.status, 400);
    assert.match(taken.body.msg, /已存在/);
    const bad = await server.api('POST', '/course/admin/users', { token: manager, body: { username: 'x', name: '短', clientTypes: ['1'] } });
    assert.equal(bad.status, 400);
    assert.match(bad.body.msg, /只能包含字母/);
  });

  it('a password reset ends every sign-in of the account and asks for a new password', async () => {
    const before = await server.login('teacher');
    const id = await userId('teacher');
    const reset = await server.api<{ oneTimePassword: string }>('POST', `/course/admin/users/${id}/password/reset`, { token: manager });
    assert.equal(reset.status, 200, reset.body.msg);
    assert.equal((await server.api('GET', '/app/user', { token: before })).status, 401, 'the old sign-in ended');
    assert.equal(
      (await server.api('POST', '/app/api/oauth/token', { body: { username: 'teacher', password: server.demoPassword } })).status,
      400,
      'the old password is gone',
    );
    const otp = reset.body.data.oneTimePassword;
    const token = (await server.api<{ token: string }>('POST', '/app/api/oauth/token', { body: { username: 'teacher', password: otp } })).body.data.token;
    assert.equal((await server.api('GET', '/course/courses', { token })).status, 403);
    assert.equal((await server.api('PUT', '/app/user/password/update', { token, body: { oldPassword: otp, newPassword: server.demoPassword } })).status, 200);
    teacher = await server.login('teacher');
    assert.equal((await server.api('GET', '/v1/chat/models', { token: teacher })).status, 200);
    // The reset is in the operation records, by the manager, without the password; not in the log in any form.
    const records = await server.data.db.selectFrom('operation_records').selectAll().where('action', '=', 'password').where('object_id', '=', id).execute();
    assert.equal(records.length, 1);
    assert.equal(records[0]!.username, 'manager');
    assert.equal(records[0]!.object_name, 'teacher');
    assert.ok(!JSON.stringify(records).includes(otp));
    assert.ok(!server.logs().includes(otp));
  });

  it("disabling refuses the account's tokens at once and its sign-in; enabling lets it back", async () => {
    const token = await server.login('student');
    const id = await userId('student');
    assert.equal((await server.api('POST', `/course/admin/users/${id}/disable`, { token: manager })).status, 200);
    assert.equal((await server.api('GET', '/app/user', { token })).status, 401);
    const login = await server.api('POST', '/app/api/oauth/token', { body: { username: 'student', password: server.demoPassword } });
    assert.equal(login.status, 403);
    assert.match(login.body.msg, /停用/);
    const wrong = await server.api('POST', '/app/api/oauth/token', { body: { username: 'student', password: 'wrong-password' } });
    assert.equal(wrong.status, 400, 'a wrong password does not learn the account is disabled');
    const list = await server.api<{ items: any[] }>('GET', '/course/admin/users?status=disabled', { token: manager });
    assert.deepEqual(
      list.body.data.items.map((u) => u.username),
      ['student'],
    );
    assert.equal((await server.api('POST', `/course/admin/users/${id}/enable`, { token: manager })).status, 200);
    student = await server.login('student');
    assert.equal((await server.api('GET', '/app/user', { token: student })).status, 200);
  });

  it('an administrator cannot disable, reset or demote themselves', async () => {
    const me = await userId('manager');
    assert.equal((await server.api('POST', `/course/admin/users/${me}/disable`, { token: manager })).status, 400);
    assert.equal((await server.api('POST', `/course/admin/users/${me}/password/reset`, { token: manager })).status, 400);
    assert.equal((await server.api('PUT', `/course/admin/users/${me}`, { token: manager, body: { admin: false } })).status, 400);
  });

  it('edits client types, menus, classes and the admin right', async () => {
    const id = await userId('manager2');
    const classes = await server.api<any[]>('GET', '/course/admin/classes', { token: manager });
    const classId = classes.body.data[0].id;
    const res = await server.api<any>('PUT', `/course/admin/users/${id}`, {
      token: manager,
      body: { clientTypes: ['2', '1'], menus: '13,6', classIds: [classId], admin: true },
    });
    assert.equal(res.status, 200, res.body.msg);
    assert.deepEqual(res.body.data.clientTypes, ['2', '1']);
    assert.deepEqual(
      res.body.data.classes.map((c: any) => c.id),
      [classId],
    );
    const session = await server.api<{ menus: string }>('GET', '/app/user', { token: plainManager });
    assert.equal(session.body.data.menus, '13,6,14,15', 'own menus plus the admin entry and the AI credits entry every manager has');
    assert.equal((await server.api('GET', '/course/admin/users', { token: plainManager })).status, 200, 'the right takes effect at once');
    const unknownMenu = await server.api('PUT', `/course/admin/users/${id}`, { token: manager, body: { menus: '13,99' } });
    assert.equal(unknownMenu.status, 400);
    await server.api('PUT', `/course/admin/users/${id}`, { token: manager, body: { admin: false, menus: null, classIds: [] } });
    assert.equal((await server.api('GET', '/course/admin/users', { token: plainManager })).status, 403);
  });

  it("another manager's account that does not exist answers 404", async () => {
    assert.equal((await server.api('GET', '/course/admin/users/no-such-user', { token: manager })).status, 404);
  });
});

describe('roster import in the browser', () => {
  const BAD = `username,name,client_type,class,password
r2025001,甲同学,3,2025级护理1班,student-pass-1
r2025002,乙同学,7,2025级护理1班,student-pass-2
r2025003,丙同学,3,2025级护理1班,student-pass-3
`;
  const GOOD = BAD.replace('乙同学,7', '乙同学,3');

  it('a CSV with one bad row writes nothing and names the row; the fixed file imports', async () => {
    const before = await userCount();
    const bad = await server.api<{ problems: Array<{ line: number; reason: string }> }>('POST', '/course/admin/users/import', {
      token: manager,
      body: { fileId: await upload(manager, 'roster.csv', BAD) },
    });
    assert.equal(bad.status, 400);
    assert.deepEqual(
      bad.body.data.problems.map((p) => p.line),
      [3],
    );
    assert.match(bad.body.data.problems[0]!.reason, /client_type“7”/);
    assert.equal(await userCount(), before, 'nothing written');
    assert.equal((await server.data.db.selectFrom('classes').select('id').where('name', '=', '2025级护理1班').execute()).length, 0);

    const good = await server.api<{ created: number; classesCreated: string[] }>('POST', '/course/admin/users/import', {
      token: manager,
      body: { fileId: await upload(manager, 'roster.csv', GOOD) },
    });
    assert.equal(good.status, 200, good.body.msg);
    assert.equal(good.body.data.created, 3);
    assert.deepEqual(good.body.data.classesCreated, ['2025级护理1班']);
    assert.equal(await userCount(), before + 3);
    const login = await server.api<{ mustChangePassword: boolean }>('POST', '/app/api/oauth/token', {
      body: { username: 'r2025002', password: 'student-pass-2' },
    });
    assert.equal(login.body.data.mustChangePassword, true, 'imported in the browser: changed at first sign-in');
  });

  it("an XLSX roster is checked the same way, rows named by their sheet row, in the reader's language", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('roster');
    sheet.addRow(['username', 'name', 'client_type', 'class', 'password']);
    sheet.addRow(['x2025001', '丁老师', '1', '', 'teacher-pass-1']);
    sheet.addRow(['x2025002', '戊同学', '3', '', 'short']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const before = await userCount();
    const bad = await server.api<{ problems: Array<{ line: number; reason: string }> }>('POST', '/course/admin/users/import', {
      token: manager,
      body: { fileId: await upload(manager, 'roster.xlsx', bytes) },
      headers: { 'accept-language': 'en-US' },
    });
    assert.equal(bad.status, 400);
    assert.deepEqual(
      bad.body.data.problems.map((p) => p.line),
      [3],
    );
    assert.match(bad.body.data.problems[0]!.reason, /at least 8/);
    assert.doesNotMatch(bad.body.msg, /[\u4e00-\u9fff]/u);
    assert.equal(await userCount(), before);
    sheet.getRow(3).getCell(5).value = 'student-pass-9';
    const fixed = Buffer.from(await workbook.xlsx.writeBuffer());
    const good = await server.api<{ created: number }>('POST', '/course/admin/users/import', {
      token: manager,
      body: { fileId: await upload(manager, 'roster.xlsx', fixed) },
    });
    assert.equal(good.status, 200, good.body.msg);
    assert.equal(good.body.data.created, 2);
  });

  it('offers the template as CSV and XLSX', async () => {
    const csv = await fetch(`${server.baseUrl}/new-chat/course/admin/users/import/template?format=csv`, { headers: { authorization: `Bearer ${manager}` } });
    assert.equal(csv.status, 200);
    const bytes = Buffer.from(await csv.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'a BOM, so Excel reads UTF-8');
    assert.match(bytes.subarray(3).toString('utf8'), /^username,name,client_type,class,password\r\n/u);
    const xlsx = await fetch(`${server.baseUrl}/new-chat/course/admin/users/import/template?format=xlsx`, { headers: { authorization: `Bearer ${manager}` } });
    assert.equal(xlsx.status, 200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    assert.equal(book.worksheets[0]!.getRow(1).getCell(1).value, 'username');
  });
});

describe('classes, majors and terms', () => {
  it('adds a major and a term, links a class to them, and refuses to delete them while used', async () => {
    const major = await server.api<{ value: string }>('POST', '/course/admin/dictionaries/major', { token: manager, body: { label: '工业机器人技术' } });
    assert.equal(major.status, 200, major.body.msg);
    const term = await server.api<{ value: string }>('POST', '/course/admin/dictionaries/term', {
      token: manager,
      body: { label: '2026-2027学年第一学期', value: '2026-1' },
    });
    assert.equal(term.status, 200, term.body.msg);
    const created = await server.api<any>('POST', '/course/admin/classes', {
      token: manager,
      body: { name: '2026级机器人1班', major: major.body.data.value, term: '2026-1' },
    });
    assert.equal(created.status, 200, created.body.msg);
    assert.equal(created.body.data.major, major.body.data.value);
    const terms = await server.api<any[]>('GET', '/course/admin/dictionaries/term', { token: manager });
    assert.equal(terms.body.data.find((t) => t.value === '2026-1').classCount, 1);
    // The course forms read the same dictionaries.
    const dict = await server.api<any[]>('GET', '/app/api/dict/select/major');
    assert.deepEqual(
      dict.body.data.map((d) => d.label),
      ['工业机器人技术'],
    );
    const refused = await server.api('DELETE', '/course/admin/dictionaries/term/2026-1', { token: manager });
    assert.equal(refused.status, 400);
    const unknownLink = await server.api('PUT', `/course/admin/classes/${created.body.data.id}`, { token: manager, body: { term: 'no-such-term' } });
    assert.equal(unknownLink.status, 400);
    const duplicate = await server.api('POST', '/course/admin/classes', { token: manager, body: { name: '2026级机器人1班' } });
    assert.equal(duplicate.status, 400);
    assert.equal((await server.api('DELETE', `/course/admin/classes/${created.body.data.id}`, { token: manager })).status, 200);
    assert.equal((await server.api('DELETE', '/course/admin/dictionaries/term/2026-1', { token: manager })).status, 200);
  });
});

describe('models', () => {
  let providerId = '';
  it("a provider added in the browser serves a teacher's chat without a restart, and its key never comes back", async () => {
    const before = await server.api<{ models: any[] }>('GET', '/v1/chat/models', { token: teacher });
    assert.ok(!before.body.data.models.some((m) => m.name === 'school-stub'));

    const test = await server.api<{ ok: boolean }>('POST', '/course/admin/models/test', {
      token: manager,
      body: { baseUrl: stub.baseUrl, apiKey: SECRET_KEY, model: 'school-stub' },
    });
    assert.equal(test.body.data.ok, true);

    const added = await server.api<any>('POST', '/course/admin/models/providers', {
      token: manager,
      body: {
        name: '学校模型',
        baseUrl: stub.baseUrl,
        apiKey: SECRET_KEY,
        // 课程 is a catalogue word ("Course"); as a model's label it is the administrator's and stays.
        models: [
          { name: 'school-stub', label: '学校模型', versions: ['school-stub-v2'] },
          { name: 'school-open', label: '课程' },
        ],
      },
    });
    assert.equal(added.status, 200, added.body.msg);
    const inEnglish = await server.api<{ models: any[] }>('GET', '/v1/chat/models', { token: teacher, headers: { 'accept-language': 'en-US' } });
    assert.equal(inEnglish.body.data.models.find((m) => m.name === 'school-open')?.label, '课程');
    providerId = added.body.data.id;
    assert.equal(added.body.data.hasKey, true);

    const models = await server.api<{ models: any[] }>('GET', '/v1/chat/models', { token: teacher });
    assert.ok(models.body.data.models.some((m) => m.name === 'school-stub'));
    const chat = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token: teacher, body: { model: 'school-stub' } });
    assert.equal(chat.status, 200, chat.body.msg);
    const read = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, teacher, {
      conversationId: chat.body.data.chatNumber,
      prompt: '你好，学校模型',
    });
    assert.equal(read.status, 200);
    assert.equal(streamedText(read.events, eventOf(read.events, 'start').answers[0].messageId), 'Echo: 你好，学校模型');
    const upstream = stub.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)!;
    assert.equal(upstream.headers.authorization, `Bearer ${SECRET_KEY}`, 'the key reached the provider');
    assert.equal(upstream.body.model, 'school-stub-v2', 'the first version is sent upstream');

    // The key is stored sealed, and never in any response or log line.
    const row = await server.data.db.selectFrom('model_providers').select('api_key').executeTakeFirstOrThrow();
    assert.match(row.api_key, /^enc:v2:/);
    assert.ok(!row.api_key.includes(SECRET_KEY));
    const overview = await server.api('GET', '/course/admin/models', { token: manager });
    for (const body of [added.body, overview.body, models.body, test.body]) assert.ok(!JSON.stringify(body).includes(SECRET_KEY));
    assert.ok(!server.logs().includes(SECRET_KEY));
    const records = await server.data.db.selectFrom('operation_records').selectAll().where('object_type', '=', 'model_provider').execute();
    assert.ok(records.length >= 1, 'adding a provider is recorded');
    assert.ok(!JSON.stringify(records).includes(SECRET_KEY), 'the key is not in the records');
  });

  it('which client types may pick a model, and the default model', async () => {
    const res = await server.api<any>('PUT', '/course/admin/models/settings', {
      token: manager,
      body: { defaultModel: 'school-stub', access: { 'school-stub': ['1', '2'] } },
    });
    assert.equal(res.status, 200, res.body.msg);
    const forTeacher = await server.api<{ models: any[]; defaultModel: string }>('GET', '/v1/chat/models', { token: teacher });
    assert.equal(forTeacher.body.data.defaultModel, 'school-stub');
    const forStudent = await server.api<{ models: any[]; defaultModel: string }>('GET', '/v1/chat/models', { token: student });
    assert.ok(!forStudent.body.data.models.some((m) => m.name === 'school-stub'));
    assert.equal(forStudent.body.data.defaultModel, 'school-open', 'the first model the student may use');
    const refused = await server.api('POST', '/v1/chat', { token: student, body: { model: 'school-stub' } });
    assert.equal(refused.status, 403);
    const plain = await server.api<{ model: string }>('POST', '/v1/chat', { token: student, body: {} });
    assert.equal(plain.status, 200, plain.body.msg);
    assert.equal(plain.body.data.model, 'school-open', 'a plain chat starts on a model the student may use');
    await server.api('PUT', '/course/admin/models/settings', { token: manager, body: { access: {} } });
  });

  it('changing the key or turning the provider off takes effect at once', async () => {
    const changed = await server.api<any>('PUT', `/course/admin/models/providers/${providerId}`, { token: manager, body: { apiKey: 'sk-second-key-000' } });
    assert.equal(changed.status, 200, changed.body.msg);
    assert.ok(!JSON.stringify(changed.body).includes('sk-second-key-000'));
    const off = await server.api('PUT', `/course/admin/models/providers/${providerId}`, { token: manager, body: { enabled: false } });
    assert.equal(off.status, 200);
    const models = await server.api<{ models: any[] }>('GET', '/v1/chat/models', { token: teacher });
    assert.ok(!models.body.data.models.some((m) => m.name === 'school-stub'));
    assert.equal((await server.api('DELETE', `/course/admin/models/providers/${providerId}`, { token: manager })).status, 200);
  });

  it('a saved key never follows a new address: testing or saving another address asks for the key again', async () => {
    const listener = await startStubLlm();
    try {
      const added = await server.api<any>('POST', '/course/admin/models/providers', {
        token: manager,
        body: { name: '地址绑定', baseUrl: stub.baseUrl, apiKey: SECRET_KEY, models: [{ name: 'bound-model' }] },
      });
      assert.equal(added.status, 200, added.body.msg);
      const id = added.body.data.id;

      const probe = await server.api<any>('POST', '/course/admin/models/test', {
        token: manager,
        body: { providerId: id, baseUrl: listener.baseUrl, model: 'bound-model' },
      });
      assert.equal(probe.status, 400);
      const moved = await server.api<any>('PUT', `/course/admin/models/providers/${id}`, { token: manager, body: { baseUrl: listener.baseUrl } });
      assert.equal(moved.status, 400);
      assert.equal(moved.body.msg, '服务地址已更改，请重新填写 API Key');
      // A database edit of the address cannot carry the key along either: the key is sealed with its address.
      await server.data.db.updateTable('model_providers').set({ base_url: listener.baseUrl }).where('id', '=', id).execute();
      const sameAddress = await server.api<any>('POST', '/course/admin/models/test', { token: manager, body: { providerId: id, model: 'bound-model' } });
      assert.equal(sameAddress.status, 200);
      for (const r of listener.requests) assert.notEqual(r.headers.authorization, `Bearer ${SECRET_KEY}`, 'the saved key reached another host');
      await server.data.db.updateTable('model_providers').set({ base_url: stub.baseUrl }).where('id', '=', id).execute();

      const rekeyed = await server.api<any>('PUT', `/course/admin/models/providers/${id}`, {
        token: manager,
        body: { baseUrl: listener.baseUrl, apiKey: 'sk-for-the-new-host' },
      });
      assert.equal(rekeyed.status, 200, rekeyed.body.msg);
      const record = await server.data.db
        .selectFrom('operation_records')
        .select('summary')
        .where('object_id', '=', id)
        .orderBy('seq', 'desc')
        .executeTakeFirstOrThrow();
      assert.ok(record.summary.includes(`${new URL(stub.baseUrl).host} → ${new URL(listener.baseUrl).host}`), record.summary);
      const retest = await server.api<any>('POST', '/course/admin/models/test', { token: manager, body: { providerId: id, model: 'bound-model' } });
      assert.equal(retest.body.data.ok, true);
      assert.equal(listener.requests.at(-1)!.headers.authorization, 'Bearer sk-for-the-new-host');
      await server.api('DELETE', `/course/admin/models/providers/${id}`, { token: manager });
    } finally {
      await listener.close();
    }
  });

  it('refuses a bad address or a model name another provider offers', async () => {
    const badUrl = await server.api('POST', '/course/admin/models/providers', {
      token: manager,
      body: { name: 'x', baseUrl: 'ftp://nope', models: [{ name: 'x1' }] },
    });
    assert.equal(badUrl.status, 400);
    const clash = await server.api('POST', '/course/admin/models/providers', {
      token: manager,
      body: { name: 'x', baseUrl: stub.baseUrl, models: [{ name: 'builtin' }] },
    });
    assert.equal(clash.status, 400);
  });
});

describe('site', () => {
  it('title, notice and agreement saved here are what the public calls serve', async () => {
    const saved = await server.api('PUT', '/course/admin/site', {
      token: manager,
      body: { siteTitle: '示范学院智慧平台', loginNotice: '系统将于周六 22:00 维护' },
    });
    assert.equal(saved.status, 200, saved.body.msg);
    const home = await server.api<{ baseInfo: any }>('GET', '/app/api/home/config');
    assert.equal(home.body.data.baseInfo.siteTitle, '示范学院智慧平台');
    assert.equal(home.body.data.baseInfo.loginNotice, '系统将于周六 22:00 维护');
    const agreement = await server.api('PUT', '/course/admin/agreements/1', { token: manager, body: { content: '# 新的用户协议\n\n请遵守校规。' } });
    assert.equal(agreement.status, 200, agreement.body.msg);
    const served = await server.api<{ content: string }>('GET', '/app/api/content/agreement/1');
    assert.equal(served.body.data.content, '# 新的用户协议\n\n请遵守校规。');
    const notMine = await server.api('PUT', '/course/admin/site', { token: manager, body: { siteLogo: '/new-chat/app/api/file/someone-elses' } });
    assert.equal(notMine.status, 400);
  });

  it("a school's own title is its name in every language, even a word the server knows", async () => {
    // 课程 alone is a catalogue word ("Course"): as a school's title it is the school's.
    assert.equal((await server.api('PUT', '/course/admin/site', { token: manager, body: { siteTitle: '课程' } })).status, 200);
    const home = await server.api<{ baseInfo: any }>('GET', '/app/api/home/config', { headers: { 'accept-language': 'en-US' } });
    assert.equal(home.body.data.baseInfo.siteTitle, '课程');
  });
});
