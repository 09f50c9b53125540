// Password guessing is slowed down per (account, address) pair and per
// account; per address alone only softly (a school signs in from one NAT
// address), and a browser that signed in before is not locked out by others'
// failures.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createMemoryLoginThrottle } from '../../../server/modules/account/login-throttle.js';
import { startTestServer, type TestServer } from '../../support/server.js';

/** POST /oauth/token as if from `ip`, with the browser's cookies when given. */
const signIn = (server: () => TestServer) => (username: string, password: string, ip: string, cookie?: string) =>
  server().app.inject({
    method: 'POST',
    url: '/new-chat/app/api/oauth/token',
    payload: { username, password },
    remoteAddress: ip,
    ...(cookie ? { headers: { cookie } } : {}),
  });

describe('sign-in rate limit over HTTP', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  const attempt = signIn(() => server);

  test('after 5 failures of an account from one address, even its right password waits there (429 with Retry-After)', async () => {
    for (let i = 0; i < 5; i++) assert.equal((await attempt('teacher', `guess-${i}-xx`, '10.0.0.1')).statusCode, 400);
    const locked = await attempt('teacher', server.demoPassword, '10.0.0.1');
    assert.equal(locked.statusCode, 429);
    const body = locked.json();
    assert.equal(body.code, 429);
    assert.match(body.msg, /密码错误次数过多，请 1[45] 分钟后再试/);
    const wait = Number(locked.headers['retry-after']);
    assert.ok(wait > 800 && wait <= 900, `retry-after ${wait}`);
    // Another account behind the same address is not affected.
    assert.equal((await attempt('manager', server.demoPassword, '10.0.0.1')).statusCode, 200);
  });

  test('30 failures of one pupil behind a school NAT do not block another pupil signing in there', async () => {
    for (let i = 0; i < 30; i++) await attempt(i % 2 ? 'student' : `nobody${i}`, `wrong-password-${i}`, '10.9.9.9');
    assert.equal((await attempt('student', server.demoPassword, '10.9.9.9')).statusCode, 429, 'the failing pair is throttled');
    assert.equal((await attempt('manager', server.demoPassword, '10.9.9.9')).statusCode, 200, 'another account from the same address signs in');
  });

  test('200 concurrent guesses: the attempt is counted before the password is checked, so the real one beyond the limit is refused', async () => {
    const guesses = Array.from({ length: 200 }, (_, i) => (i === 150 ? server.demoPassword : `burst-guess-${i}`));
    const burst = await Promise.all(guesses.map((p) => attempt('manager', p, '10.7.7.8')));
    const evaluated = burst.filter((r) => r.statusCode !== 429).length;
    assert.ok(evaluated <= 5, `${evaluated} guesses were evaluated`);
    assert.equal(burst[150]!.statusCode, 429, 'the real password, beyond the limit, is refused');
    assert.equal(burst.filter((r) => r.statusCode === 200).length, 0);
  });
});

describe('known devices', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ loginThrottle: createMemoryLoginThrottle({ perPair: 5, perUsername: 8, perAddress: 100, windowMs: 15 * 60_000 }) });
  });
  after(() => server.close());

  const attempt = signIn(() => server);

  test('a browser that signed in before still gets in while its account is under attack from elsewhere', async () => {
    const first = await attempt('teacher', server.demoPassword, '192.168.1.20');
    assert.equal(first.statusCode, 200);
    const setCookie = String(first.headers['set-cookie']);
    assert.match(setCookie, /HttpOnly/);
    assert.match(setCookie, /SameSite=Strict/);
    const cookie = setCookie.split(';')[0]!;

    // An attacker spread over many addresses uses up the account's limit.
    for (let i = 0; i < 8; i++) assert.equal((await attempt('teacher', `attack-${i}-xx`, `203.0.113.${i}`)).statusCode, 400);
    assert.equal((await attempt('teacher', server.demoPassword, '203.0.113.200')).statusCode, 429, 'an unknown device waits');
    assert.equal((await attempt('teacher', server.demoPassword, '192.168.1.20')).statusCode, 429, 'the owner without the cookie waits too');

    assert.equal((await attempt('teacher', server.demoPassword, '192.168.1.20', cookie)).statusCode, 200, 'the known device signs in');
    const tampered = `${cookie.slice(0, -2)}${cookie.endsWith('AA') ? 'BB' : 'AA'}`;
    assert.equal((await attempt('teacher', server.demoPassword, '192.168.1.20', tampered)).statusCode, 429, 'a tampered cookie is not a known device');
  });

  test('a known device still has its own limit', async () => {
    const first = await attempt('student', server.demoPassword, '192.168.1.30');
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    for (let i = 0; i < 5; i++) assert.equal((await attempt('student', `typo-${i}-xx`, '192.168.1.30', cookie)).statusCode, 400);
    assert.equal((await attempt('student', server.demoPassword, '192.168.1.30', cookie)).statusCode, 429);
  });
});

describe('memory throttle rules', () => {
  const limits = { perPair: 3, perUsername: 100, perAddress: 1000, windowMs: 60_000 };
  const a = { username: 'u', ip: '1.1.1.1' };

  test('unlocks once the failures age out of the window', () => {
    const throttle = createMemoryLoginThrottle(limits);
    for (const t of [0, 10_000, 20_000]) assert.equal(throttle.reserve(a, t).retryAfterSeconds, 0);
    assert.equal(throttle.reserve(a, 20_000).retryAfterSeconds, 40);
    assert.equal(throttle.reserve(a, 59_999).retryAfterSeconds, 1);
    assert.equal(throttle.reserve(a, 60_001).retryAfterSeconds, 0);
  });

  test('a successful sign-in clears the pair count', () => {
    const throttle = createMemoryLoginThrottle(limits);
    for (const t of [0, 1]) throttle.reserve(a, t);
    throttle.reserve(a, 2).succeeded();
    assert.equal(throttle.reserve(a, 3).retryAfterSeconds, 0);
    assert.equal(throttle.reserve(a, 4).retryAfterSeconds, 0);
  });

  test('one password sprayed over many accounts from one address is slowed; right passwords and known devices still pass', () => {
    const throttle = createMemoryLoginThrottle({ perPair: 5, perUsername: 10, perAddress: 20, windowMs: 60_000 });
    const nat = '10.8.0.1';
    // A class signing in right from the same address never counts.
    for (let i = 0; i < 50; i++) throttle.reserve({ username: `pupil${i}`, ip: nat }, i).succeeded();
    const sprayed = Array.from({ length: 25 }, (_, i) => throttle.reserve({ username: `victim${i}`, ip: nat }, 100 + i).retryAfterSeconds);
    assert.deepEqual(
      sprayed.map((wait) => wait > 0),
      [...Array<boolean>(20).fill(false), ...Array<boolean>(5).fill(true)],
    );
    assert.equal(throttle.reserve({ username: 'pupil1', ip: nat, knownDevice: 'device-1' }, 200).retryAfterSeconds, 0, "a pupil's own browser still signs in");
    assert.equal(throttle.reserve({ username: 'victim30', ip: '10.9.0.1' }, 200).retryAfterSeconds, 0, 'another address is not slowed');
  });
});
