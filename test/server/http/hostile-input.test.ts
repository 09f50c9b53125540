// Input PostgreSQL cannot store or the router refuses early must still get a
// clear {code,msg} reply: NUL characters (pasted from PDFs) in text and ids,
// ids longer than the router's parameter limit, and broken multipart bodies.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fieldsFor, postChunk } from '../../support/chunked-upload.js';
import { startTestServer, type TestServer } from '../../support/server.js';

interface RawReply {
  status: number;
  body: { code?: number; msg?: string; data?: any } | null;
}

describe('hostile input gets a clear envelope', () => {
  let server: TestServer;
  let teacher: string;

  before(async () => {
    server = await startTestServer({ env: { ZX_BUILTIN_DELAY_MS: '0' } });
    teacher = await server.login('teacher');
  });
  after(() => server.close());

  async function raw(method: string, apiPath: string, init: { body?: BodyInit; headers?: Record<string, string>; token?: string } = {}): Promise<RawReply> {
    const headers: Record<string, string> = { 'client-id': 'app', ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    const response = await fetch(`${server.baseUrl}/new-chat${apiPath}`, { method, headers, body: init.body });
    const text = await response.text();
    let body: RawReply['body'] = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    return { status: response.status, body };
  }

  function assertEnvelope(reply: RawReply, statuses: number[]): void {
    assert.ok(statuses.includes(reply.status), `status ${reply.status}: ${JSON.stringify(reply.body)}`);
    assert.equal(reply.body?.code, reply.status, JSON.stringify(reply.body));
    assert.equal(typeof reply.body?.msg, 'string');
    assert.ok(reply.body!.msg!.length > 0);
  }

  it('signs in with a NUL-carrying user name as an ordinary wrong login, not a 500', async () => {
    const res = await server.api('POST', '/app/api/oauth/token', { body: { username: 'teacher\u0000', password: 'wrong-password-1' } });
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.equal(res.body.msg, '用户名或密码错误');
  });

  it('saves a chat title with a NUL character, without the NUL', async () => {
    const created = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token: teacher, body: { title: '数控\u0000编程' } });
    assert.equal(created.body.code, 200, created.body.msg);
    const chatNumber = created.body.data.chatNumber;
    const renamed = await server.api('PUT', '/v1/chat', { token: teacher, body: { chatNumber, title: '车床\u0000安全' } });
    assert.equal(renamed.body.code, 200, renamed.body.msg);
    const list = await server.api<Array<{ chatNumber: string; title: string }>>('GET', `/v1/chat?title=${encodeURIComponent('车床\u0000')}`, {
      token: teacher,
    });
    assert.equal(list.status, 200, JSON.stringify(list.body));
    assert.equal(list.body.data.find((c) => c.chatNumber === chatNumber)?.title, '车床安全');
  });

  it('accepts multipart form fields carrying NUL (they never reach the JSON hook)', async () => {
    const content = new TextEncoder().encode('chunk with a NUL in its identifier');
    const fields = fieldsFor(content, 'notes.txt', 1024, 1, { identifier: 'nul\u0000id-1', relativePath: 'a\u0000/notes.txt' });
    const res = await postChunk(server, teacher, fields, content);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.complete, true);
  });

  it('answers an id with a NUL character with 400 or 404', async () => {
    assertEnvelope(await raw('GET', '/v1/chat/message/abc%00def', { token: teacher }), [400, 404]);
    assertEnvelope(await raw('DELETE', '/v1/chat/abc%00', { token: teacher }), [400, 404]);
    const body = JSON.stringify({ messageId: 'x\u0000y' });
    assertEnvelope(await raw('POST', '/v1/chat/share', { token: teacher, body, headers: { 'content-type': 'application/json' } }), [400, 404]);
  });

  it('answers a 150-character id with an envelope, not a bare 414', async () => {
    const long = 'a'.repeat(150);
    assertEnvelope(await raw('GET', `/v1/chat/message/${long}`, { token: teacher }), [400, 404]);
    assertEnvelope(await raw('GET', `/app/api/file/${long}`, { token: teacher }), [400, 404]);
  });

  it('answers a broken multipart body with 400', async () => {
    const body = '--zxboundary\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello, cut off';
    const res = await raw('POST', '/app/api/file/upload', { token: teacher, body, headers: { 'content-type': 'multipart/form-data; boundary=zxboundary' } });
    assertEnvelope(res, [400]);
    const chunk = await raw('POST', '/app/api/file/chunk', {
      token: teacher,
      body: '--zxboundary\r\ngarbage',
      headers: { 'content-type': 'multipart/form-data; boundary=zxboundary' },
    });
    assertEnvelope(chunk, [400]);
  });
});
