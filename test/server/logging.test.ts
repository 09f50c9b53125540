// Logs are for operators: request ids on every line, never a password,
// token or authorization header.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { loggableUrl } from '../../server/http/logging.js';
import { startTestServer, type TestServer } from '../support/server.js';

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
});
