// An answer its user edited is shared as edited: /shareView must not pass the
// user's words off as the AI's.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { eventOf, postSse } from '../../support/sse-client.js';
import { startTestServer, type TestServer } from '../../support/server.js';

let server: TestServer;
let token: string;

before(async () => {
  server = await startTestServer({ env: { ZX_BUILTIN_DELAY_MS: '0' } });
  token = await server.login('student');
});
after(() => server.close());

async function answer(prompt: string): Promise<string> {
  const chat = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token, body: {} });
  const read = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, token, { conversationId: chat.body.data.chatNumber, prompt });
  return eventOf(read.events, 'done').message.messageId as string;
}

async function shared(messageId: string) {
  const share = await server.api<{ shareId: string }>('POST', '/v1/chat/share', { token, body: { messageId } });
  return (await server.api<{ message: { content: string; editedAt: number | null } }>('GET', `/app/api/chat/share/${share.body.data.shareId}`)).body.data
    .message;
}

test('a shared answer says when its user edited it, and an untouched one does not', async () => {
  const untouched = await answer('焊接要注意什么？');
  assert.equal((await shared(untouched)).editedAt, null);

  const edited = await answer('车床怎么开机？');
  const before = Date.now();
  const res = await server.api<{ editedAt: number | null }>('PUT', '/v1/chat/message', {
    token,
    body: { messageId: edited, content: 'AI 说：不用戴护目镜。' },
  });
  assert.equal(res.status, 200, res.body.msg);
  assert.ok((res.body.data.editedAt ?? 0) >= before);
  const view = await shared(edited);
  assert.equal(view.content, 'AI 说：不用戴护目镜。');
  assert.ok(view.editedAt !== null && view.editedAt >= before, 'the shared page learns the answer was edited');
});
