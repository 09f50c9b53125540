// `npm run users -- import FILE.csv`: all rows or none, every bad row reported by line.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, test } from 'node:test';
import { importRoster } from '../../../server/modules/admin/index.js';
import { verifyPassword } from '../../../server/modules/account/passwords.js';
import { findUserByUsername } from '../../../server/modules/account/store.js';
import { listClassMembers } from '../../../server/modules/classes/store.js';
import { openTestDatabase, type TestDatabase } from '../../support/server.js';
import { SERVER_ARGS } from '../../support/cli-server.js';

const GOOD = `\ufeffusername,name,client_type,class,password
T001,刘老师,1,2024级数控技术2班,teacher-pass-1
s2024001,陈小明,3,2024级数控技术2班,student-pass-1
s2024002,"林, 小红",3,2024级汽修1班,student-pass-2
dean,周主任,2|1,,manager-pass-1
`;

const BAD = `username,name,client_type,class,password
ok-user,好学生,3,某班,good-password
x,短用户名,3,,good-password
bad-type,类型错,5,,good-password
short-pass,短密码,3,,1234
ok-user,重复,3,,good-password
,没有用户名,3,,good-password
too,many,3,,good-password,extra
`;

let db: TestDatabase;
before(async () => {
  db = await openTestDatabase();
});
after(() => db.close());

const counts = async () => ({
  users: (await db.data.db.selectFrom('users').select('id').execute()).length,
  classes: (await db.data.db.selectFrom('classes').select('id').execute()).length,
  members: (await db.data.db.selectFrom('class_members').select('user_id').execute()).length,
});

describe('importRoster', () => {
  test('a bad file: every bad row by line, and nothing written', async () => {
    const result = await importRoster(db.data.db, BAD);
    assert.equal(result.ok, false);
    assert.ok(!result.ok);
    assert.deepEqual(
      result.problems.map((p) => p.line),
      [3, 4, 5, 6, 7, 8],
    );
    const reason = (line: number) => result.problems.find((p) => p.line === line)?.reason ?? '';
    assert.match(reason(3), /用户名“x”只能包含/);
    assert.match(reason(4), /client_type“5”应为 1（教师）、2（管理）或 3（学生）/);
    assert.match(reason(5), /初始密码至少 8 个字符/);
    assert.match(reason(6), /与第 2 行重复/);
    assert.match(reason(7), /用户名为空/);
    assert.match(reason(8), /有 6 列，表头有 5 列/);
    assert.deepEqual(await counts(), { users: 0, classes: 0, members: 0 });
  });

  test('a wrong header or an empty file says what the header should be', async () => {
    const wrong = await importRoster(db.data.db, 'user,name,type\nx,y,1\n');
    assert.ok(!wrong.ok);
    assert.equal(wrong.problems[0]?.line, 1);
    assert.match(wrong.problems[0]!.reason, /缺少列 username, client_type, password.*应为 username,name,client_type,class,password/);
    const empty = await importRoster(db.data.db, '');
    assert.ok(!empty.ok);
    const headerOnly = await importRoster(db.data.db, 'username,name,client_type,class,password\n');
    assert.ok(!headerOnly.ok);
    assert.match(headerOnly.problems[0]!.reason, /只有表头/);
    const broken = await importRoster(db.data.db, 'username,name,client_type,class,password\n"abc,x,3,,password1\n');
    assert.ok(!broken.ok);
    assert.match(broken.problems[0]!.reason, /CSV 格式错误/);
  });

  test('a good file creates the accounts, their classes and memberships', async () => {
    const result = await importRoster(db.data.db, GOOD);
    assert.deepEqual(result, { ok: true, created: 4, classesCreated: ['2024级数控技术2班', '2024级汽修1班'] });

    const teacher = await findUserByUsername(db.data.db, 't001');
    assert.equal(teacher?.name, '刘老师');
    assert.equal(teacher?.nickname, '刘老师');
    assert.ok(await verifyPassword('teacher-pass-1', teacher!.passwordHash));
    assert.deepEqual((await findUserByUsername(db.data.db, 's2024002'))?.name, '林, 小红');
    const dean = await findUserByUsername(db.data.db, 'dean');
    assert.deepEqual([dean?.clientTypes, dean?.defaultClientType], [['2', '1'], '2']);

    assert.deepEqual(await listClassMembers(db.data.db, '2024级数控技术2班'), [
      { username: 's2024001', role: 'student' },
      { username: 't001', role: 'teacher' },
    ]);
    assert.deepEqual(await counts(), { users: 4, classes: 2, members: 3 });
  });

  test('importing the same file again fails whole: the usernames exist', async () => {
    const result = await importRoster(db.data.db, GOOD);
    assert.ok(!result.ok);
    assert.equal(result.problems.length, 4);
    assert.match(result.problems[0]!.reason, /用户名“t001”已存在/);
    assert.deepEqual(await counts(), { users: 4, classes: 2, members: 3 });
  });
});

describe('npm run users -- import FILE.csv', () => {
  const run = (file: string) =>
    promisify(execFile)(process.execPath, [...SERVER_ARGS, 'users', 'import', file], {
      env: { ...process.env, ...db.env },
    }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );

  test('reports bad rows by line and exits 1; a good file exits 0', async () => {
    const bad = path.join(db.config.dataDir, 'bad.csv');
    await writeFile(bad, BAD);
    const failed = await run(bad);
    assert.equal(failed.code, 1);
    assert.match(failed.stderr, /nothing was imported/);
    assert.match(failed.stderr, /line 3: 用户名“x”/);
    assert.match(failed.stderr, /line 8: 有 6 列/);

    const good = path.join(db.config.dataDir, 'good.csv');
    await writeFile(good, GOOD.replace(/T001|s2024001|s2024002|dean/g, (u) => `${u}b`).replace(/班/g, '班B'));
    const passed = await run(good);
    assert.equal(passed.code, 0, passed.stderr);
    assert.match(passed.stdout, /Imported 4 accounts/);
  });

  test('a missing file is a clear message and exit 2', async () => {
    const missing = await run(path.join(db.config.dataDir, 'nope.csv'));
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /Cannot read .*nope\.csv/);
  });
});
