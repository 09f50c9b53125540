// Embed keys and the doors around them: who may make and change keys, which
// origins a key lets in (CORS and the Origin check on every call), and the
// script file a CMS page loads.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startTestServer, type TestServer } from '../../support/server.js';
import { demoKeyIds } from '../../../server/modules/embed/demo-keys.js';
import { cspDirective } from '../../support/csp.js';

const CMS = 'https://www.school.test';
const EVIL = 'https://evil.test';

let server: TestServer;
let publicDir: string;
let teacher: string;
let manager: string;
let student: string;

before(async () => {
  publicDir = await mkdtemp(path.join(tmpdir(), 'zx-embed-public-'));
  await mkdir(path.join(publicDir, 'embed'));
  await writeFile(path.join(publicDir, 'embed.js'), 'window.Zhixue={};');
  await writeFile(path.join(publicDir, 'index.html'), '<!doctype html><title>app</title>');
  await writeFile(path.join(publicDir, 'embed', 'panel-abc123.js'), 'export const x=1;');
  server = await startTestServer({ env: { ZX_PUBLIC_DIR: publicDir, ZX_DEMO_DIR: path.resolve('demo'), ZX_BUILTIN_DELAY_MS: '0' } });
  [teacher, manager, student] = await Promise.all([server.login('teacher'), server.login('manager'), server.login('student')]);
});
after(async () => {
  await server.close();
  await rm(publicDir, { recursive: true, force: true });
});

interface KeyView {
  key: string;
  name: string;
  origins: string[];
  hostedPages: boolean;
  visitors: string;
  hasSecret: boolean;
  enabled: boolean;
  secret?: string;
  assistant: { title: string } | null;
  limits: Record<string, number>;
}

async function makeKey(token: string, body: Record<string, unknown> = {}) {
  return server.api<KeyView>('POST', '/app/user/embed/key', {
    token,
    body: { name: '学校官网', assistantId: 'sys-study-helper', origins: [CMS], ...body },
  });
}

const session = (key: string, origin: string | null, body: unknown = {}) =>
  server.api<{ assistant: { title: string }; visitorToken?: string }>('POST', `/app/api/embed/${key}/session`, {
    body,
    headers: origin ? { origin } : {},
  });

describe('managing keys', () => {
  test('a teacher makes a key for an assistant; the origin is stored exactly as a browser sends it', async () => {
    const res = await makeKey(teacher, { origins: ['https://WWW.School.test/', ' http://localhost:3000 '] });
    assert.equal(res.status, 200, res.body.msg);
    assert.match(res.body.data.key, /^zxk_[A-Za-z0-9_-]{20,}$/);
    assert.deepEqual(res.body.data.origins, ['https://www.school.test', 'http://localhost:3000']);
    assert.equal(res.body.data.assistant?.title, '专业课答疑助教');
    assert.equal(res.body.data.visitors, 'anonymous');
    assert.equal(res.body.data.secret, undefined);
    const list = await server.api<KeyView[]>('GET', '/app/user/embed/key', { token: teacher });
    assert.ok(list.body.data.some((k) => k.key === res.body.data.key));
  });

  test('what is not an origin is refused with a sentence naming it', async () => {
    for (const bad of ['https://www.school.test/news/1.html', 'ftp://school.test', 'www.school.test', 'https://*.school.test', 'https://user:pw@school.test']) {
      const res = await makeKey(teacher, { origins: [bad] });
      assert.equal(res.status, 400, bad);
      assert.match(res.body.msg, /不是有效的网站地址/);
    }
    const none = await makeKey(teacher, { origins: [], hostedPages: false });
    assert.equal(none.status, 400);
    assert.match(none.body.msg, /至少填写一个/);
  });

  test('students cannot make keys; nobody makes one for an assistant they may not use or for a form app', async () => {
    assert.equal((await makeKey(student)).status, 403);
    assert.equal((await server.api('GET', '/app/user/embed/key', { token: student })).status, 403);
    const missing = await makeKey(teacher, { assistantId: 'no-such-assistant' });
    assert.equal(missing.status, 400);
    const form = await makeKey(teacher, { assistantId: 'form-quiz' });
    assert.equal(form.status, 400);
    assert.match(form.body.msg, /表单应用/);
  });

  test("another user's key answers 404 and stays unchanged", async () => {
    const mine = (await makeKey(teacher)).body.data;
    for (const [method, p, body] of [
      ['GET', `/app/user/embed/key/${mine.key}`, undefined],
      ['PUT', `/app/user/embed/key/${mine.key}`, { name: '改名' }],
      ['DELETE', `/app/user/embed/key/${mine.key}`, undefined],
      ['POST', `/app/user/embed/key/${mine.key}/secret`, undefined],
    ] as const) {
      const res = await server.api(method, p, { token: manager, ...(body ? { body } : {}) });
      assert.equal(res.status, 404, `${method} ${p}`);
    }
    const after = await server.api<KeyView>('GET', `/app/user/embed/key/${mine.key}`, { token: teacher });
    assert.equal(after.body.data.name, '学校官网');
  });

  test('signed visitors: the secret is shown once, never in lists; a rotation replaces it', async () => {
    const made = (await makeKey(teacher, { visitors: 'signed' })).body.data;
    assert.match(made.secret ?? '', /^zxs_/);
    const read = await server.api<KeyView>('GET', `/app/user/embed/key/${made.key}`, { token: teacher });
    assert.equal(read.body.data.hasSecret, true);
    assert.equal(read.body.data.secret, undefined);
    const list = await server.api('GET', '/app/user/embed/key', { token: teacher });
    assert.ok(!JSON.stringify(list.body).includes(made.secret!));
    const rotated = await server.api<{ secret: string }>('POST', `/app/user/embed/key/${made.key}/secret`, { token: teacher });
    assert.match(rotated.body.data.secret, /^zxs_/);
    assert.notEqual(rotated.body.data.secret, made.secret);
    assert.ok(!server.logs().includes(made.secret!) && !server.logs().includes(rotated.body.data.secret));
  });

  test('turning signed visitors on later makes a secret then', async () => {
    const made = (await makeKey(teacher)).body.data;
    const updated = await server.api<KeyView>('PUT', `/app/user/embed/key/${made.key}`, { token: teacher, body: { visitors: 'any' } });
    assert.equal(updated.status, 200);
    assert.match(updated.body.data.secret ?? '', /^zxs_/);
    const again = await server.api<KeyView>('PUT', `/app/user/embed/key/${made.key}`, { token: teacher, body: { name: '官网' } });
    assert.equal(again.body.data.secret, undefined);
  });

  test('bad input changes nothing', async () => {
    const made = (await makeKey(teacher)).body.data;
    const res = await server.api('PUT', `/app/user/embed/key/${made.key}`, { token: teacher, body: { origins: ['not a site'], name: '新名字' } });
    assert.equal(res.status, 400);
    const read = await server.api<KeyView>('GET', `/app/user/embed/key/${made.key}`, { token: teacher });
    assert.equal(read.body.data.name, '学校官网');
    assert.deepEqual(read.body.data.origins, [CMS]);
  });
});

describe('origins', () => {
  let key: string;
  before(async () => {
    key = (await makeKey(teacher, { hostedPages: false })).body.data.key;
  });

  test('a listed site gets the assistant and CORS headers for itself only', async () => {
    const res = await session(key, CMS);
    assert.equal(res.status, 200, res.body.msg);
    assert.equal(res.body.data.assistant.title, '专业课答疑助教');
    assert.equal(res.headers.get('access-control-allow-origin'), CMS);
    assert.match(res.headers.get('vary') ?? '', /Origin/);
  });

  test('any other site, or no Origin at all, is refused without CORS headers', async () => {
    for (const origin of [EVIL, 'https://www.school.test.evil.test', 'http://www.school.test', null]) {
      const res = await session(key, origin);
      assert.equal(res.status, 403, String(origin));
      assert.equal(res.headers.get('access-control-allow-origin'), null);
      assert.equal(res.body.data, null);
    }
    const refused = await session(key, EVIL);
    assert.match(refused.body.msg, /evil\.test 未被允许/);
  });

  test('the preflight answers only a listed site', async () => {
    const preflight = (origin: string) =>
      fetch(`${server.baseUrl}/new-chat/app/api/embed/${key}/completions`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const good = await preflight(CMS);
    assert.equal(good.status, 204);
    assert.equal(good.headers.get('access-control-allow-origin'), CMS);
    assert.match(good.headers.get('access-control-allow-headers') ?? '', /content-type/);
    const bad = await preflight(EVIL);
    assert.equal(bad.status, 403);
    assert.equal(bad.headers.get('access-control-allow-origin'), null);
  });

  test("Zhixue's own pages may use a key only when it allows hosted pages", async () => {
    assert.equal((await session(key, server.baseUrl)).status, 403);
    const demo = (await demoKeyIds(server.data.db)).zxk_demo_study!;
    assert.equal((await session(demo, server.baseUrl)).status, 200);
    assert.equal((await session(demo, CMS)).status, 403);
  });

  test("the demo keys are random per installation, and the demo pages name this installation's keys", async () => {
    const ours = await demoKeyIds(server.data.db);
    assert.match(ours.zxk_demo_safety ?? '', /^zxk_demo_safety_[0-9a-f]{24}$/);
    assert.match(ours.zxk_demo_study ?? '', /^zxk_demo_study_[0-9a-f]{24}$/);
    for (const fixed of ['zxk_demo_safety', 'zxk_demo_study']) assert.equal((await session(fixed, server.baseUrl)).status, 404, fixed);
    const other = await startTestServer();
    try {
      const theirs = await demoKeyIds(other.data.db);
      assert.notEqual(theirs.zxk_demo_safety, ours.zxk_demo_safety);
      assert.notEqual(theirs.zxk_demo_study, ours.zxk_demo_study);
    } finally {
      await other.close();
    }
    const cms = await fetch(`${server.baseUrl}/demo/cms.html`);
    assert.equal(cms.status, 200);
    const html = await cms.text();
    assert.ok(html.includes(`data-key="${ours.zxk_demo_safety}"`) && html.includes(`data-key="${ours.zxk_demo_study}"`));
    assert.ok(!/data-key="zxk_demo_(safety|study)"/.test(html));
  });

  test('an unknown key is a 404; a switched-off key is a 403 the listed site can read', async () => {
    const unknown = await session('zxk_no_such_key_here', CMS);
    assert.equal(unknown.status, 404);
    assert.match(unknown.body.msg, /data-key/);
    await server.api('PUT', `/app/user/embed/key/${key}`, { token: teacher, body: { enabled: false } });
    const off = await session(key, CMS);
    assert.equal(off.status, 403);
    assert.match(off.body.msg, /暂停使用/);
    assert.equal(off.headers.get('access-control-allow-origin'), CMS);
    await server.api('PUT', `/app/user/embed/key/${key}`, { token: teacher, body: { enabled: true } });
    assert.equal((await session(key, CMS)).status, 200);
  });

  test('a bad body from a listed site is a 400 it can read', async () => {
    const res = await session(key, CMS, { auth: { visitorToken: 'short' } });
    assert.equal(res.status, 400);
    assert.equal(res.headers.get('access-control-allow-origin'), CMS);
  });
});

describe('the script', () => {
  test('embed.js: short cache, any site may load it, revalidates with 304', async () => {
    const res = await fetch(`${server.baseUrl}/new-chat/embed.js`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /javascript/);
    assert.match(res.headers.get('cache-control') ?? '', /max-age=300/);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.equal(await res.text(), 'window.Zhixue={};');
    const again = await fetch(`${server.baseUrl}/new-chat/embed.js`, {
      // fetch adds "cache-control: no-cache" to conditional requests unless told otherwise (and send then answers in full).
      headers: { 'if-none-match': res.headers.get('etag')!, 'cache-control': 'max-age=0' },
    });
    assert.equal(again.status, 304);
  });

  test('chunks are immutable; nothing outside the embed folder is reachable', async () => {
    const chunk = await fetch(`${server.baseUrl}/new-chat/embed/panel-abc123.js`);
    assert.equal(chunk.status, 200);
    assert.match(chunk.headers.get('cache-control') ?? '', /immutable/);
    assert.equal(chunk.headers.get('access-control-allow-origin'), '*');
    for (const p of ['/new-chat/embed/..%2Fembed.js', '/new-chat/embed/.hidden.js', '/new-chat/embed/missing.js', '/new-chat/embed/x.json']) {
      const res = await fetch(`${server.baseUrl}${p}`);
      assert.ok(res.status === 400 || res.status === 404, `${p}: ${res.status}`);
    }
  });
});

describe('the chat pages', () => {
  test("only the key's sites (and Zhixue) may frame /iframe; without a key only Zhixue", async () => {
    const { key } = (await makeKey(teacher, { origins: [CMS, 'http://localhost:3000'] })).body.data;
    const framed = await fetch(`${server.baseUrl}/iframe?key=${key}&height=auto`);
    assert.equal(framed.status, 200);
    assert.match(framed.headers.get('content-type') ?? '', /text\/html/);
    assert.equal(await framed.text(), '<!doctype html><title>app</title>');
    assert.equal(cspDirective(framed.headers.get('content-security-policy'), 'frame-ancestors'), `'self' ${CMS} http://localhost:3000`);
    for (const page of ['/externalChat', '/fullDialogue?key=zxk_no_such_key_here', '/iframe?key=bad%20key']) {
      const res = await fetch(`${server.baseUrl}${page}`);
      assert.equal(cspDirective(res.headers.get('content-security-policy'), 'frame-ancestors'), "'self'", page);
    }
  });
});

describe('visitors', () => {
  test("a visitor's last-seen time is written once a minute at most, not on every call", async () => {
    const key = (await makeKey(teacher)).body.data.key;
    const first = await session(key, CMS);
    assert.equal(first.status, 200, first.body.msg);
    const visitorToken = first.body.data.visitorToken!;
    const db = server.data.db;
    const lastSeen = async () =>
      Number((await db.selectFrom('embed_visitors').select('last_seen_at').where('key_id', '=', key).executeTakeFirstOrThrow()).last_seen_at);
    const setLastSeen = (at: number) => db.updateTable('embed_visitors').set({ last_seen_at: at }).where('key_id', '=', key).execute();

    const recent = Date.now() - 30_000;
    await setLastSeen(recent);
    assert.equal((await session(key, CMS, { auth: { visitorToken } })).status, 200);
    assert.equal(await lastSeen(), recent, 'seen 30 s ago: nothing written');

    await setLastSeen(Date.now() - 10 * 60_000);
    const before = Date.now();
    assert.equal((await session(key, CMS, { auth: { visitorToken } })).status, 200);
    assert.ok((await lastSeen()) >= before, 'seen 10 minutes ago: written again');
  });
});
