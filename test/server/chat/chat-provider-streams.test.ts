// Streams in the shapes real providers send them, recorded as they go over
// the wire and served a few characters at a time by the stub model server
// over real HTTP: every answer saves exactly its text, its reasoning apart
// from it, and is charged at the usage the provider reported in its last
// chunk. An error reported mid-stream keeps the text written before it and
// ends the answer as a failure.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventOf, postSse, streamedText } from '../../support/sse-client.js';
import { startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { startTestServer, type TestServer } from '../../support/server.js';

const RECORDED = ['openai', 'deepseek-reasoner', 'mistral', 'magistral', 'openrouter', 'error-mid', 'cr-only', 'multiline'];

describe('provider stream shapes', () => {
  let stub: StubLlm;
  let server: TestServer;
  let student: string;

  before(async () => {
    stub = await startStubLlm({ tokenDelayMs: 0 });
    server = await startTestServer({
      env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_API_KEY: 'sk-test', ZX_LLM_MODELS: ['stub-model', ...RECORDED.map((n) => `rec-${n}`)].join(',') },
    });
    student = await server.login('student');
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  const ask = async (model: string, prompt = '车床开机前要检查什么？') => {
    const created = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token: student, body: { model } });
    assert.equal(created.body.code, 200, created.body.msg);
    const chat = created.body.data.chatNumber;
    const read = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, student, { conversationId: chat, prompt });
    assert.equal(read.status, 200, JSON.stringify(read.body));
    const answerId = eventOf(read.events, 'start').answers[0].messageId as string;
    const list = await server.api<any[]>('POST', '/v1/chat/message', { token: student, body: { chatNumber: chat } });
    return { chat, read, answerId, saved: list.body.data.find((m) => m.messageId === answerId) };
  };
  const reasoningOf = (events: Record<string, any>[]) =>
    events
      .filter((e) => e.type === 'reasoning')
      .map((e) => e.text)
      .join('');

  for (const [model, text, reasoning, usage] of [
    ['rec-openai', '车床开机前要检查润滑。', '', { promptTokens: 21, completionTokens: 9 }],
    ['rec-deepseek-reasoner', '安全帽保护头部。', '用户问安全帽的作用。', { promptTokens: 12, completionTokens: 20 }],
    ['rec-mistral', 'Le tour doit être lubrifié.', '', { promptTokens: 15, completionTokens: 10 }],
    ['rec-magistral', 'Gears transmit torque.', 'Question about gears.', { promptTokens: 9, completionTokens: 31 }],
    ['rec-openrouter', 'Use a multimeter.', 'Think about voltage.', { promptTokens: 10, completionTokens: 25 }],
    ['rec-cr-only', 'Carriage returns only.', '', null],
    ['rec-multiline', 'Split across lines.', '', null],
  ] as const) {
    it(`saves exactly the text${reasoning ? ' and, apart, the reasoning' : ''} of a ${model.slice(4)} stream`, async () => {
      const { read, saved } = await ask(model);
      assert.ok(
        read.events.some((e) => e.type === 'done'),
        JSON.stringify(read.events.slice(-3)),
      );
      assert.equal(streamedText(read.events), text, 'streamed as the answer');
      assert.equal(reasoningOf(read.events), reasoning, 'streamed as reasoning');
      assert.equal(saved.status, 'done');
      assert.equal(saved.content, text);
      assert.equal(saved.reasoning, reasoning || null);
      if (reasoning) assert.equal(typeof saved.reasoningMs, 'number');
      if (usage) assert.deepEqual(saved.usage, usage, 'charged at the usage of the last chunk');
    });
  }

  it('keeps the text written before an error reported mid-stream and ends as a failure', async () => {
    const { read, saved } = await ask('rec-error-mid');
    const error = eventOf(read.events, 'error');
    assert.equal(error.message.status, 'error');
    assert.equal(saved.status, 'error');
    assert.equal(saved.content, '前半句已经发出');
    assert.ok(saved.error, 'says why');
  });

  it('never sends the reasoning back to the model as context', async () => {
    const { chat, answerId } = await ask('rec-deepseek-reasoner');
    stub.requests.length = 0;
    const read = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, student, {
      conversationId: chat,
      prompt: '还有呢？',
      parentMessageId: answerId,
      model: 'stub-model',
    });
    assert.equal(read.status, 200);
    const sent = JSON.stringify(stub.requests.find((r) => r.path.endsWith('/chat/completions'))?.body.messages);
    assert.match(sent, /安全帽保护头部/u, 'the answer is context');
    assert.doesNotMatch(sent, /用户问安全帽/u, 'its reasoning is not');
  });
});
