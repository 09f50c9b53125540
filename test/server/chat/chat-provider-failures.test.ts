// A model server that misbehaves must never leave an answer saved as `done`
// when it is not, nor keep a student waiting: a stall mid-answer and a 200
// reply that is not a stream end as `error` with the partial text and the
// reason; a 429 asking to wait ten minutes fails within the retry budget,
// and stop ends the wait at once.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventOf, postSse, streamedText } from '../../support/sse-client.js';
import { startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { startTestServer, type TestServer } from '../../support/server.js';

describe('answers from a misbehaving model server', () => {
  let stub: StubLlm;
  let server: TestServer;
  let teacher: string;

  before(async () => {
    stub = await startStubLlm({ tokenDelayMs: 2, retryAfterSeconds: 600 });
    server = await startTestServer({
      env: {
        ZX_LLM_BASE_URL: stub.baseUrl,
        ZX_LLM_MODELS: 'stub-stall,stub-not-stream,stub-rate-limit,stub-model',
        // A short idle limit and retry budget keep the test quick; the defaults are 60 s and 4 s.
        ZX_LLM_TIMEOUT_SECONDS: '1',
        ZX_LLM_RETRY_SECONDS: '2',
      },
    });
    teacher = await server.login('teacher');
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  const ask = async (model: string, prompt: string, options = {}) => {
    const created = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token: teacher, body: { model } });
    assert.equal(created.body.code, 200, created.body.msg);
    const chat = created.body.data.chatNumber;
    const read = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, teacher, { conversationId: chat, prompt }, options);
    return { chat, read };
  };
  const saved = async (chat: string, messageId: string) => {
    const list = await server.api<any[]>('POST', '/v1/chat/message', { token: teacher, body: { chatNumber: chat } });
    return list.body.data.find((m) => m.messageId === messageId);
  };

  it('a provider silent mid-answer ends as error with the partial text and the reason', async () => {
    const { chat, read } = await ask('stub-stall', 'alpha beta gamma delta epsilon');
    const answerId = eventOf(read.events, 'start').answers[0].messageId;
    const shown = streamedText(read.events, answerId);
    assert.equal(shown, 'Echo: alpha beta ', 'three words arrived before the silence');
    const error = eventOf(read.events, 'error');
    assert.match(error.msg, /长时间没有回应/);
    const message = await saved(chat, answerId);
    assert.equal(message.status, 'error');
    assert.equal(message.content, shown, 'the partial text is kept');
    assert.match(message.error, /长时间没有回应/);
  });

  it('an English reader is told why in English, live and when the answer is listed later', async () => {
    const english = { headers: { 'accept-language': 'en-US' } };
    const { chat, read } = await ask('stub-stall', 'alpha beta gamma delta epsilon', english);
    const answerId = eventOf(read.events, 'start').answers[0].messageId;
    const error = eventOf(read.events, 'error');
    assert.equal(error.msg, 'The model service stopped responding, so the answer was cut off');
    assert.equal(error.message.error, error.msg);
    const list = await server.api<any[]>('POST', '/v1/chat/message', { token: teacher, body: { chatNumber: chat }, headers: english.headers });
    assert.equal(list.body.data.find((m) => m.messageId === answerId).error, error.msg);
    // Rating or editing the failed answer hands it back in the reader's language too.
    const rated = await server.api<any>('POST', '/v1/chat/message/feedback', {
      token: teacher,
      body: { messageId: answerId, rating: -1 },
      headers: english.headers,
    });
    assert.equal(rated.body.code, 200, rated.body.msg);
    assert.equal(rated.body.data.error, error.msg);
    const edited = await server.api<any>('PUT', '/v1/chat/message', {
      token: teacher,
      body: { messageId: answerId, content: 'kept words' },
      headers: english.headers,
    });
    assert.equal(edited.body.code, 200, edited.body.msg);
    assert.equal(edited.body.data.error, error.msg);
    // Saved once, in the catalogue's words: a Chinese reader of the same chat reads Chinese.
    assert.match((await saved(chat, answerId)).error, /长时间没有回应/);
  });

  it('a 200 reply that is not a stream ends as error, not as an empty done answer', async () => {
    const { chat, read } = await ask('stub-not-stream', 'hello');
    const answerId = eventOf(read.events, 'start').answers[0].messageId;
    assert.ok(!read.events.some((e) => e.type === 'done'), JSON.stringify(read.events));
    assert.match(eventOf(read.events, 'error').msg, /没有按流式方式回答/);
    const message = await saved(chat, answerId);
    assert.equal(message.status, 'error');
    assert.match(message.error, /没有按流式方式回答/);
  });

  // Waiting out the 600 s would run into the test's time limit.
  it('a 429 asking to wait 600 s fails within the retry budget with the provider’s reason', { timeout: 30_000 }, async () => {
    const { chat, read } = await ask('stub-rate-limit', 'busy?');
    const error = eventOf(read.events, 'error');
    assert.match(error.msg, /请求过多/);
    assert.match(error.msg, /600 秒/, 'says how long the provider asked to wait');
    const message = await saved(chat, eventOf(read.events, 'start').answers[0].messageId);
    assert.equal(message.status, 'error');
  });

  it('stop ends an answer that is waiting to retry', { timeout: 30_000 }, async () => {
    // Retry-After 3 s fits a 30 s budget, so the answer waits; stop must cut the wait (3 s, so a busy machine's slow stop is not taken for a wait that ran out).
    const local = await startStubLlm({ retryAfterSeconds: 3 });
    const waiting = await startTestServer({
      env: { ZX_LLM_BASE_URL: local.baseUrl, ZX_LLM_MODELS: 'stub-rate-limit', ZX_LLM_RETRY_SECONDS: '30' },
    });
    try {
      const token = await waiting.login('teacher');
      const created = await waiting.api<{ chatNumber: string }>('POST', '/v1/chat', { token, body: { model: 'stub-rate-limit' } });
      const chat = created.body.data.chatNumber;
      let answerId = '';
      const reading = postSse(
        `${waiting.baseUrl}/new-chat/v1/chat/completions`,
        token,
        { conversationId: chat, prompt: 'wait' },
        {
          abortWhen: (events) => {
            const start = events.find((e) => e.type === 'start');
            if (start && !answerId) {
              answerId = start.answers[0].messageId;
              // Stop once the first 429 has been answered and the answer sits in its wait.
              setTimeout(() => void waiting.api('POST', '/v1/chat/completions/stop', { token, body: { messageId: answerId } }), 300);
            }
            return false;
          },
        },
      );
      const read = await reading;
      // Had the stop not cut the wait, the retry would have reached the provider before the answer ended.
      assert.equal(local.requests.filter((r) => r.path.endsWith('/chat/completions')).length, 1, 'stopped in its wait: no retry');
      const message = eventOf(read.events, 'done').message;
      assert.equal(message.status, 'stopped');
    } finally {
      await waiting.close();
      await local.close();
    }
  });
});
