// A request that arrives while the server shuts down (the port stays open
// while the answers in progress are saved) is refused like every other
// refusal: 503 with the {code,msg,data} envelope in the reader's language
// and a Retry-After, never a bare framework body.
import assert from 'node:assert/strict';
import { after, it } from 'node:test';
import { startTestServer, type TestServer } from '../../support/server.js';

let server: TestServer | undefined;
after(() => server?.close());

it('a request during shutdown gets 503 with the envelope and Retry-After', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let closingStarted!: () => void;
  const started = new Promise<void>((resolve) => (closingStarted = resolve));
  server = await startTestServer({
    setup(app) {
      // Shutdown's own work (saving answers in progress) takes a while: held here until the request is checked.
      app.addHook('preClose', async () => {
        closingStarted();
        await held;
      });
    },
  });
  const { baseUrl } = server;
  const closing = server.close();
  await started;
  try {
    for (const path of ['/health', '/app/api/oauth/token', '/no-such-route']) {
      const response: Response = await fetch(`${baseUrl}/new-chat${path}`, { headers: { 'accept-language': 'en-US' } });
      assert.equal(response.status, 503, path);
      assert.ok(Number(response.headers.get('retry-after')) > 0, `${path}: says when to come back`);
      assert.deepEqual(await response.json(), { code: 503, msg: 'The server is restarting. Please try again shortly', data: null }, path);
    }
  } finally {
    release();
    await closing;
  }
});
