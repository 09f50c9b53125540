// An answer the model server reported no token counts for (cut off mid-way,
// stopped by the asker, or a server that ignores include_usage) is charged
// at counted tokens. The answer itself must keep those same counts: the data
// board and its export read them from the answers, the quota's use and the
// person's history from the charges, and a manager comparing the two found
// the board at 0 tokens for answers the quota had charged.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dayOf } from '../../../server/modules/courses/index.js';
import { postSse } from '../../support/sse-client.js';
import { startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { startTestServer, type TestServer } from '../../support/server.js';

describe('tokens of an answer without reported usage', () => {
  let stub: StubLlm;
  let server: TestServer;
  let manager: string;
  let student: string;

  before(async () => {
    stub = await startStubLlm({ tokenDelayMs: 1 });
    server = await startTestServer({ env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_API_KEY: 'sk-test', ZX_LLM_MODELS: 'stub-fail-mid' } });
    manager = await server.login('manager');
    student = await server.login('student');
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  it('counts the same tokens on the data board as the quota charged for an answer cut off mid-way', async () => {
    const chat = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token: student, body: { model: 'stub-fail-mid' } });
    const read = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, student, {
      conversationId: chat.body.data.chatNumber,
      prompt: '请解释一下数控车床的对刀步骤，以及每一步需要注意的安全事项',
    });
    const final = read.events.find((e) => e.type === 'error' || e.type === 'done');
    assert.equal(final?.message.status, 'error', 'the answer was cut off');
    assert.ok(final?.message.content, 'after saying something');

    const charged = (
      await server.api<Array<{ key: string; promptTokens: number; completionTokens: number }>>('GET', '/course/quota/usage?by=model', { token: manager })
    ).body.data.find((r) => r.key === 'stub-fail-mid');
    assert.ok(charged && charged.promptTokens > 0 && charged.completionTokens > 0, 'the quota charged counted tokens');

    const today = dayOf(Date.now());
    const board = await server.api<{ models: Array<{ model: string; promptTokens: number; completionTokens: number }> }>(
      'GET',
      `/course/board/summary?from=${today}&to=${today}`,
      { token: manager },
    );
    assert.equal(board.body.code, 200, board.body.msg);
    const shown = board.body.data.models.find((m) => m.model === 'stub-fail-mid');
    assert.deepEqual(
      { promptTokens: shown?.promptTokens, completionTokens: shown?.completionTokens },
      { promptTokens: charged.promptTokens, completionTokens: charged.completionTokens },
    );
    assert.deepEqual(final.message.usage, { promptTokens: charged.promptTokens, completionTokens: charged.completionTokens }, 'the answer says so too');
  });
});
