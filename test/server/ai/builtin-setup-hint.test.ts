// Words a person reads: with no model configured, only a manager is
// told which server settings connect one; a student or a teacher reads that
// the school has not connected a language model yet.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestServer, type TestServer } from '../../support/server.js';
import { postSse, streamedText } from '../../support/sse-client.js';

let server: TestServer;
before(async () => {
  server = await startTestServer({ env: { ZX_BUILTIN_DELAY_MS: '0' } });
});
after(() => server?.close());

async function builtinAnswer(username: string, question: string): Promise<string> {
  const token = await server.login(username);
  const chat = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token, body: {} });
  assert.equal(chat.status, 200, chat.body.msg);
  const read = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, token, { conversationId: chat.body.data.chatNumber, prompt: question });
  assert.equal(read.status, 200, read.body?.msg);
  return streamedText(read.events);
}

test('students and teachers read that the school has no model yet, without configuration names', async () => {
  for (const username of ['student', 'teacher']) {
    const zh = await builtinAnswer(username, '数控车床怎么对刀？');
    assert.match(zh, /学校还没有接入大语言模型/, username);
    assert.doesNotMatch(zh, /ZX_LLM|配置模型服务/, username);
    const en = await builtinAnswer(username, 'How do I set the tool offset?');
    assert.match(en, /The school has not connected a language model yet/, username);
    assert.doesNotMatch(en, /ZX_LLM/, username);
  }
});

test('a manager is told which settings connect a model', async () => {
  const answer = await builtinAnswer('manager', '数控车床怎么对刀？');
  assert.match(answer, /ZX_LLM_BASE_URL/);
  assert.doesNotMatch(answer, /学校还没有接入大语言模型/);
});
