// A sign-in that ends while the person is using it (an administrator disables
// the account, resets its password or takes a side away; the password is
// changed on another device; the person signs out elsewhere) is refused at
// once with a 401, as before, but the message says what happened, in the
// client's language, instead of "your sign-in has expired". Someone who only
// holds a made-up or expired token learns nothing about the account.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { hashPassword } from '../../../server/modules/account/passwords.js';
import { createUser } from '../../../server/modules/account/store.js';
import { hashToken } from '../../../server/modules/account/tokens.js';
import { startTestServer, type TestServer } from '../../support/server.js';

const EXPIRED = '登录已过期，请重新登录';
const DISABLED = '账号已停用，请联系学校管理员';
const PASSWORD_CHANGED = '密码已在其他地方修改，请用新密码重新登录';
const PASSWORD_RESET = '学校管理员已重置你的密码，请用管理员给你的新密码登录';
const SIDE_REMOVED = '学校管理员已取消你的这一身份，请重新登录';
const SIGNED_OUT = '你已退出登录，请重新登录';

let server: TestServer;
let admin: string;
let serial = 0;

before(async () => {
  server = await startTestServer();
  admin = await server.login('manager');
});
after(() => server.close());

/** A fresh account (its own password, so changing it disturbs no other test), signed in. */
async function person(clientTypes: Array<'1' | '2' | '3'> = ['3']): Promise<{ id: string; username: string; password: string; token: string }> {
  const username = `ended${++serial}`;
  const password = `ended-pass-${serial}-x`;
  const id = await createUser(server.data.db, { username, name: `学生${serial}`, passwordHash: await hashPassword(password), clientTypes }, Date.now());
  return { id, username, password, token: await server.login(username, password) };
}

async function refusal(token: string, locale?: string): Promise<{ status: number; msg: string }> {
  const res = await server.api('GET', '/app/user', { token, headers: locale ? { 'accept-language': locale } : {} });
  return { status: res.status, msg: res.body.msg };
}

describe('the 401 of a sign-in that ended says why', () => {
  test('an account disabled by an administrator is told so, in its language, not that the sign-in expired', async () => {
    const someone = await person();
    assert.equal((await server.api('GET', '/app/user', { token: someone.token })).status, 200);
    assert.equal((await server.api('POST', `/course/admin/users/${someone.id}/disable`, { token: admin })).status, 200);

    assert.deepEqual(await refusal(someone.token), { status: 401, msg: DISABLED });
    assert.deepEqual(await refusal(someone.token, 'en-US,en;q=0.9'), { status: 401, msg: 'This account is disabled. Contact your school administrator' });
    assert.deepEqual(await refusal(someone.token, 'ko-KR'), { status: 401, msg: '계정이 비활성화되었습니다. 학교 관리자에게 문의해 주세요' });
    // Any signed-in call, not only the session.
    const chats = await server.api('GET', '/v1/chat/models', { token: someone.token });
    assert.deepEqual([chats.status, chats.body.msg], [401, DISABLED]);
  });

  test('a token the disable did not reach (revoked a moment late) is refused with the same reason', async () => {
    const someone = await person();
    await server.data.db.updateTable('users').set({ disabled_at: Date.now() }).where('id', '=', someone.id).execute();
    assert.deepEqual(await refusal(someone.token), { status: 401, msg: DISABLED });
  });

  test('enabled again, an old sign-in just asks to sign in again', async () => {
    const someone = await person();
    await server.api('POST', `/course/admin/users/${someone.id}/disable`, { token: admin });
    await server.api('POST', `/course/admin/users/${someone.id}/enable`, { token: admin });
    assert.deepEqual(await refusal(someone.token), { status: 401, msg: EXPIRED });
  });

  test('the password changed on another device: the other sign-ins are told to use the new password', async () => {
    const someone = await person();
    const here = await server.login(someone.username, someone.password);
    const changed = await server.api('PUT', '/app/user/password/update', {
      token: here,
      body: { oldPassword: someone.password, newPassword: 'a-brand-new-pass-1' },
    });
    assert.equal(changed.body.code, 200, changed.body.msg);
    assert.deepEqual(await refusal(someone.token), { status: 401, msg: PASSWORD_CHANGED });
    assert.deepEqual(await refusal(someone.token, 'en-US'), { status: 401, msg: 'Your password was changed elsewhere. Sign in with the new password' });
    assert.equal((await server.api('GET', '/app/user', { token: here })).status, 200, 'the device that changed it stays signed in');
  });

  test('an administrator reset the password: told to sign in with the one the administrator gives', async () => {
    const someone = await person();
    assert.equal((await server.api('POST', `/course/admin/users/${someone.id}/password/reset`, { token: admin })).status, 200);
    assert.deepEqual(await refusal(someone.token), { status: 401, msg: PASSWORD_RESET });
    assert.deepEqual(await refusal(someone.token, 'ru-RU'), {
      status: 401,
      msg: 'Администратор школы сбросил ваш пароль. Войдите с новым паролем от администратора',
    });
  });

  test('the side signed in with was taken away: told so; a sign-in on a side still held keeps working', async () => {
    const someone = await person(['1', '3']);
    const switched = await server.api<{ token: string }>('GET', '/course/app/api/teacher-switch?clientType=3', {
      token: await server.login(someone.username, someone.password),
    });
    assert.equal(switched.body.code, 200, switched.body.msg);
    const asStudent = switched.body.data.token;
    const edited = await server.api('PUT', `/course/admin/users/${someone.id}`, { token: admin, body: { clientTypes: ['3'] } });
    assert.equal(edited.status, 200, edited.body.msg);
    assert.deepEqual(await refusal(someone.token), { status: 401, msg: SIDE_REMOVED });
    assert.deepEqual(await refusal(someone.token, 'zh-TW'), { status: 401, msg: '學校管理員已取消你的這一身分，請重新登入' });
    assert.equal((await server.api('GET', '/app/user', { token: asStudent })).status, 200);
  });

  test('signed out (in another tab): told so rather than that it expired', async () => {
    const someone = await person();
    assert.equal((await server.api('POST', '/app/api/oauth/logout', { token: someone.token })).body.code, 200);
    assert.deepEqual(await refusal(someone.token), { status: 401, msg: SIGNED_OUT });
  });
});

describe('a made-up or expired token learns nothing about the account', () => {
  test('unknown token: the generic message', async () => {
    assert.deepEqual(await refusal('zx_made-up-token'), { status: 401, msg: EXPIRED });
  });

  test('an expired token of an account disabled, reset or signed out since: the generic message', async () => {
    const disabled = await person();
    const reset = await person();
    const signedOut = await person();
    await server.api('POST', `/course/admin/users/${disabled.id}/disable`, { token: admin });
    await server.api('POST', `/course/admin/users/${reset.id}/password/reset`, { token: admin });
    await server.api('POST', '/app/api/oauth/logout', { token: signedOut.token });
    for (const { token } of [disabled, reset, signedOut]) {
      await server.data.db
        .updateTable('auth_tokens')
        .set({ expires_at: Date.now() - 1000 })
        .where('token_hash', '=', hashToken(token))
        .execute();
      assert.deepEqual(await refusal(token), { status: 401, msg: EXPIRED });
    }
  });

  test('a deleted account: its tokens are gone with it, so the generic message', async () => {
    const someone = await person();
    await server.data.db.deleteFrom('users').where('id', '=', someone.id).execute();
    assert.deepEqual(await refusal(someone.token), { status: 401, msg: EXPIRED });
  });
});
