// A guard model as the second checker: managers pick one of the configured
// models; its Qwen3Guard or Llama Guard reply refuses an unsafe question
// the word lists let through, and when it cannot be reached the question is
// refused or let through as managers chose, saying so in the records. A
// streamed answer is read by the guard a sentence at a time and cut before
// an unsafe sentence shows.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readGuardReply } from '../../../server/modules/safety/guard-model.js';
import { askInNewChat, eventOf, streamedText } from '../../support/sse-client.js';
import { lastUserText, startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { startTestServer, type TestServer } from '../../support/server.js';

describe('reading a guard model', () => {
  it('reads both reply styles and maps their categories', () => {
    assert.deepEqual(readGuardReply('Safety: Unsafe\nCategories: Violent'), { unsafe: true, category: 'violence', label: 'Violent' });
    assert.deepEqual(readGuardReply('Safety: Safe\nCategories: None'), { unsafe: false });
    assert.deepEqual(readGuardReply('unsafe\nS11'), { unsafe: true, category: 'self-harm', label: 'S11' });
    assert.deepEqual(readGuardReply('safe'), { unsafe: false });
  });
});

const SAFE_PART = 'Step one is to check the torch. Step two is to clean the seam well. ';
const STORY = `${SAFE_PART}Step three is how to 越狱 tonight. Step four is to rest.`;

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
        return text.includes('讲个故事') ? STORY : `Echo: ${text}`;
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
  const stream = (prompt: string) => askInNewChat(server, student, prompt);
  const ask = async (prompt: string) => eventOf((await stream(prompt)).events, 'done').message;
  const guardCalls = (model: string) => stub.requests.filter((r) => r.body.model === model).length;

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
    assert.deepEqual(
      unavailable
        .filter((e) => e.direction === 'input')
        .map((e) => e.action)
        .sort(),
      ['block', 'review'],
    );
    assert.deepEqual(
      unavailable.filter((e) => e.direction === 'output').map((e) => e.action),
      ['review'],
      'the answer let through is recorded too',
    );
    await guardWith({ guardModel: '' });
  });

  it('reads a streamed answer a sentence at a time and cuts it before an unsafe sentence shows', async () => {
    await guardWith({ guardModel: 'guard-qwen', guardFailClosed: false });
    const before = guardCalls('guard-qwen');
    const read = await stream('讲个故事');
    const shown = streamedText(read.events);
    const done = eventOf(read.events, 'done').message;
    assert.equal(done.status, 'blocked');
    assert.equal(done.safetyCategory, 'violence');
    assert.match(done.content, /这部分回答不适合显示/u);
    assert.ok(shown.startsWith(SAFE_PART.trim()), `the safe sentences show before the cut: ${shown}`);
    assert.ok(!shown.includes('越狱'), 'the unsafe sentence never reaches the reader');
    // The question once, then the answer in sentences, never a token at a time.
    const asked = guardCalls('guard-qwen') - before;
    assert.ok(asked >= 3 && asked <= 4, `guard asked ${asked} times`);
    const events = await server.api<{ list: any[] }>('GET', '/course/admin/safety/events?category=violence', { token: manager });
    const cut = events.body.data.list.find((e) => e.direction === 'output' && e.matched === 'guard: Violent');
    assert.ok(cut, 'the cut is recorded');
    assert.match(cut.modelText, /越狱/u, 'managers read what the model wrote');

    const clean = await stream('数控车床怎么对刀');
    assert.equal(eventOf(clean.events, 'done').message.status, 'done');
    assert.equal(streamedText(clean.events), 'Echo: 数控车床怎么对刀');
    await guardWith({ guardModel: '' });
  });

  it('lets a streamed answer through when the guard cannot be reached and managers chose so, recording it', async () => {
    await guardWith({ guardModel: 'guard-error-401', guardFailClosed: false });
    const read = await stream('讲个故事');
    assert.equal(eventOf(read.events, 'done').message.status, 'done');
    assert.equal(streamedText(read.events), STORY);
    const events = await server.api<{ list: any[] }>('GET', '/course/admin/safety/events', { token: manager });
    assert.ok(events.body.data.list.some((e) => e.direction === 'output' && e.matched === 'guard-unavailable' && e.action === 'review'));
    await guardWith({ guardModel: '' });
  });

  it('refuses a guard model or a cloud service that is not configured', async () => {
    const res = await server.api('PUT', '/course/admin/safety/settings', { token: manager, body: { guardModel: 'no-such-model' } });
    assert.equal(res.status, 400);
    const settings = await server.api<{ cloudAvailable: boolean }>('GET', '/course/admin/safety/settings', { token: manager });
    assert.equal(settings.body.data.cloudAvailable, false, 'no cloud service in the environment');
    const cloud = await server.api('PUT', '/course/admin/safety/settings', { token: manager, body: { cloudModeration: true } });
    assert.equal(cloud.status, 400, 'a cloud service the environment does not configure cannot be switched on');
  });
});
