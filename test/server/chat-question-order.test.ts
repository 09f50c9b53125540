// Issue 18: the provider is asked before the question's rows are written,
// and those rows are written in one transaction while it answers. What must
// still hold: tokens that arrive before the commit reach the reader and the
// saved answer, and a write that fails cuts the provider call, gives the
// credits back and leaves nothing stored, as an ordinary error reply.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { KyselyPlugin, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { addPerson, quotaOf, setAllowance, setPrice } from '../support/quota.js';
import { eventOf, postSse, streamedText } from '../support/sse-client.js';
import { startStubLlm, type StubLlm } from '../support/stub-llm.js';
import { startTestServer, type TestServer } from '../support/server.js';

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
