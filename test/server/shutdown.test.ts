// Graceful shutdown: requests in flight finish, new ones are refused, the
// database closes last.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startTestServer } from '../support/server.js';

test('close() lets an in-flight request finish, then closes the database', async () => {
  let arrived!: () => void;
  const inFlight = new Promise<void>((resolve) => (arrived = resolve));
  const server = await startTestServer({
    setup(app) {
      app.get('/new-chat/test/slow', async () => {
        arrived();
        await new Promise((resolve) => setTimeout(resolve, 300));
        // Still able to use the database while finishing.
        const users = await server.data.db.selectFrom('users').select('id').execute();
        return { code: 200, msg: 'done', data: users.length };
      });
    },
  });

  const slow = fetch(`${server.baseUrl}/new-chat/test/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
  await inFlight;
  const started = Date.now();
  const closing = server.close();

  assert.deepEqual(await slow, { status: 200, body: { code: 200, msg: 'done', data: 3 } });
  await closing;
  // The in-flight request's keep-alive socket must not hold shutdown open.
  assert.ok(Date.now() - started < 5000, `close took ${Date.now() - started} ms`);
  await assert.rejects(fetch(`${server.baseUrl}/new-chat/health`), 'no longer accepting connections');
  await assert.rejects(server.data.db.selectFrom('users').select('id').execute(), 'the database is closed');
});
