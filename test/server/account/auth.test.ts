// Sign-in, tokens and sign-out as a client sees them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { hashToken } from '../../../server/modules/account/tokens.js';
import { startTestServer, type TestServer } from '../../support/server.js';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

describe('POST /app/api/oauth/token', () => {
  test('right password returns a token and its lifetime', async () => {
    const res = await server.api<{ token: string; expiresIn: number }>('POST', '/app/api/oauth/token', {
      body: { username: 'teacher', password: server.demoPassword },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.code, 200);
    assert.match(res.body.data.token, /^zx_[A-Za-z0-9_-]{40,}$/);
    assert.equal(res.body.data.expiresIn, 168 * 3600);
  });

  test('username is case-insensitive', async () => {
    const res = await server.api('POST', '/app/api/oauth/token', { body: { username: ' Teacher ', password: server.demoPassword } });
    assert.equal(res.body.code, 200);
  });

  test('wrong password and unknown user get the same 400 message', async () => {
    const wrong = await server.api('POST', '/app/api/oauth/token', { body: { username: 'manager', password: 'not-the-password' } });
    const unknown = await server.api('POST', '/app/api/oauth/token', { body: { username: 'nobody', password: 'whatever1' } });
    for (const res of [wrong, unknown]) {
      assert.equal(res.status, 400);
      assert.deepEqual(res.body, { code: 400, msg: '用户名或密码错误', data: null });
    }
  });

  test('GET is refused, so a password never travels in a URL', async () => {
    const res = await server.api('GET', '/app/api/oauth/token?username=teacher&password=secret-in-url');
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 400);
    assert.match(res.body.msg, /POST/);
    assert.ok(!server.logs().includes('secret-in-url'), 'the query must not be logged');
  });

  test('missing password names the field', async () => {
    const res = await server.api('POST', '/app/api/oauth/token', { body: { username: 'teacher' } });
    assert.equal(res.status, 400);
    assert.equal(res.body.msg, '缺少密码（password）');
  });
});

describe('401 for tokens that do not work', () => {
  test('no token: "token不能为空", so the client goes to sign-in', async () => {
    const res = await server.api('GET', '/app/user');
    assert.equal(res.status, 401);
    assert.deepEqual(res.body, { code: 401, msg: 'token不能为空', data: null });
  });

  test('unknown token: 登录已过期', async () => {
    const res = await server.api('GET', '/app/user', { token: 'zx_made-up' });
    assert.equal(res.status, 401);
    assert.equal(res.body.msg, '登录已过期，请重新登录');
  });

  test('expired token: 登录已过期', async () => {
    const token = await server.login('student');
    await server.data.db
      .updateTable('auth_tokens')
      .set({ expires_at: Date.now() - 1000 })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const res = await server.api('GET', '/app/user', { token });
    assert.equal(res.status, 401);
    assert.equal(res.body.msg, '登录已过期，请重新登录');
  });

  test('sign-out revokes the token on the server (POST logout and DELETE token)', async () => {
    for (const [method, path] of [
      ['POST', '/app/api/oauth/logout'],
      ['DELETE', '/app/api/oauth/token'],
    ] as const) {
      const token = await server.login('teacher');
      assert.equal((await server.api('GET', '/app/user', { token })).status, 200);
      const out = await server.api(method, path, { token });
      assert.equal(out.body.code, 200, `${method} ${path}`);
      const after = await server.api('GET', '/app/user', { token });
      assert.equal(after.status, 401);
      assert.equal(after.body.msg, '你已退出登录，请重新登录');
    }
  });

  test('sign-out without a token is a 401 "token不能为空"', async () => {
    const res = await server.api('POST', '/app/api/oauth/logout');
    assert.equal(res.status, 401);
    assert.equal(res.body.msg, 'token不能为空');
  });
});

describe('PUT /app/user/password/update', () => {
  test('revokes every other token of the user and keeps the current one', async () => {
    const elsewhere = await server.login('manager');
    const here = await server.login('manager');
    const changed = await server.api('PUT', '/app/user/password/update', {
      token: here,
      body: { oldPassword: server.demoPassword, newPassword: 'a-new-password-1' },
    });
    assert.equal(changed.body.code, 200, changed.body.msg);
    assert.equal((await server.api('GET', '/app/user', { token: here })).status, 200);
    assert.equal((await server.api('GET', '/app/user', { token: elsewhere })).status, 401);

    // The new password signs in; the old one no longer does.
    await server.login('manager', 'a-new-password-1');
    const old = await server.api('POST', '/app/api/oauth/token', { body: { username: 'manager', password: server.demoPassword } });
    assert.equal(old.body.code, 400);
  });

  test('wrong old password, short new password, same password', async () => {
    const token = await server.login('student');
    const wrongOld = await server.api('PUT', '/app/user/password/update', {
      token,
      body: { oldPassword: 'not-my-password', newPassword: 'long-enough-1' },
    });
    assert.deepEqual([wrongOld.status, wrongOld.body.msg], [400, '原密码不正确']);

    const short = await server.api('PUT', '/app/user/password/update', {
      token,
      body: { oldPassword: server.demoPassword, newPassword: 'short' },
    });
    assert.deepEqual([short.status, short.body.msg], [400, '新密码（newPassword）至少需要 8 个字符']);

    const same = await server.api('PUT', '/app/user/password/update', {
      token,
      body: { oldPassword: server.demoPassword, newPassword: server.demoPassword },
    });
    assert.deepEqual([same.status, same.body.msg], [400, '新密码不能与原密码相同']);
  });
});
