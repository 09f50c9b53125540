// Graceful shutdown: requests in flight finish, new ones are refused, the
// database closes last. What would hold close() open (an idle keep-alive
// socket, a half-sent body, a client that stopped reading) is made to last
// far longer than the test's time limit, so close() either lets go of it or
// the test fails by timing out, however busy the machine: nothing here
// measures how long close() took.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { test } from 'node:test';
import { payloadTooLarge } from '../../../server/http/errors.js';
import { startTestServer } from '../../support/server.js';

/** Long enough that a close() waiting on it fails the test by its time limit (below). */
const HOLDS_FOR_MS = 10 * 60_000;
const WITHIN_TEST_LIMIT = { timeout: 60_000 };

test('close() lets an in-flight request finish, then closes the database', WITHIN_TEST_LIMIT, async () => {
  let arrived!: () => void;
  const inFlight = new Promise<void>((resolve) => (arrived = resolve));
  const server = await startTestServer({
    setup(app) {
      // The in-flight request's connection stays open after it (keep-alive) for longer than the test may run.
      app.server.keepAliveTimeout = HOLDS_FOR_MS;
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
  const closing = server.close();

  assert.deepEqual(await slow, { status: 200, body: { code: 200, msg: 'done', data: 3 } });
  // The in-flight request's keep-alive socket must not hold shutdown open.
  await closing;
  await assert.rejects(fetch(`${server.baseUrl}/new-chat/health`), 'no longer accepting connections');
  await assert.rejects(server.data.db.selectFrom('users').select('id').execute(), 'the database is closed');
});

test('an answer sent before the request body was read closes its connection, so close() does not wait for it', WITHIN_TEST_LIMIT, async () => {
  // As an upload chunk refused for the quota the moment it starts: the rest of its body is never read.
  const server = await startTestServer({
    setup(app) {
      app.post('/new-chat/test/refuse-unread', async () => {
        throw payloadTooLarge('存储空间不足');
      });
    },
  });
  const request = httpRequest(`${server.baseUrl}/new-chat/test/refuse-unread`, {
    method: 'POST',
    headers: { 'content-type': 'multipart/form-data; boundary=zx', 'content-length': String(1024 * 1024) },
  });
  request.on('error', () => {}); // the server hangs up on the unsent rest, as asked
  request.write(Buffer.alloc(64 * 1024));
  const [response] = (await once(request, 'response')) as [IncomingMessage];
  response.resume();
  assert.equal(response.statusCode, 413);
  assert.equal(response.headers.connection, 'close');

  // Before the fix, the half-sent request's socket held close() for the 72 s keep-alive timeout.
  await server.close(); // had it waited on the stalled connection, the test would run into its time limit
  request.destroy();
});

test('a download the client stopped reading is cut after the drain time, so close() finishes', WITHIN_TEST_LIMIT, async () => {
  const server = await startTestServer({
    closeDrainMs: 300,
    setup(app) {
      // Far more than the socket buffers hold, so the response cannot finish while no one reads.
      // Streamed, as a stored file is sent.
      app.get('/new-chat/test/big', async (_request, reply) =>
        reply.type('application/octet-stream').send(
          Readable.from(
            (function* () {
              for (let i = 0; i < 512; i++) yield Buffer.alloc(64 * 1024);
            })(),
          ),
        ),
      );
    },
  });
  const request = httpRequest(`${server.baseUrl}/new-chat/test/big`);
  request.on('error', () => {});
  request.end();
  const [response] = (await once(request, 'response')) as [IncomingMessage];
  response.on('error', () => {});
  response.pause(); // the client stops reading after the headers
  assert.equal(response.statusCode, 200);

  // Before the drain limit, the stalled response held close() for about 70 s.
  await server.close(); // had it waited on the stalled connection, the test would run into its time limit
  request.destroy();
});
