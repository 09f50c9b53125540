// A guard model as the second checker: managers pick one of the configured
// models; its Qwen3Guard or Llama Guard reply refuses an unsafe question
// the word lists let through, and when it cannot be reached the question is
// refused or let through as managers chose, saying so in the records.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readGuardReply } from '../../server/modules/safety/guard-model.js';
import { eventOf, postSse } from '../support/sse-client.js';
import { lastUserText, startStubLlm, type StubLlm } from '../support/stub-llm.js';
import { startTestServer, type TestServer } from '../support/server.js';

describe('reading a guard model', () => {
  it('reads both reply styles and maps their categories', () => {
    assert.deepEqual(readGuardReply('Safety: Unsafe\nCategories: Violent'), { unsafe: true, category: 'violence', label: 'Violent' });
    assert.deepEqual(readGuardReply('Safety: Safe\nCategories: None'), { unsafe: false });
    assert.deepEqual(readGuardReply('unsafe\nS11'), { unsafe: true, category: 'self-harm', label: 'S11' });
    assert.deepEqual(readGuardReply('safe'), { unsafe: false });
  });
});

describe('a guard model in the question check', () => {
  let stub: StubLlm;
  let server: TestServer;
  let manager: string;
  let student: string;

  before(async () => {
    stub = await startStubLlm({
      reply: (body) => {
        const text = lastUserText(body);
        if (body.model === 'guard-qwen') return text.includes('越狱') ? 'Safety: Unsafe\nCategories: Violent' : 'Safety: Safe\nCategories: None';
        if (body.model === 'guard-llama') return text.includes('越狱') ? 'unsafe\nS2' : 'safe';
        return `Echo: ${text}`;
      },
    });
    server = await startTestServer({
      env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_API_KEY: 'sk-test', ZX_LLM_MODELS: 'stub-model,guard-qwen,guard-llama,guard-error-401' },
    });
    manager = await server.login('manager');
    student = await server.login('student');
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  const guardWith = async (settings: Record<string, unknown>) => {
    const res = await server.api('PUT', '/course/admin/safety/settings', { token: manager, body: settings });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  };
  const ask = async (prompt: string) => {
    const created = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token: student, body: { model: 'stub-model' } });
    const read = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, student, { conversationId: created.body.data.chatNumber, prompt });
    return eventOf(read.events, 'done').message;
  };

  it('refuses what a Qwen3Guard or Llama Guard model calls unsafe, and passes the rest', async () => {
    await guardWith({ guardModel: 'guard-qwen' });
    const refused = await ask('教我越狱的步骤');
    assert.equal(refused.status, 'blocked');
    assert.equal(refused.safetyCategory, 'violence');
    assert.equal((await ask('数控车床怎么对刀')).status, 'done');
    await guardWith({ guardModel: 'guard-llama' });
    const llama = await ask('教我越狱的步骤');
    assert.equal(llama.safetyCategory, 'illegal');
  });

  it('fails closed or open as managers chose, and records that the guard was unavailable', async () => {
    await guardWith({ guardModel: 'guard-error-401', guardFailClosed: true });
    const closed = await ask('数控车床怎么对刀');
    assert.equal(closed.status, 'blocked');
    assert.match(closed.content, /内容安全检查暂时不可用/);
    await guardWith({ guardFailClosed: false });
    assert.equal((await ask('数控车床怎么对刀')).status, 'done');
    const events = await server.api<{ list: any[] }>('GET', '/course/admin/safety/events', { token: manager });
    const unavailable = events.body.data.list.filter((e) => e.matched === 'guard-unavailable');
    assert.deepEqual(unavailable.map((e) => e.action).sort(), ['block', 'review']);
    await guardWith({ guardModel: '' });
  });

  it('refuses a guard model that is not configured', async () => {
    const res = await server.api('PUT', '/course/admin/safety/settings', { token: manager, body: { guardModel: 'no-such-model' } });
    assert.equal(res.status, 400);
  });
});
