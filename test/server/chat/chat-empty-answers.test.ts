// A model server that finishes without a word to show (no content at all,
// only whitespace, or only its reasoning and no answer) did not answer. The student
// must be told so, with the reason in their language, on an answer that can
// be retried; it must not be saved as an empty finished answer, nor cost them
// credits.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addPerson, quotaOf, setAllowance, setPrice } from '../../support/quota.js';
import { eventOf, postSse } from '../../support/sse-client.js';
import { startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { startTestServer, type TestServer } from '../../support/server.js';

const REASON = '模型没有给出任何回答内容，请重试或换一个模型';

describe('an answer the model left empty', () => {
  let stub: StubLlm;
  let server: TestServer;
  let manager: string;
  let student: string;

  before(async () => {
    stub = await startStubLlm({ tokenDelayMs: 1 });
    server = await startTestServer({
      env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_API_KEY: 'sk-test', ZX_LLM_MODELS: 'stub-model,stub-empty,stub-blank,stub-think-only' },
    });
    manager = await server.login('manager');
    student = await server.login('student');
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  const ask = async (token: string, model: string, headers: Record<string, string> = {}) => {
    const created = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token, body: { model } });
    assert.equal(created.body.code, 200, created.body.msg);
    const chat = created.body.data.chatNumber;
    const read = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, token, { conversationId: chat, prompt: '数控车床怎么对刀？' }, { headers });
    assert.equal(read.status, 200, JSON.stringify(read.body));
    return { chat, read, answerId: eventOf(read.events, 'start').answers[0].messageId as string };
  };
  const saved = async (token: string, chat: string, messageId: string, headers: Record<string, string> = {}) => {
    const list = await server.api<any[]>('POST', '/v1/chat/message', { token, body: { chatNumber: chat }, headers });
    return list.body.data.find((m) => m.messageId === messageId);
  };

  for (const [model, what] of [
    ['stub-empty', 'no content at all'],
    ['stub-blank', 'only whitespace'],
    ['stub-think-only', 'only reasoning and no answer'],
  ] as const) {
    it(`ends as a failure saying the model returned nothing when it streams ${what}`, async () => {
      const { chat, read, answerId } = await ask(student, model);
      assert.ok(!read.events.some((e) => e.type === 'done'), JSON.stringify(read.events));
      const error = eventOf(read.events, 'error');
      assert.equal(error.msg, REASON);
      assert.equal(error.message.status, 'error');
      const message = await saved(student, chat, answerId);
      assert.equal(message.status, 'error');
      assert.equal(message.error, REASON);
      assert.deepEqual(message.usage, { promptTokens: 0, completionTokens: 0 }, 'counted at nothing');
    });
  }

  it('tells an English reader why in English, live and when the chat is read again', async () => {
    const english = { 'accept-language': 'en-US' };
    const { chat, read, answerId } = await ask(student, 'stub-empty', english);
    const error = eventOf(read.events, 'error');
    assert.equal(error.msg, 'The model returned an empty answer. Try again or pick another model');
    assert.equal(error.message.error, error.msg);
    assert.equal((await saved(student, chat, answerId, english)).error, error.msg);
  });

  it('costs a limited student nothing, though the model server reported tokens', async () => {
    const eve = await addPerson(server, 'empty-eve', '3');
    const token = await server.login(eve);
    for (const model of ['stub-model', 'stub-blank', 'stub-think-only']) await setPrice(server, manager, model, 100, 100);
    await setAllowance(server, manager, 'user', eve, 20);
    const before = await quotaOf(server, token);
    await ask(token, 'stub-blank');
    await ask(token, 'stub-think-only');
    const after = await quotaOf(server, token);
    assert.equal(after.balance, before.balance, 'no credits taken for answers that said nothing');
    assert.equal(after.used, before.used);
    // A real answer at the same price is charged: the refund is not a price of zero.
    await ask(token, 'stub-model');
    assert.ok((await quotaOf(server, token)).balance < before.balance);
  });

  it('fails only the empty side of a compare question; the other answer is kept', async () => {
    const created = await server.api<{ chatNumber: string }>('POST', '/v2/chat', {
      token: student,
      body: { models: [{ model: 'stub-model' }, { model: 'stub-empty' }] },
    });
    assert.equal(created.body.code, 200, created.body.msg);
    const chat = created.body.data.chatNumber;
    const read = await postSse(`${server.baseUrl}/new-chat/v2/chat/completions`, student, { conversationId: chat, prompt: 'hello there' });
    assert.equal(read.status, 200, JSON.stringify(read.body));
    const answers: Array<{ messageId: string; model: string }> = eventOf(read.events, 'start').answers;
    const byModel = Object.fromEntries(await Promise.all(answers.map(async (a) => [a.model, await saved(student, chat, a.messageId)] as const))) as Record<
      string,
      any
    >;
    assert.equal(byModel['stub-model'].status, 'done');
    assert.match(byModel['stub-model'].content, /hello there/);
    assert.equal(byModel['stub-empty'].status, 'error');
    assert.equal(byModel['stub-empty'].error, REASON);
  });
});
