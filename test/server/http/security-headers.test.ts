// Every page carries a Content-Security-Policy, X-Frame-Options (except the
// embed pages, which their key's sites may frame) and Referrer-Policy; HSTS
// when served over HTTPS. The embed pages are matched however they are spelled.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { cspDirective } from '../../support/csp.js';
import { startTestServer, type TestServer } from '../../support/server.js';

const CMS = 'https://www.school.test';
let server: TestServer;
let dir: string;
let key: string;

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'zx-headers-'));
  await mkdir(path.join(dir, 'public'));
  await mkdir(path.join(dir, 'demo'));
  await writeFile(path.join(dir, 'public', 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(dir, 'demo', 'cms.html'), '<!doctype html><title>demo</title>');
  server = await startTestServer({
    env: { ZX_PUBLIC_DIR: path.join(dir, 'public'), ZX_DEMO_DIR: path.join(dir, 'demo'), ZX_TRUST_PROXY: '127.0.0.1', ZX_IMG_HOSTS: 'https://cdn.school.test' },
  });
  const teacher = await server.login('teacher');
  const made = await server.api<{ key: string }>('POST', '/app/user/embed/key', {
    token: teacher,
    body: { name: '学校官网', assistantId: 'sys-study-helper', origins: [CMS] },
  });
  key = made.body.data.key;
});
after(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (page: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${page}`, { headers });

function assertPagePolicy(res: Response, page: string, ancestors: string): void {
  const csp = res.headers.get('content-security-policy');
  assert.equal(cspDirective(csp, 'default-src'), "'self'", page);
  assert.equal(cspDirective(csp, 'script-src'), "'self' 'wasm-unsafe-eval'", page);
  assert.equal(cspDirective(csp, 'object-src'), "'none'", page);
  assert.equal(cspDirective(csp, 'base-uri'), "'self'", page);
  assert.equal(cspDirective(csp, 'img-src'), "'self' data: blob: https://cdn.school.test", page);
  assert.equal(cspDirective(csp, 'frame-ancestors'), ancestors, page);
  assert.equal(res.headers.get('referrer-policy'), 'same-origin', page);
}

describe('security headers', () => {
  test('every page of the app and the demo may be framed only by Zhixue itself', async () => {
    for (const page of ['/', '/login', '/course/list', '/course/settings?id=1', '/demo/cms.html', '/shareView?id=x', '/iframe-not', '/iframes']) {
      const res = await get(page);
      assert.match(res.headers.get('content-type') ?? '', /text\/html/, page);
      assertPagePolicy(res, page, "'self'");
      assert.equal(res.headers.get('x-frame-options'), 'SAMEORIGIN', page);
    }
  });

  test("embed pages, however spelled, may be framed by their key's sites and no one else", async () => {
    const spellings = ['/iframe', '/IFRAME', '/iframe/', '/Iframe/', '/externalChat', '/externalchat/', '/FULLDIALOGUE', '/fullDialogue/'];
    for (const page of spellings) {
      const withKey = await get(`${page}?key=${key}`);
      assertPagePolicy(withKey, page, `'self' ${CMS}`);
      assert.equal(withKey.headers.get('x-frame-options'), null, `${page}: X-Frame-Options cannot list the key's sites`);
      const unknownKey = await get(`${page}?key=zxk_no_such_key_here`);
      assertPagePolicy(unknownKey, page, "'self'");
      const noKey = await get(page);
      assertPagePolicy(noKey, page, "'self'");
    }
  });

  test('API answers and files may not be framed by other sites either', async () => {
    const res = await get('/new-chat/health');
    assert.equal(res.headers.get('content-security-policy'), "frame-ancestors 'self'");
    assert.equal(res.headers.get('x-frame-options'), 'SAMEORIGIN');
    assert.equal(res.headers.get('referrer-policy'), 'same-origin');
  });

  test('HSTS only when the request came over HTTPS (through a trusted proxy)', async () => {
    assert.equal((await get('/')).headers.get('strict-transport-security'), null);
    const secure = await get('/', { 'x-forwarded-proto': 'https' });
    assert.match(secure.headers.get('strict-transport-security') ?? '', /^max-age=\d{7,}/);
  });
});
