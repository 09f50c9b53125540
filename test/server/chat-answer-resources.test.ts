import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventOf, postSse, streamedText } from '../support/sse-client.js';
import { startStubLlm, type StubLlm } from '../support/stub-llm.js';
import { startTestServer, type TestServer } from '../support/server.js';

const SERVER_DIR = new URL('../../server/', import.meta.url).pathname;

/** Counts the abort controllers the server's own code makes (each holds listeners and its signal for the answer's life). */
function countServerAbortControllers(): { count(): number; restore(): void } {
  const Original = globalThis.AbortController;
  let made = 0;
  class Counted extends Original {
    constructor() {
      super();
      // The frame that called `new AbortController()`: counted when it is the server's code.
      const caller = (new Error().stack ?? '').split('\n')[2] ?? '';
      if (caller.includes(SERVER_DIR)) made++;
    }
  }
  globalThis.AbortController = Counted;
  return { count: () => made, restore: () => void (globalThis.AbortController = Original) };
}

describe('what one question holds while its answers stream', () => {
  let stub: StubLlm;
  let server: TestServer;
  let teacher: string;

  before(async () => {
    stub = await startStubLlm({ tokenDelayMs: 0 });
    server = await startTestServer({ env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_API_KEY: 'sk-test', ZX_LLM_MODELS: 'stub-model,stub-b' } });
    teacher = await server.login('teacher');
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  async function ask(mode: 'v1' | 'v2', chatBody: Record<string, unknown>): Promise<number> {
    const res = await server.api<{ chatNumber: string }>('POST', `/${mode}/chat`, { token: teacher, body: chatBody });
    const counter = countServerAbortControllers();
    try {
      const read = await postSse(`${server.baseUrl}/new-chat/${mode}/chat/completions`, teacher, { conversationId: res.body.data.chatNumber, prompt: 'hello' });
      const start = eventOf(read.events, 'start');
      for (const answer of start.answers) assert.equal(streamedText(read.events, answer.messageId), 'Echo: hello');
    } finally {
      counter.restore();
    }
    return counter.count();
  }

  it('one abort controller per answer, and one for the connection', async () => {
    assert.equal(await ask('v1', { model: 'stub-model' }), 2);
    assert.equal(await ask('v2', { models: [{ model: 'stub-model' }, { model: 'stub-b' }] }), 3);
  });
});
