// Logs are for operators: request ids on every line, never a password,
// token or authorization header.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { loggableUrl } from '../../../server/http/logging.js';
import { startTestServer, type TestServer } from '../../support/server.js';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

test('a full account session leaves no password or token in the logs', async () => {
  const token = await server.login('teacher');
  await server.api('GET', '/app/user', { token });
  await server.api('POST', '/app/api/oauth/token', { body: { username: 'teacher', password: 'wrong-Secret-77' } });
  await server.api('GET', '/app/api/oauth/token?username=teacher&pwd=url-Secret-88');
  await server.api('GET', '/app/api/dict/select/term?access_token=query-Secret-99');
  await server.api('GET', '/app/api/file/some-file-id?access=user.123.signed-Link-33');
  await server.api('GET', '/app/api/mindmaps/shared/map-Share-Token-21');
  await server.api('GET', '/app/api/chat/share/chat-Share-Id-22');
  await server.app.inject({ method: 'GET', url: '/mindMap?share=map-Share-Token-23' });
  await server.api('PUT', '/app/user/password/update', {
    token,
    body: { oldPassword: server.demoPassword, newPassword: 'new-Secret-66' },
  });
  const switched = await server.api<{ token: string }>('GET', '/course/app/api/teacher-switch?clientType=1', { token });
  await server.api('POST', '/app/api/oauth/logout', { token: switched.body.data.token });
  // Even when code logs a secret by mistake, redaction catches it.
  server.app.log.info({ password: 'logged-Secret-55', user: { token: 'nested-Secret-44' } }, 'careless log call');

  const logs = server.logs();
  assert.ok(logs.length > 0);
  for (const secret of [
    server.demoPassword,
    token,
    switched.body.data.token,
    'wrong-Secret-77',
    'url-Secret-88',
    'query-Secret-99',
    'signed-Link-33',
    'new-Secret-66',
    'logged-Secret-55',
    'nested-Secret-44',
    'map-Share-Token-21',
    'chat-Share-Id-22',
    'map-Share-Token-23',
    'Bearer',
  ]) {
    assert.ok(secret && !logs.includes(secret), `logs contain ${secret}`);
  }
  assert.match(logs, /\[redacted\]/);

  const requestLines = logs
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { reqId?: string; req?: unknown })
    .filter((line) => line.req);
  assert.ok(requestLines.length >= 8);
  for (const line of requestLines) assert.match(line.reqId ?? '', /^[0-9a-f]{16}$/);
});

test('loggableUrl keeps harmless query values and hides secret-looking ones', () => {
  assert.equal(loggableUrl('/new-chat/app/user'), '/new-chat/app/user');
  assert.equal(loggableUrl('/x?title=数控&token=abc'), '/x?title=%E6%95%B0%E6%8E%A7&token=%5Bredacted%5D');
  assert.equal(loggableUrl('/new-chat/app/api/oauth/token?u=a&p=b'), '/new-chat/app/api/oauth/token?[redacted]');
  // Capability tokens: whoever holds one reads a shared mind map or chat.
  assert.equal(loggableUrl('/new-chat/app/api/mindmaps/shared/Zk3xQ9-secret'), '/new-chat/app/api/mindmaps/shared/[redacted]');
  assert.equal(loggableUrl('/new-chat/app/api/chat/share/0123456789abcdef?x=1'), '/new-chat/app/api/chat/share/[redacted]?x=1');
  assert.equal(loggableUrl('/mindMap?share=Zk3xQ9-secret'), '/mindMap?share=%5Bredacted%5D');
});

test('secret keys are censored two levels deep without touching the caller’s objects', async () => {
  const { scrubSecrets } = await import('../../../server/http/logging.js');
  const logged = { user: { token: 'a', name: 'x' }, deep: { inner: { apiKey: 'b' } }, password: 'c', plain: 1 };
  const scrubbed = scrubSecrets(logged);
  assert.deepEqual(scrubbed, { user: { token: '[redacted]', name: 'x' }, deep: { inner: { apiKey: '[redacted]' } }, password: '[redacted]', plain: 1 });
  // The object the code logged is left as it was.
  assert.equal(logged.user.token, 'a');
  assert.equal(logged.deep.inner.apiKey, 'b');
  const clean = { a: 1, b: { c: 2 } };
  assert.equal(scrubSecrets(clean), clean);
});

test('access log lines: off writes none, a share of 1 writes one per request, still without secrets', async () => {
  for (const [setting, expected] of [
    ['off', 0],
    ['1', 3],
  ] as const) {
    const quiet = await startTestServer({ env: { ZX_ACCESS_LOG: setting } });
    try {
      const token = await quiet.login('teacher');
      const before = quiet.logs().length;
      for (let i = 0; i < 3; i++) assert.equal((await quiet.api('GET', '/app/user', { token })).status, 200);
      const lines = quiet
        .logs()
        .slice(before)
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { req?: { url?: string }; res?: { statusCode?: number }; reqId?: string });
      const access = lines.filter((line) => line.req?.url === '/new-chat/app/user');
      assert.equal(access.length, expected, `ZX_ACCESS_LOG=${setting}`);
      for (const line of access) {
        assert.equal(line.res?.statusCode, 200);
        assert.match(line.reqId ?? '', /^[0-9a-f]{16}$/);
      }
      assert.ok(!quiet.logs().includes(token));
    } finally {
      await quiet.close();
    }
  }
});
