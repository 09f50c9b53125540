// Naming a new chat after its first answer may take the model a while (up
// to its 10 s limit): the reader waits for it, and the stream ends with one
// final answer, the title, then the end, never a second `done` from the
// relay's database check and no title.
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { lastUserText, startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { postSse } from '../../support/sse-client.js';
import { startTestServer, type TestServer } from '../../support/server.js';

let stub: StubLlm;
let server: TestServer;
let teacher: string;
before(async () => {
  stub = await startStubLlm({ tokenDelayMs: 10 });
  server = await startTestServer({ env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_API_KEY: 'sk-test', ZX_LLM_MODELS: 'stub-model' } });
  teacher = await server.login('teacher');
});
after(async () => {
  await server?.close();
  await stub?.close();
});

/** The request that names a chat (titles.ts asks for a title in its system message). */
const isNaming = (body: Record<string, any>) =>
  (body.messages as Array<{ role: string; content: unknown }>).some((m) => m.role === 'system' && String(m.content).includes('标题'));

it('a chat the model takes long to name: one done, then the title, then the end', { timeout: 60_000 }, async () => {
  // The answer is quick; the title would take 20 s, so naming gives up at its limit and names it after the question.
  stub.setReply((body) => (isNaming(body) ? Array.from({ length: 2_000 }, (_, i) => `t${i}`).join(' ') : `Echo: ${lastUserText(body)}`));
  const chat = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token: teacher, body: { model: 'stub-model' } });
  const read = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, teacher, {
    conversationId: chat.body.data.chatNumber,
    prompt: 'name me slowly',
  });
  const kinds = read.events.filter((e) => e.type !== 'delta').map((e) => e.type);
  assert.deepEqual(kinds, ['start', 'done', 'title', 'end']);
  assert.equal(read.events.find((e) => e.type === 'title')!.chatTitle, 'name me slowly');
});
