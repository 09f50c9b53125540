// A failed answer is never published: sharing one (empty, or cut off after
// a few words) is refused with a reason, and no public page is made of it;
// a finished answer still shares.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventOf, postSse } from '../../support/sse-client.js';
import { startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { startTestServer, type TestServer } from '../../support/server.js';

describe('sharing a failed answer', () => {
  let stub: StubLlm;
  let server: TestServer;
  let student: string;

  before(async () => {
    stub = await startStubLlm({ tokenDelayMs: 1 });
    server = await startTestServer({
      env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_API_KEY: 'sk-test', ZX_LLM_MODELS: 'stub-model,stub-error-401,stub-fail-mid' },
    });
    student = await server.login('student');
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  const answer = async (model: string) => {
    const created = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token: student, body: { model } });
    const read = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, student, {
      conversationId: created.body.data.chatNumber,
      prompt: '游标卡尺怎么读数？',
    });
    return eventOf(read.events, 'start').answers[0].messageId as string;
  };
  const shares = () => server.data.db.selectFrom('chat_shares').select('message_id').execute();

  for (const [model, what] of [
    ['stub-error-401', 'empty'],
    ['stub-fail-mid', 'cut off after a few words'],
  ] as const) {
    it(`refuses to publish an answer that failed ${what}`, async () => {
      const messageId = await answer(model);
      const before = (await shares()).length;
      const res = await server.api('POST', '/v1/chat/share', { token: student, body: { messageId } });
      assert.equal(res.status, 400);
      assert.equal(res.body.msg, '没有完成的回答不能分享，请重试后再分享');
      assert.equal((await shares()).length, before, 'no public page was made');
      const english = await server.api('POST', '/v1/chat/share', { token: student, body: { messageId }, headers: { 'accept-language': 'en-US' } });
      assert.equal(english.body.msg, 'An answer that did not finish cannot be shared. Retry it, then share');
    });
  }

  it('shares a finished answer', async () => {
    const messageId = await answer('stub-model');
    const res = await server.api<{ shareId: string }>('POST', '/v1/chat/share', { token: student, body: { messageId } });
    assert.equal(res.status, 200, res.body.msg);
  });
});
