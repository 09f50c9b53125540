// Public content the shell reads before sign-in: home config, dictionaries, agreements.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestServer, type TestServer } from '../../support/server.js';

let server: TestServer;
before(async () => {
  server = await startTestServer();
});
after(() => server.close());

test('GET /app/api/home/config: site title and logos, no sign-in needed; no phone sign-in while codes reach no one', async () => {
  const res = await server.api('GET', '/app/api/home/config');
  assert.equal(res.status, 200);
  assert.deepEqual(res.body, {
    code: 200,
    msg: '操作成功',
    data: {
      baseInfo: {
        siteTitle: '智学 · 职业院校一站式AI大模型应用服务平台',
        siteLogo: '/new-chat/assets/logo.svg',
        textLogo: '/new-chat/assets/text-logo.svg',
        loginNotice: '',
      },
      smsSignIn: false,
    },
  });
});

test('GET /app/api/dict/select/:id lists label/value pairs in order', async () => {
  const res = await server.api<Array<{ label: string; value: string }>>('GET', '/app/api/dict/select/course_category');
  assert.equal(res.body.code, 200);
  assert.deepEqual(res.body.data[0], { label: '数控技术', value: '1' });
  const terms = await server.api<Array<{ label: string; value: string }>>('GET', '/app/api/dict/select/term');
  assert.equal(terms.body.data[0]?.value, '2024-1');
});

test('an unknown dictionary is a 404; a malformed id is a 400', async () => {
  const missing = await server.api('GET', '/app/api/dict/select/no_such_dict');
  assert.deepEqual([missing.status, missing.body.msg], [404, '字典 no_such_dict 不存在']);
  const bad = await server.api('GET', '/app/api/dict/select/%3Cscript%3E');
  assert.equal(bad.status, 400);
  assert.match(bad.body.msg, /字典 id（id）/);
});

test('GET /app/api/content/agreement/:id: user agreement 1, privacy policy 2, else 404', async () => {
  const terms = await server.api<{ id: string; title: string; content: string; updatedAt: number }>('GET', '/app/api/content/agreement/1');
  assert.equal(terms.body.code, 200);
  assert.equal(terms.body.data.title, '用户协议');
  assert.match(terms.body.data.content, /^# 智学平台用户协议/);
  assert.equal(typeof terms.body.data.updatedAt, 'number');

  const privacy = await server.api<{ title: string }>('GET', '/app/api/content/agreement/2');
  assert.equal(privacy.body.data.title, '隐私政策');

  const missing = await server.api('GET', '/app/api/content/agreement/99');
  assert.deepEqual([missing.status, missing.body], [404, { code: 404, msg: '协议不存在', data: null }]);
});
