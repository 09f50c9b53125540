// SMS codes: sending with limits, phone sign-in, binding a phone,
// resetting a password, and never telling whether a phone is registered.
import assert from 'node:assert/strict';
import { after, before, describe, it, test } from 'node:test';
import { startCli, stopCli } from '../../support/cli-server.js';
import { openTestDatabase, startTestServer, TEST_DEMO_PASSWORD, type TestServer } from '../../support/server.js';
import { until } from '../../support/until.js';

describe('SMS codes', () => {
  let server: TestServer;
  let teacher: string;
  let manager: string;
  let student: string;
  let address = 0;

  before(async () => {
    server = await startTestServer({ env: { ZX_TRUST_PROXY: '127.0.0.1', ZX_SMS_LOG_CODES: 'true' } });
    teacher = await server.login('teacher');
    manager = await server.login('manager');
    student = await server.login('student');
  });
  after(() => server.close());

  it('tells the login page that phone sign-in works when the codes reach someone', async () => {
    const home = await server.api<{ smsSignIn: boolean }>('GET', '/app/api/home/config');
    assert.equal(home.body.data.smsSignIn, true);
  });

  /** Each call from its own address unless told, so per-address limits do not mix tests. */
  const send = (phone: string, scene: string, options: { token?: string; ip?: string } = {}) =>
    server.api('POST', '/app/api/sms/send', {
      token: options.token,
      body: { phone, scene },
      headers: { 'x-forwarded-for': options.ip ?? `10.1.0.${++address}` },
    });
  /** The newest code the log provider wrote for a masked phone. */
  const codeFor = (phone: string): string => {
    const masked = `${phone.slice(0, 3)}****${phone.slice(-4)}`;
    const matches = [...server.logs().matchAll(new RegExp(`SMS to ${masked.replace(/\*/gu, '\\*')} \\(\\w+\\): 验证码 (\\d{6})`, 'gu'))];
    assert.ok(matches.length, `a code was logged for ${masked}`);
    return matches.at(-1)![1]!;
  };
  /** Moves every send a day back, so one test's sends do not limit the next. */
  const forgetSends = () =>
    server.data.db
      .updateTable('sms_sends')
      .set({ created_at: Date.now() - 25 * 3600_000 })
      .execute();
  const bind = async (token: string, phone: string) => {
    assert.equal((await send(phone, 'bind', { token })).body.code, 200);
    const res = await server.api<{ phone: string }>('POST', '/app/user/phone', { token, body: { phone, code: codeFor(phone) } });
    assert.equal(res.body.code, 200, res.body.msg);
    return res.body.data.phone;
  };

  it('binds a phone for each client type, masked in answers and logs, never stored in full', async () => {
    const phones = ['13800000001', '13800000002', '13800000003'];
    for (const [i, token] of [teacher, manager, student].entries()) {
      assert.equal(await bind(token, phones[i]!), `138****000${i + 1}`);
      assert.equal((await server.api<{ phone: string }>('GET', '/app/user/phone', { token })).body.data.phone, `138****000${i + 1}`);
    }
    assert.ok(!server.logs().includes('13800000001'), 'the full number never reaches the log');
    const stored = JSON.stringify(await server.data.db.selectFrom('user_phones').selectAll().execute());
    assert.ok(!stored.includes('13800000001'));
    assert.equal((await server.api('GET', '/app/user/phone')).body.code, 401);
    assert.equal((await send('13800000009', 'bind')).body.code, 401, 'binding needs a signed-in person');
  });

  it('signs in with a phone and a code; a wrong or used code is refused', async () => {
    await forgetSends();
    const phone = '13800000001'; // the teacher's
    assert.equal((await send(phone, 'login')).body.code, 200);
    const code = codeFor(phone);
    const wrong = await server.api('POST', '/app/api/oauth/token', { body: { phone, code: code === '000000' ? '111111' : '000000' } });
    assert.equal(wrong.status, 400);
    const res = await server.api<{ token: string }>('POST', '/app/api/oauth/token', { body: { phone, code } });
    assert.equal(res.body.code, 200, res.body.msg);
    const session = await server.api<{ username: string }>('GET', '/app/user', { token: res.body.data.token });
    assert.equal(session.body.data.username, 'teacher');
    assert.equal((await server.api('POST', '/app/api/oauth/token', { body: { phone, code } })).status, 400, 'a code works once');
    // The password sign-in keeps its own messages.
    assert.equal((await server.api('POST', '/app/api/oauth/token', { body: { username: 'teacher' } })).body.msg, '缺少密码（password）');
  });

  it('answers the same for a phone with no account, and sends nothing to it', async () => {
    await forgetSends();
    const known = await send('13800000002', 'login');
    const unknown = await send('13900000077', 'login');
    assert.deepEqual([unknown.status, unknown.body], [known.status, known.body]);
    assert.ok(!/SMS to 139\*\*\*\*0077 \(login\): 验证码/u.test(server.logs()));
    assert.equal((await send('13900000077', 'login')).status, 429, 'the limits apply to unknown phones too');
  });

  it('limits sends: 429 with Retry-After within 60 s, per phone and per address; refuses a non-mainland number', async () => {
    await forgetSends();
    const phone = '13800000003';
    assert.equal((await send(phone, 'reset')).status, 200);
    const again = await send(phone, 'reset');
    assert.equal(again.status, 429);
    assert.ok(Number(again.headers.get('retry-after')) >= 55);
    // Twenty requests for a fresh phone at the same instant, four times: exactly one of each
    // burst is sent. (Each counting the others' reservations, a whole burst was once refused on
    // PostgreSQL.)
    for (const fresh of ['13700000004', '13700000014', '13700000024', '13700000034']) {
      const burst = await Promise.all(Array.from({ length: 20 }, () => send(fresh, 'login')));
      assert.deepEqual(burst.map((r) => r.status).sort(), [200, ...Array<number>(19).fill(429)], fresh);
    }
    // One address (a school's NAT), two phones within 60 s: both go; the same phone again does not.
    assert.equal((await send('13700000005', 'login', { ip: '10.9.9.9' })).status, 200);
    assert.equal((await send('13700000006', 'login', { ip: '10.9.9.9' })).status, 200);
    assert.equal((await send('13700000006', 'login', { ip: '10.9.9.9' })).status, 429);
    for (const bad of ['12345', '23800000000', '1380000000a', '+1 2025550123']) assert.equal((await send(bad, 'login')).status, 400, bad);
    assert.equal((await send('+86 138-0000-0003', 'login')).status, 429, '+86 and dashes are the same phone');
    assert.equal((await server.api('POST', '/app/api/sms/send', { body: { phone, scene: 'spam' } })).status, 400);
  });

  it('an address alone has only a high ceiling: a whole class behind one NAT gets its codes', async () => {
    await forgetSends();
    const statuses = [];
    for (let i = 0; i < 30; i++) statuses.push((await send(`1350000${String(i).padStart(4, '0')}`, 'login', { ip: '10.50.0.1' })).status);
    assert.deepEqual(statuses, Array<number>(30).fill(200));
  });

  it('binding codes are capped per account whatever address X-Forwarded-For claims', async () => {
    await forgetSends();
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await send(`1340000${String(i).padStart(4, '0')}`, 'bind', { token: student })).status);
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429, 429]);
  });

  it('counts sends per hour and per day, from the records', async () => {
    const phone = '13600000008';
    const hash = (await import('../../../server/modules/sms/phones.js')).hashPhone(phone);
    const now = Date.now();
    // Four sends earlier this hour (over a minute ago): the fifth goes, the sixth would exceed 5 per hour.
    await server.data.db
      .insertInto('sms_sends')
      .values([1, 2, 3, 4].map((i) => ({ id: `old-${i}`, bucket: `phone:${hash}`, created_at: now - i * 120_000 })))
      .execute();
    assert.equal((await send(phone, 'login')).status, 200);
    await server.data.db
      .updateTable('sms_sends')
      .set({ created_at: now - 10 * 60_000 })
      .where('bucket', '=', `phone:${hash}`)
      .where('id', 'not like', 'old-%')
      .execute();
    const hourly = await send(phone, 'login');
    assert.equal(hourly.status, 429);
    assert.ok(Number(hourly.headers.get('retry-after')) > 60);
  });

  it('burns a code after 5 wrong tries, and resets a password with a right one', async () => {
    const phone = '13800000003'; // the student's
    const res = await server.api<{ token: string }>('POST', '/app/api/oauth/token', { body: { username: 'student', password: server.demoPassword } });
    const other = res.body.data.token;
    // The earlier reset code of this phone: five wrong tries burn it.
    const code = codeFor(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      assert.equal((await server.api('POST', '/app/api/password/reset', { body: { phone, code: wrong, newPassword: 'brand-new-pass-1' } })).status, 400);
    assert.equal((await server.api('POST', '/app/api/password/reset', { body: { phone, code, newPassword: 'brand-new-pass-1' } })).status, 400, 'burnt');
    // A fresh code (past the minute limit: moved back in the records) resets it.
    await forgetSends();
    assert.equal((await send(phone, 'reset')).status, 200);
    const reset = await server.api('POST', '/app/api/password/reset', { body: { phone, code: codeFor(phone), newPassword: 'brand-new-pass-1' } });
    assert.equal(reset.body.code, 200, reset.body.msg);
    assert.equal((await server.api('GET', '/app/user', { token: other })).status, 401, 'signed out everywhere');
    assert.equal((await server.login('student', 'brand-new-pass-1')).length > 0, true);
  });

  it('refuses to bind a phone that another account holds, and unbinds', async () => {
    const extra = await server.login('manager');
    await forgetSends();
    // The student's phone, asked for by the manager: no code goes out, and binding fails.
    assert.equal((await send('13800000003', 'bind', { token: extra })).status, 200);
    const refused = await server.api('POST', '/app/user/phone', { token: extra, body: { phone: '13800000003', code: '123456' } });
    assert.equal(refused.status, 400);
    assert.equal((await server.api('DELETE', '/app/user/phone', { token: manager })).body.code, 200);
    assert.equal((await server.api<{ phone: null }>('GET', '/app/user/phone', { token: manager })).body.data.phone, null);
  });
});

test('a new installation (log provider, default log level) logs that it sent a code, the code masked', async () => {
  const db = await openTestDatabase();
  const cli = await startCli({ ...db.env, ZX_DEMO_PASSWORD: TEST_DEMO_PASSWORD }); // ZX_LOG_LEVEL=warn, the default
  try {
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`${cli.url}/new-chat${path}`, {
        method: 'POST',
        headers: { 'client-id': 'app', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      }).then((res) => res.json() as Promise<{ code: number; data: { token: string } }>);
    const { data } = await post('/app/api/oauth/token', { username: 'teacher', password: TEST_DEMO_PASSWORD });
    assert.equal((await post('/app/api/sms/send', { phone: '13911112222', scene: 'bind' }, data.token)).code, 200);
    const logged = /SMS to 139\*\*\*\*2222 \(bind\): 验证码 \*{6}/u;
    assert.match(await until(cli.output, (output) => logged.test(output)), logged);
    assert.ok(!/验证码 \d{6}/u.test(cli.output()), 'the code itself is not in the log');
    assert.ok(!cli.output().includes('13911112222'), 'the number stays masked');
  } finally {
    await stopCli(cli.child);
    await db.close();
  }
});

test("the school's daily SMS budget refuses sends past it, whatever the address, and raises an alert", async () => {
  const server = await startTestServer({ env: { ZX_TRUST_PROXY: '127.0.0.1', ZX_SMS_DAILY_BUDGET: '3' } });
  try {
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const res = await server.api('POST', '/app/api/sms/send', {
        body: { phone: `1330000000${i}`, scene: 'login' },
        headers: { 'x-forwarded-for': `10.77.0.${i + 1}` },
      });
      statuses.push(res.status);
    }
    assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
    assert.equal((server.logs().match(/SMS alert: the daily SMS budget is used up/gu) ?? []).length, 1, 'one alert, not one per refused send');
  } finally {
    await server.close();
  }
});
