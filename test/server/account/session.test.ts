// The session the front end builds its layout from, profile edits, and
// switching between the client types a user holds.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { hashPassword } from '../../../server/modules/account/passwords.js';
import { createUser } from '../../../server/modules/account/store.js';
import { startTestServer, type TestServer } from '../../support/server.js';

interface Session {
  id: string;
  username: string;
  nickname: string;
  avatar: string | null;
  clientType: string;
  clientTypes: string[];
  menus: string;
}

let server: TestServer;
before(async () => {
  server = await startTestServer();
  // A teacher who also manages: holds client types 1 and 2.
  await createUser(
    server.data.db,
    { username: 'dual', name: '赵老师', passwordHash: await hashPassword('dual-password-1'), clientTypes: ['1', '2'] },
    Date.now(),
  );
});
after(() => server.close());

const session = async (token: string) => (await server.api<Session>('GET', '/app/user', { token })).body;

describe('GET /app/user', () => {
  const expected = [
    { username: 'teacher', nickname: '王老师', clientType: '1', menus: '13,1,3,4,5,8,7,16' },
    { username: 'manager', nickname: '李主任', clientType: '2', menus: '13,9,3,4,5,6,8,7,16,14,15' }, // 14: the demo manager holds the admin right; 15: every manager (AI credits)
    { username: 'student', nickname: '张同学', clientType: '3', menus: '13,2,3,4,16' },
  ];
  for (const user of expected) {
    test(`${user.username}: client type ${user.clientType} and its menus`, async () => {
      const body = await session(await server.login(user.username));
      assert.equal(body.code, 200);
      assert.deepEqual({ username: body.data.username, nickname: body.data.nickname, clientType: body.data.clientType, menus: body.data.menus }, user);
      assert.deepEqual(body.data.clientTypes, [user.clientType]);
      assert.equal(body.data.avatar, null);
      assert.equal(typeof body.data.id, 'string');
    });
  }

  test('a menus override on the user replaces the default', async () => {
    await server.data.db.updateTable('users').set({ menus: '13,3' }).where('username', '=', 'student').execute();
    try {
      assert.equal((await session(await server.login('student'))).data.menus, '13,3');
    } finally {
      await server.data.db.updateTable('users').set({ menus: null }).where('username', '=', 'student').execute();
    }
  });
});

describe('GET /course/app/api/teacher-switch', () => {
  test('switches to another held type with a new token; the old token is revoked', async () => {
    const first = await server.login('dual', 'dual-password-1');
    assert.equal((await session(first)).data.clientType, '1');

    const res = await server.api<{ token: string; expiresIn: number; clientType: string }>('GET', '/course/app/api/teacher-switch?clientType=2', {
      token: first,
    });
    assert.equal(res.body.code, 200, res.body.msg);
    assert.equal(res.body.data.clientType, '2');
    assert.notEqual(res.body.data.token, first);
    const now = await session(res.body.data.token);
    assert.equal(now.data.clientType, '2');
    assert.equal(now.data.menus, '13,9,3,4,5,6,8,7,16,15');
    assert.deepEqual(now.data.clientTypes, ['1', '2']);
    assert.equal((await server.api('GET', '/app/user', { token: first })).status, 401);

    // Without the parameter it toggles to the next held type.
    const back = await server.api<{ token: string; clientType: string }>('GET', '/course/app/api/teacher-switch', {
      token: res.body.data.token,
    });
    assert.equal(back.body.data.clientType, '1');
  });

  test('the next sign-in lands on the type chosen last', async () => {
    const token = await server.login('dual', 'dual-password-1');
    await server.api('GET', '/course/app/api/teacher-switch?clientType=2', { token });
    assert.equal((await session(await server.login('dual', 'dual-password-1'))).data.clientType, '2');
  });

  test('a type the user does not hold is 403; a single-type user cannot toggle', async () => {
    const token = await server.login('teacher');
    const notHeld = await server.api('GET', '/course/app/api/teacher-switch?clientType=3', { token });
    assert.deepEqual([notHeld.status, notHeld.body.code], [403, 403]);
    const toggle = await server.api('GET', '/course/app/api/teacher-switch', { token });
    assert.equal(toggle.status, 403);
    assert.equal((await server.api('GET', '/app/user', { token })).status, 200, 'a refused switch keeps the token');
  });

  test('a value that is no client type is a 400 naming the parameter', async () => {
    const token = await server.login('teacher');
    const res = await server.api('GET', '/course/app/api/teacher-switch?clientType=9', { token });
    assert.equal(res.status, 400);
    assert.match(res.body.msg, /clientType/);
  });
});

describe('PUT /app/user', () => {
  test('updates the nickname (trimmed) and returns the session', async () => {
    const token = await server.login('teacher');
    const res = await server.api<Session>('PUT', '/app/user', { token, body: { nickname: '  王老师（数控）  ' } });
    assert.equal(res.body.code, 200);
    assert.equal(res.body.data.nickname, '王老师（数控）');
    assert.equal((await session(token)).data.nickname, '王老师（数控）');
  });

  test('rejects bad input with a message naming the field, and changes nothing', async () => {
    const token = await server.login('teacher');
    const before = (await session(token)).data.nickname;
    const cases: Array<[unknown, RegExp]> = [
      [{ nickname: 'x'.repeat(33) }, /昵称（nickname）不能超过 32 个字符/],
      [{ nickname: '' }, /昵称（nickname）不能为空/],
      [{ nickname: '   ' }, /昵称不能为空/],
      [{ nickname: 'a\nb' }, /控制字符/],
      [{ nickname: 42 }, /昵称（nickname）应为文本/],
      [{ role: 'admin' }, /不支持的字段：role/],
      [{ avatar: 'https://evil.example/pixel.png' }, /头像需先通过上传接口/],
    ];
    for (const [body, msg] of cases) {
      const res = await server.api('PUT', '/app/user', { token, body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.match(res.body.msg, msg, JSON.stringify(body));
    }
    assert.equal((await session(token)).data.nickname, before);
  });
});
