// The provider is asked before the question's rows are written,
// and those rows are written in one transaction while it answers. What must
// still hold: tokens that arrive before the commit reach the reader and the
// saved answer, and a write that fails cuts the provider call, gives the
// credits back and leaves nothing stored, as an ordinary error reply.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql, type KyselyPlugin, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import { addPerson, quotaOf, setAllowance, setPrice } from '../../support/quota.js';
import { eventOf, postSse, streamedText } from '../../support/sse-client.js';
import { startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { openTestDatabase, startTestServer, TEST_DEMO_PASSWORD, type TestServer } from '../../support/server.js';
import { startCli, stopCli } from '../../support/cli-server.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `atInsert` when a row is inserted into chat_messages, before that insert returns (inside its transaction). */
class MessageInsertHook implements KyselyPlugin {
  private readonly inserts = new WeakSet<object>();
  constructor(private readonly atInsert: () => Promise<void>) {}
  transformQuery<T extends RootOperationNode>(args: { node: T; queryId: object }): T {
    const node = args.node as { kind: string; into?: { table: { identifier: { name: string } } } };
    if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'chat_messages') this.inserts.add(args.queryId);
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs & { queryId: object }): Promise<QueryResult<UnknownRow>> {
    if (this.inserts.has(args.queryId)) await this.atInsert();
    return args.result;
  }
}

describe('a question: provider first, its rows in one transaction', () => {
  let stub: StubLlm;
  let server: TestServer;
  let manager: string;

  before(async () => {
    stub = await startStubLlm({ tokenDelayMs: 5 });
    server = await startTestServer({ env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_API_KEY: 'sk-test', ZX_LLM_MODELS: 'stub-model' } });
    manager = await server.login('manager');
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  const newChat = async (token: string) =>
    (await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token, body: { model: 'stub-model' } })).body.data.chatNumber;
  const askedFor = (prompt: string) => stub.requests.some((r) => r.body.messages?.at(-1)?.content === prompt);
  /** Waits (at most 3 s) for the provider to be asked `prompt`; true when it was. */
  const providerAsked = async (prompt: string) => {
    for (let waited = 0; waited < 3_000 && !askedFor(prompt); waited += 10) await sleep(10);
    return askedFor(prompt);
  };
  async function withHook<T>(atInsert: () => Promise<void>, run: () => Promise<T>): Promise<T> {
    const ctx = server.app.zx;
    const plain = ctx.db;
    ctx.db = plain.withPlugin(new MessageInsertHook(atInsert));
    try {
      return await run();
    } finally {
      ctx.db = plain;
    }
  }

  it('asks the provider before the question is stored, and loses none of the tokens that came first', async () => {
    const token = await server.login('teacher');
    const chat = await newChat(token);
    const prompt = 'the provider first '.repeat(3).trim();
    let askedBeforeStored: boolean | undefined;
    const read = await withHook(
      async () => {
        // The first insert holds its transaction until the provider was asked; it is asked only if the call started first.
        askedBeforeStored ??= await providerAsked(prompt);
        // …and a few tokens arrive while the rows are still uncommitted.
        await sleep(30);
      },
      () => postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, token, { conversationId: chat, prompt }),
    );
    assert.equal(read.status, 200);
    assert.equal(askedBeforeStored, true, 'the provider was asked while the question was not yet stored');
    const answerId = eventOf(read.events, 'start').answers[0].messageId;
    assert.equal(streamedText(read.events, answerId), `Echo: ${prompt}`);
    const saved = (await server.api<any[]>('POST', '/v1/chat/message', { token, body: { chatNumber: chat } })).body.data;
    assert.deepEqual(
      saved.map((m) => [m.role, m.status, m.content]),
      [
        ['user', 'done', prompt],
        ['assistant', 'done', `Echo: ${prompt}`],
      ],
    );
  });

  it('a write that fails after the provider was asked cuts the call, gives the credits back and stores nothing', async () => {
    const ada = await addPerson(server, 'order-ada', '3');
    const token = await server.login(ada);
    await setPrice(server, manager, 'stub-model', 100, 100);
    await setAllowance(server, manager, 'user', ada, 50);
    const chat = await newChat(token);
    // A long answer: still streaming when the write fails, unless the call is cut.
    stub.setReply(() => Array.from({ length: 300 }, (_, i) => `w${i}`).join(' '));
    const prompt = 'a question whose rows fail';
    try {
      const read = await withHook(
        async () => {
          assert.ok(await providerAsked(prompt), 'the provider was asked before the write');
          throw new Error('disk full (test)');
        },
        () => postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, token, { conversationId: chat, prompt }),
      );
      assert.equal(read.status, 500);
      assert.equal(read.contentType?.startsWith('application/json'), true, 'an ordinary reply, not a stream');
      assert.equal(typeof read.body?.msg, 'string');
      assert.equal((await quotaOf(server, token)).balance, 50, 'the hold is released');
      for (let waited = 0; waited < 1_000 && stub.openStreams() > 0; waited += 10) await sleep(10);
      assert.equal(stub.openStreams(), 0, 'the provider call was cut (300 tokens take 1.5 s)');
      const saved = (await server.api<any[]>('POST', '/v1/chat/message', { token, body: { chatNumber: chat } })).body.data;
      assert.deepEqual(saved, [], 'nothing of the question is stored');
    } finally {
      stub.setReply((body) => `Echo: ${body.messages.at(-1).content}`);
    }
  });
});

// The hook above yields to the event loop while it waits, which hides what a
// real SQLite write does: it runs synchronously, and the provider request,
// queued on its socket for the next tick, stayed queued until the question's
// rows had committed. Here the server runs in its own process (as in
// production) and the insert itself is slow inside the database, with no
// yield: the provider must be asked while the question is still uncommitted.
describe('the provider request leaves before a slow write commits (server in its own process)', () => {
  it('the question is not yet visible when the provider is asked', { timeout: 60_000 }, async () => {
    const stub = await startStubLlm();
    const db = await openTestDatabase();
    const cli = await startCli({ ...db.env, ZX_DEMO_PASSWORD: TEST_DEMO_PASSWORD, ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_MODELS: 'stub-model' });
    try {
      const api = async (path: string, body: unknown, token?: string) =>
        (await (
          await fetch(`${cli.url}/new-chat${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
            body: JSON.stringify(body),
          })
        ).json()) as { data: any };
      const token = (await api('/app/api/oauth/token', { username: 'teacher', password: TEST_DEMO_PASSWORD })).data.token as string;
      const chat = (await api('/v1/chat', { model: 'stub-model' }, token)).data.chatNumber as string;
      // A first question opens the keep-alive connection to the provider, as a running server has one.
      assert.equal(
        eventOf((await postSse(`${cli.url}/new-chat/v1/chat/completions`, token, { conversationId: chat, prompt: 'warm up' })).events, 'done').message.status,
        'done',
      );
      // Storing a question now takes a few hundred milliseconds inside the database.
      if (db.data.dialect === 'sqlite') {
        await sql`create table ballast (n integer)`.execute(db.data.db);
        await sql`insert into ballast with recursive c(x) as (select 1 union all select x + 1 from c where x < 150) select x from c`.execute(db.data.db);
        await sql`create trigger slow_question after insert on chat_messages when new.role = 'user' begin select count(*) from ballast a, ballast b, ballast c where a.n + b.n + c.n < 0; end`.execute(
          db.data.db,
        );
      } else {
        await sql`create function slow_question() returns trigger language plpgsql as $$ begin perform pg_sleep(0.5); return new; end $$`.execute(db.data.db);
        await sql`create trigger slow_question after insert on chat_messages for each row when (new.role = 'user') execute function slow_question()`.execute(
          db.data.db,
        );
      }
      const prompt = 'asked before it is stored';
      const reading = postSse(`${cli.url}/new-chat/v1/chat/completions`, token, { conversationId: chat, prompt });
      while (!stub.requests.some((r) => r.body.messages?.at(-1)?.content === prompt)) await sleep(2);
      const stored = await db.data.db.selectFrom('chat_messages').select('id').where('chat_id', '=', chat).where('content', '=', prompt).execute();
      assert.deepEqual(stored, [], 'the provider was asked while the question was still being written');
      const read = await reading;
      assert.equal(eventOf(read.events, 'done').message.content, `Echo: ${prompt}`);
    } finally {
      await stopCli(cli.child);
      await db.close();
      await stub.close();
    }
  });
});
