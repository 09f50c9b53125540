// The offline engine never says no language model is connected when one is:
// a person who picked it is pointed to the language models they may pick.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { postSse, streamedText } from '../../support/sse-client.js';

let stub: StubLlm;
let server: TestServer;
before(async () => {
  stub = await startStubLlm();
  server = await startTestServer({
    env: { ZX_BUILTIN: 'on', ZX_BUILTIN_DELAY_MS: '0', ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_API_KEY: 'sk-test', ZX_LLM_MODELS: 'stub-model' },
  });
});
after(async () => {
  await server?.close();
  await stub?.close();
});

async function builtinAnswer(username: string, question: string): Promise<string> {
  const token = await server.login(username);
  const chat = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token, body: { model: 'builtin' } });
  assert.equal(chat.status, 200, chat.body.msg);
  const read = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, token, { conversationId: chat.body.data.chatNumber, prompt: question });
  assert.equal(read.status, 200, read.body?.msg);
  return streamedText(read.events);
}

test('the offline engine points to the connected language models instead of saying there are none', async () => {
  for (const username of ['student', 'manager']) {
    const zh = await builtinAnswer(username, '数控车床怎么对刀？');
    assert.doesNotMatch(zh, /学校还没有接入大语言模型|配置模型服务/u, username);
    assert.match(zh, /请在上方的模型列表中选择大语言模型 「stub-model」/u, username);
    const en = await builtinAnswer(username, 'How do I set the tool offset?');
    assert.doesNotMatch(en, /has not connected|configure a model service/u, username);
    assert.match(en, /pick the language model 「stub-model」/u, username);
  }
});
