// Password guessing is slowed down per account and per address.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createMemoryLoginThrottle } from '../../server/modules/account/login-throttle.js';
import { startTestServer, type TestServer } from '../support/server.js';

describe('sign-in rate limit over HTTP', () => {
  let server: TestServer;
  before(async () => {
    // Default per-account limit (5 in 15 min); a small per-address limit to keep the test short.
    server = await startTestServer({ loginThrottle: createMemoryLoginThrottle({ perUsername: 5, perIp: 8, windowMs: 15 * 60_000 }) });
  });
  after(() => server.close());

  const attempt = (username: string, password: string, ip: string) =>
    server.app.inject({
      method: 'POST',
      url: '/new-chat/app/api/oauth/token',
      payload: { username, password },
      remoteAddress: ip,
    });

  test('after 5 failures for an account, even the right password waits (429 with Retry-After)', async () => {
    for (let i = 0; i < 5; i++) assert.equal((await attempt('teacher', `guess-${i}-xx`, `10.0.0.${i}`)).statusCode, 400);
    const locked = await attempt('teacher', server.demoPassword, '10.0.1.1');
    assert.equal(locked.statusCode, 429);
    const body = locked.json();
    assert.equal(body.code, 429);
    assert.match(body.msg, /密码错误次数过多，请 1[45] 分钟后再试/);
    const wait = Number(locked.headers['retry-after']);
    assert.ok(wait > 800 && wait <= 900, `retry-after ${wait}`);
    // Other accounts are not affected.
    assert.equal((await attempt('manager', server.demoPassword, '10.0.1.1')).statusCode, 200);
  });

  test('too many failures from one address lock that address only', async () => {
    for (let i = 0; i < 8; i++) await attempt(`nobody${i}`, 'wrong-password', '10.9.9.9');
    assert.equal((await attempt('student', server.demoPassword, '10.9.9.9')).statusCode, 429);
    assert.equal((await attempt('student', server.demoPassword, '10.9.9.10')).statusCode, 200);
  });
});

describe('memory throttle rules', () => {
  const limits = { perUsername: 3, perIp: 100, windowMs: 60_000 };
  const a = { username: 'u', ip: '1.1.1.1' };

  test('unlocks once the failures age out of the window', () => {
    const throttle = createMemoryLoginThrottle(limits);
    for (const t of [0, 10_000, 20_000]) throttle.recordFailure(a, t);
    assert.equal(throttle.retryAfterSeconds(a, 20_000), 40);
    assert.equal(throttle.retryAfterSeconds(a, 59_999), 1);
    assert.equal(throttle.retryAfterSeconds(a, 60_001), 0);
  });

  test('a successful sign-in clears the account count', () => {
    const throttle = createMemoryLoginThrottle(limits);
    for (const t of [0, 1, 2]) throttle.recordFailure(a, t);
    throttle.recordSuccess(a);
    assert.equal(throttle.retryAfterSeconds(a, 3), 0);
  });
});
