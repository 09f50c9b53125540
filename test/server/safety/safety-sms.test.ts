// A student in crisis: besides the bell, the phones managers set get a short
// SMS notice with a link, never the student's words, within the SMS module's
// per-number caps and the school's daily budget.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { askInNewChat } from '../../support/sse-client.js';
import { startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { until } from '../../support/until.js';

describe('safety alerts by SMS', () => {
  let stub: StubLlm;
  let server: TestServer;
  let manager: string;
  let student: string;

  before(async () => {
    stub = await startStubLlm();
    server = await startTestServer({
      env: {
        ZX_LLM_BASE_URL: stub.baseUrl,
        ZX_LLM_API_KEY: 'sk-test',
        ZX_LLM_MODELS: 'stub-model',
        ZX_PUBLIC_URL: 'https://ai.school.example/',
        ZX_SMS_DAILY_BUDGET: '3',
      },
    });
    manager = await server.login('manager');
    student = await server.login('student');
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  const crisis = async (prompt: string) => assert.equal((await askInNewChat(server, student, prompt)).status, 200);
  const notices = (masked: string) => server.logs().match(new RegExp(`SMS to ${masked.replace(/\*/gu, '\\*')} \\(alert\\)[^"]*`, 'gu')) ?? [];
  const heldBack = (masked: string) => (server.logs().match(new RegExp(`safety alert SMS to ${masked.replace(/\*/gu, '\\*')} held back`, 'gu')) ?? []).length;

  it('refuses a malformed alert phone list', async () => {
    const res = await server.api('PUT', '/course/admin/safety/settings', { token: manager, body: { alertPhone: '13800000001, 12345' } });
    assert.equal(res.status, 400);
  });

  it('sends each set phone a notice with a link and without the words, within the caps and the budget', async () => {
    const saved = await server.api('PUT', '/course/admin/safety/settings', { token: manager, body: { alertPhone: '13800000001，13900000002' } });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    await crisis('我真的不想活了，作业太多');
    const [first] = await until(
      () => notices('138****0001'),
      (found) => found.length === 1 && notices('139****0002').length === 1,
    );
    assert.match(first!, /https:\/\/ai\.school\.example\//u);
    assert.ok(!server.logs().includes('作业太多'), "the student's words are in no SMS and no log line");
    assert.ok(!server.logs().includes('13800000001'), 'the number stays masked');

    // Within the minute: each number has had its notice.
    await crisis('还是想死');
    await until(
      () => heldBack('138****0001') + heldBack('139****0002'),
      (n) => n === 2,
    );
    assert.equal(notices('138****0001').length, 1);

    // A minute on, the budget (3 a day) has room for one more: the first number gets it, the second is refused.
    await server.data.db
      .updateTable('sms_sends')
      .set({ created_at: Date.now() - 120_000 })
      .where('bucket', 'like', 'alert:%')
      .execute();
    await crisis('我不想活了');
    await until(
      () => heldBack('139****0002'),
      (n) => n === 2,
    );
    assert.equal(notices('138****0001').length, 2);
    assert.equal(notices('139****0002').length, 1);
    assert.match(server.logs(), /SMS alert: the daily SMS budget is used up/u);
  });
});
