// A visitor of the embedded assistant whose answer fails (the model server
// refused, or finished without a word) must not lose one of the day's
// questions or tokens for it, as a signed-in user's quota is not charged for
// it either; an answer that wrote text counts. The question is back before
// the stream ends, however slow the database is to write it.
import assert from 'node:assert/strict';
import { UpdateQueryNode, type KyselyPlugin } from 'kysely';
import { after, before, describe, it } from 'node:test';
import { eventOf, postSse } from '../../support/sse-client.js';
import { startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { startTestServer, type TestServer } from '../../support/server.js';

const CMS = 'https://www.school.test';

/** A key for the safety tutor on the CMS page: 2 questions a day per visitor. */
async function keyWithTwoQuestions(server: TestServer, teacher: string): Promise<string> {
  const made = await server.api<{ key: string }>('POST', '/app/user/embed/key', {
    token: teacher,
    body: {
      name: '学校官网',
      assistantId: 'sys-safety-tutor',
      origins: [CMS],
      limits: { visitorDailyMessages: 2, visitorDailyTokens: 0, dailyMessages: 10 },
    },
  });
  assert.equal(made.status, 200, made.body.msg);
  return made.body.data.key;
}

/** A call to the key's public API from the CMS page. */
const call = <T>(server: TestServer, key: string, path: string, body: Record<string, unknown>) =>
  server.api<T>('POST', `/app/api/embed/${key}/${path}`, { body, headers: { origin: CMS } });

/** Asks the key's assistant as the visitor; the whole stream. */
const askAs = (server: TestServer, key: string, auth: { visitorToken: string }, prompt: string) =>
  postSse(`${server.baseUrl}/new-chat/app/api/embed/${key}/completions`, '', { auth, prompt }, { headers: { origin: CMS } });

/** The key's usage rows: each visitor's and the key's total. */
const usage = (server: TestServer, key: string) =>
  server.data.db.selectFrom('embed_usage').select(['visitor_id', 'messages', 'tokens']).where('key_id', '=', key).orderBy('visitor_id').execute();

describe('an embed answer that fails', () => {
  let stub: StubLlm;
  let server: TestServer;
  let teacher: string;
  let manager: string;

  before(async () => {
    stub = await startStubLlm({ tokenDelayMs: 1 });
    server = await startTestServer({
      env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_API_KEY: 'sk-test', ZX_LLM_MODELS: 'stub-model,stub-empty,stub-error-401,stub-fail-mid' },
    });
    teacher = await server.login('teacher');
    manager = await server.login('manager');
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  /** The school's default model answers the key's assistant (it names none). */
  const answerWith = async (model: string) => {
    const res = await server.api('PUT', '/course/admin/models/settings', { token: manager, body: { defaultModel: model } });
    assert.equal(res.status, 200, res.body.msg);
  };

  it('gives the question and its tokens back; a written answer counts', async () => {
    const key = await keyWithTwoQuestions(server, teacher);
    const visitor = await call<{ visitorToken: string; messagesLeft: number }>(server, key, 'session', {});
    const auth = { visitorToken: visitor.body.data.visitorToken };
    assert.equal(visitor.body.data.messagesLeft, 2);
    const ask = (prompt: string) => askAs(server, key, auth, prompt);
    const left = async () => (await call<{ messagesLeft: number }>(server, key, 'session', { auth })).body.data.messagesLeft;

    for (const model of ['stub-error-401', 'stub-empty', 'stub-error-401']) {
      await answerWith(model);
      const read = await ask('进入车间前要做哪些安全检查？');
      assert.equal(read.status, 200, JSON.stringify(read.body));
      assert.equal(eventOf(read.events, 'error').message.status, 'error', model);
      assert.equal(await left(), 2, `a failed answer (${model}) costs no question`);
    }
    assert.ok(
      (await usage(server, key)).every((row) => Number(row.messages) === 0 && Number(row.tokens) === 0),
      'neither the visitor nor the key is charged',
    );

    // Cut off after a few words: its tokens count, the question does not (the visitor retries it).
    await answerWith('stub-fail-mid');
    const cut = await ask('进入车间前要做哪些安全检查？');
    assert.equal(eventOf(cut.events, 'error').message.status, 'error');
    assert.ok(eventOf(cut.events, 'error').message.content, 'the words written are kept');
    assert.equal(await left(), 2, 'a failed answer with words costs no question either');
    assert.ok((await usage(server, key)).every((row) => Number(row.messages) === 0 && Number(row.tokens) > 0));

    await answerWith('stub-model');
    const answered = await ask('进入车间前要做哪些安全检查？');
    assert.ok(
      answered.events.some((e) => e.type === 'done'),
      JSON.stringify(answered.events),
    );
    assert.equal(await left(), 1, 'an answer counts');
    const rows = await usage(server, key);
    assert.equal(rows.length, 2);
    for (const row of rows) {
      assert.equal(Number(row.messages), 1);
      assert.ok(Number(row.tokens) > 0);
    }
  });
});

describe('a failed embed answer on a slow database', () => {
  let stub: StubLlm;
  let server: TestServer;

  /** Every write to the visitors' usage takes 300 ms longer, as on a database under load. */
  const usageWrites = new Set<string>();
  const slowUsageWrites: KyselyPlugin = {
    transformQuery(args) {
      if (UpdateQueryNode.is(args.node) && JSON.stringify(args.node.table).includes('"embed_usage"')) usageWrites.add(args.queryId.queryId);
      return args.node;
    },
    async transformResult(args) {
      if (usageWrites.delete(args.queryId.queryId)) await new Promise((resolve) => setTimeout(resolve, 300));
      return args.result;
    },
  };

  before(async () => {
    stub = await startStubLlm({ tokenDelayMs: 1 });
    server = await startTestServer({
      env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_API_KEY: 'sk-test', ZX_LLM_MODELS: 'stub-error-401' },
      setup: (app) => void (app.zx.db = app.zx.db.withPlugin(slowUsageWrites)),
    });
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  it('gives the question back before the stream ends', async () => {
    const key = await keyWithTwoQuestions(server, await server.login('teacher'));
    const visitor = await call<{ visitorToken: string }>(server, key, 'session', {});
    const read = await askAs(server, key, { visitorToken: visitor.body.data.visitorToken }, '进入车间前要做哪些安全检查？');
    assert.equal(eventOf(read.events, 'error').message.status, 'error');
    // Read straight after the stream's end, from the database the route writes to.
    const rows = await usage(server, key);
    assert.ok(rows.length > 0, 'the question was counted when it was asked');
    assert.ok(
      rows.every((row) => Number(row.messages) === 0),
      `given back before the end: ${JSON.stringify(rows)}`,
    );
  });
});
