// What every call has in common: the envelope, status codes, request ids,
// validation messages, no internals on errors, and the non-API pages.
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { startTestServer, type Envelope, type TestServer } from '../../support/server.js';

const INDEX_HTML = '<!doctype html><title>zx host app</title><script type="module" src="/app/main.js"></script>';

let server: TestServer;
let siteDir: string;
before(async () => {
  siteDir = await mkdtemp(path.join(tmpdir(), 'zx-site-'));
  await mkdir(path.join(siteDir, 'web', 'app'), { recursive: true });
  await mkdir(path.join(siteDir, 'demo'));
  await writeFile(path.join(siteDir, 'web', 'index.html'), INDEX_HTML);
  await writeFile(path.join(siteDir, 'web', 'app', 'main.js'), 'console.log("zx")');
  await writeFile(path.join(siteDir, 'demo', 'cms.html'), '<p>demo page</p>');
  await writeFile(path.join(siteDir, 'demo', 'index.html'), '<p>demo index</p>');
  server = await startTestServer({
    env: { ZX_PUBLIC_DIR: path.join(siteDir, 'web'), ZX_DEMO_DIR: path.join(siteDir, 'demo') },
    setup(app) {
      app.get('/new-chat/test/explode', async () => {
        throw new Error('SECRET-DETAIL at /srv/zhixue/internal.ts');
      });
      app.get('/new-chat/test/bad-sql', async () => {
        await sql`select * from table_that_does_not_exist_secret`.execute(server.data.db);
      });
    },
  });
});
after(async () => {
  await server.close();
  await rm(siteDir, { recursive: true, force: true });
});

describe('envelope and status codes', () => {
  test('GET /new-chat/health checks the database (and says no Redis is configured)', async () => {
    const res = await server.api('GET', '/health');
    assert.equal(res.status, 200);
    const { freeBytes, ...rest } = res.body.data as { freeBytes: unknown };
    assert.ok(typeof freeBytes === 'number' && freeBytes > 0, 'free bytes of the data folder');
    assert.deepEqual(
      { ...res.body, data: rest },
      {
        code: 200,
        msg: '操作成功',
        data: {
          status: 'ok',
          db: process.env.ZX_TEST_DB ?? 'sqlite',
          database: 'ok',
          redis: 'none',
          storage: 'ok',
          files: process.env.ZX_TEST_STORAGE ?? 'local',
        },
      },
    );
  });

  test('an unknown API path is a 404 envelope, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await server.api(method, '/no/such/route');
      assert.equal(res.status, 404, method);
      assert.deepEqual(res.body, { code: 404, msg: '请求的接口不存在，请检查地址', data: null });
    }
  });

  test('an API path the server does not have is a 404 envelope however it is spelt, even with a doubled slash', async () => {
    for (const route of ['//no-such-route', '/app//user', '/course//list']) {
      const response = await fetch(`${server.baseUrl}/new-chat${route}`);
      assert.equal(response.status, 404, route);
      assert.deepEqual(await response.json(), { code: 404, msg: '请求的接口不存在，请检查地址', data: null }, route);
    }
  });

  test('a 500 says only "try later": no message, stack or SQL of the failure', async () => {
    for (const route of ['/test/explode', '/test/bad-sql']) {
      const response = await fetch(`${server.baseUrl}/new-chat${route}`);
      const text = await response.text();
      assert.equal(response.status, 500);
      assert.deepEqual(JSON.parse(text), { code: 500, msg: '服务器开小差了，请稍后再试', data: null });
      assert.doesNotMatch(text, /SECRET|srv|stack|select/i);
    }
    // ...while the log keeps the detail, tied to the request id.
    const line = server
      .logs()
      .split('\n')
      .find((l) => l.includes('SECRET-DETAIL'));
    assert.ok(line, 'the error is logged');
    assert.match(JSON.parse(line).reqId, /^[0-9a-f]{16}$/);
  });
});

describe('request ids', () => {
  test('every reply carries x-request-id; a sane incoming one is kept', async () => {
    const fresh = await server.api('GET', '/health');
    assert.match(fresh.headers.get('x-request-id') ?? '', /^[0-9a-f]{16}$/);
    const kept = await server.api('GET', '/health', { headers: { 'x-request-id': 'proxy-abc.123' } });
    assert.equal(kept.headers.get('x-request-id'), 'proxy-abc.123');
    const replaced = await server.api('GET', '/health', { headers: { 'x-request-id': 'bad id\twith tab' } });
    assert.match(replaced.headers.get('x-request-id') ?? '', /^[0-9a-f]{16}$/);
  });
});

describe('bad requests', () => {
  test('a wrong type names the field in words', async () => {
    const res = await server.api('POST', '/app/api/oauth/token', { body: { username: 42, password: 'x' } });
    assert.equal(res.status, 400);
    assert.equal(res.body.msg, '用户名（username）应为文本');
  });

  test('malformed JSON and a missing body', async () => {
    const broken = await fetch(`${server.baseUrl}/new-chat/app/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username": ',
    });
    assert.equal(broken.status, 400);
    assert.equal(((await broken.json()) as Envelope).msg, '请求内容不是有效的 JSON');
    const empty = await server.api('POST', '/app/api/oauth/token');
    assert.equal(empty.status, 400);
    assert.equal(empty.body.code, 400);
  });

  test('a JSON body over 1 MB is a 413 envelope', async () => {
    const token = await server.login('teacher');
    const res = await server.api('PUT', '/app/user', { token, body: { nickname: 'x'.repeat(1024 * 1024 + 10) } });
    assert.equal(res.status, 413);
    assert.equal(res.body.code, 413);
    assert.match(res.body.msg, /过大/);
  });
});

describe('pages outside the API', () => {
  test('client-side routes get the app shell (index.html)', async () => {
    for (const route of ['/', '/course/list', '/login?redirect=%2Fcourse%2Fdialogue']) {
      const response = await fetch(`${server.baseUrl}${route}`);
      assert.equal(response.status, 200, route);
      assert.match(response.headers.get('content-type') ?? '', /text\/html/);
      assert.equal(await response.text(), INDEX_HTML);
    }
  });

  test('built files are served; a missing script is a plain 404, not HTML', async () => {
    const js = await fetch(`${server.baseUrl}/app/main.js`);
    assert.equal(js.status, 200);
    assert.match(js.headers.get('content-type') ?? '', /javascript/);
    const missing = await fetch(`${server.baseUrl}/app/missing.js`);
    assert.equal(missing.status, 404);
    assert.doesNotMatch(await missing.text(), /<html/i);
  });

  test('demo pages and the shipped logos', async () => {
    const demo = await fetch(`${server.baseUrl}/demo/cms.html`);
    assert.equal(demo.status, 200);
    assert.equal(await demo.text(), '<p>demo page</p>');
    const index = await fetch(`${server.baseUrl}/demo`);
    assert.equal(await index.text(), '<p>demo index</p>');
    for (const logo of ['logo.svg', 'text-logo.svg']) {
      const response = await fetch(`${server.baseUrl}/new-chat/assets/${logo}`);
      assert.equal(response.status, 200, logo);
      assert.match(response.headers.get('content-type') ?? '', /image\/svg\+xml/);
    }
  });
});

describe('without a built front end', () => {
  test('pages say how to build it; the API still works', async () => {
    const bare = await startTestServer();
    try {
      const page = await fetch(`${bare.baseUrl}/course/list`);
      assert.equal(page.status, 503);
      assert.match(await page.text(), /npm run build/);
      assert.equal((await bare.api('GET', '/health')).status, 200);
    } finally {
      await bare.close();
    }
  });
});
