// Common passwords and a person's own names are refused wherever a person
// chooses a password: change, reset by SMS and roster import.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { WEAK_PASSWORD_MESSAGE } from '../../../server/modules/account/password-strength.js';
import { startTestServer, type TestServer } from '../../support/server.js';

let server: TestServer;
before(async () => {
  server = await startTestServer({ env: { ZX_SMS_LOG_CODES: 'true' } });
});
after(() => server?.close());

const codeFor = (phone: string): string => {
  const masked = `${phone.slice(0, 3)}\\*\\*\\*\\*${phone.slice(-4)}`;
  const found = [...server.logs().matchAll(new RegExp(`SMS to ${masked} \\(\\w+\\): 验证码 (\\d{6})`, 'gu'))];
  assert.ok(found.length, 'a code was logged');
  return found.at(-1)![1]!;
};

describe('weak passwords', () => {
  test('changing to a common password or the username plus digits is refused; a good one is taken', async () => {
    const token = await server.login('teacher');
    for (const weak of ['12345678', 'password', '11111111', 'teacher2024', 'qwertyuiop']) {
      const res = await server.api('PUT', '/app/user/password/update', { token, body: { oldPassword: server.demoPassword, newPassword: weak } });
      assert.equal(res.status, 400, weak);
      assert.equal(res.body.msg, WEAK_PASSWORD_MESSAGE, weak);
    }
    const english = await server.api('PUT', '/app/user/password/update', {
      token,
      body: { oldPassword: server.demoPassword, newPassword: '12345678' },
      headers: { 'accept-language': 'en-US' },
    });
    assert.match(english.body.msg, /too common or easy to guess/);
    const good = await server.api('PUT', '/app/user/password/update', { token, body: { oldPassword: server.demoPassword, newPassword: 'lantern-orbit-47' } });
    assert.equal(good.status, 200, good.body.msg);
  });

  test('a reset by SMS refuses a common password before the code is spent', async () => {
    const token = await server.login('student');
    const phone = '13811112233';
    assert.equal((await server.api('POST', '/app/api/sms/send', { token, body: { phone, scene: 'bind' } })).status, 200);
    assert.equal((await server.api('POST', '/app/user/phone', { token, body: { phone, code: codeFor(phone) } })).status, 200);
    await server.data.db
      .updateTable('sms_sends')
      .set({ created_at: Date.now() - 25 * 3600_000 })
      .execute();
    assert.equal((await server.api('POST', '/app/api/sms/send', { body: { phone, scene: 'reset' } })).status, 200);
    const code = codeFor(phone);
    const weak = await server.api('POST', '/app/api/password/reset', { body: { phone, code, newPassword: '88888888' } });
    assert.equal(weak.status, 400);
    assert.equal(weak.body.msg, WEAK_PASSWORD_MESSAGE);
    const good = await server.api('POST', '/app/api/password/reset', { body: { phone, code, newPassword: 'copper-meadow-93' } });
    assert.equal(good.status, 200, good.body.msg);
  });

  test('a roster row with a common password or its own username is named and nothing is imported', async () => {
    const manager = await server.login('manager');
    const roster = 'username,name,client_type,class,password\nweak-a,王一,3,,12345678\nliming,李明,3,,liming2024\nstrong-c,张三,3,,river-stone-82\n';
    const res = await server.api<{ problems: Array<{ line: number; reason: string }> }>('POST', '/course/admin/users/import', {
      token: manager,
      body: { fileId: await server.uploadFile(manager, 'roster.csv', roster) },
    });
    assert.equal(res.status, 400);
    assert.deepEqual(
      res.body.data.problems.map((p) => [p.line, p.reason]),
      [
        [2, WEAK_PASSWORD_MESSAGE],
        [3, WEAK_PASSWORD_MESSAGE],
      ],
    );
    assert.equal((await server.data.db.selectFrom('users').select('id').where('username', '=', 'strong-c').execute()).length, 0);
  });
});
