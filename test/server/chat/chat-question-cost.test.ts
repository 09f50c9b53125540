import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { KyselyPlugin, PluginTransformResultArgs, QueryResult, UnknownRow } from 'kysely';
import { repoPath } from '../../support/repo.js';
import { eventOf, postSse, streamedText } from '../../support/sse-client.js';
import { startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { startTestServer, type TestServer } from '../../support/server.js';

/** Counts the chat message rows the server reads (rows with a parent and a text). */
class MessageRowCounter implements KyselyPlugin {
  rows = 0;
  transformQuery<T>(args: { node: T }): T {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    this.rows += args.result.rows.filter((r) => 'parent_id' in r && 'content' in r).length;
    return args.result;
  }
}

// The server's folder as a stack shows it: its sources (tsx, or compiled with source maps) or dist-tests/server.
const SERVER_DIRS = [repoPath('server') + '/', new URL('../../../server/', import.meta.url).pathname];

/** Counts the abort controllers the server's own code makes (each holds listeners and its signal for the answer's life). */
function countServerAbortControllers(): { count(): number; restore(): void } {
  const Original = globalThis.AbortController;
  let made = 0;
  class Counted extends Original {
    constructor() {
      super();
      // The frame that called `new AbortController()`: counted when it is the server's code.
      const caller = (new Error().stack ?? '').split('\n')[2] ?? '';
      if (SERVER_DIRS.some((dir) => caller.includes(dir))) made++;
    }
  }
  globalThis.AbortController = Counted;
  return { count: () => made, restore: () => void (globalThis.AbortController = Original) };
}

describe('what one question costs the server: history rows read, abort controllers held', () => {
  let stub: StubLlm;
  let server: TestServer;
  let teacher: string;

  before(async () => {
    stub = await startStubLlm({ tokenDelayMs: 0 });
    // stub-model has the default window of 8,192 tokens.
    server = await startTestServer({ env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_API_KEY: 'sk-test', ZX_LLM_MODELS: 'stub-model,stub-b' } });
    teacher = await server.login('teacher');
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  /** A chat of `count` turns, each about 290 tokens, one branch; returns the chat and its newest message. */
  async function longChat(count: number): Promise<{ chat: string; last: string }> {
    const res = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token: teacher, body: { model: 'stub-model' } });
    const chat = res.body.data.chatNumber;
    const { user_id: userId } = await server.data.db.selectFrom('chats').select('user_id').where('id', '=', chat).executeTakeFirstOrThrow();
    const rows = Array.from({ length: count }, (_, i) => ({
      id: `${chat}-m${String(i).padStart(4, '0')}`,
      chat_id: chat,
      user_id: userId,
      parent_id: i === 0 ? null : `${chat}-m${String(i - 1).padStart(4, '0')}`,
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content_type: 'text' as const,
      content: `turn ${i} ` + 'x'.repeat(1000),
      files: '[]',
      model: i % 2 === 0 ? null : 'stub-model',
      model_version: null,
      reference: null,
      status: 'done' as const,
      error: null,
      rating: 0,
      group_id: null,
      prompt_tokens: 0,
      completion_tokens: 0,
      created_at: 1_000 + i,
      updated_at: 1_000 + i,
    }));
    for (let i = 0; i < rows.length; i += 100)
      await server.data.db
        .insertInto('chat_messages')
        .values(rows.slice(i, i + 100))
        .execute();
    return { chat, last: rows.at(-1)!.id };
  }

  async function ask(body: Record<string, unknown>): Promise<{ sent: string[]; rowsRead: number }> {
    const counter = new MessageRowCounter();
    const ctx = server.app.zx;
    const plain = ctx.db;
    ctx.db = plain.withPlugin(counter);
    try {
      const read = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, teacher, body);
      assert.equal(read.status, 200);
    } finally {
      ctx.db = plain;
    }
    const request = stub.requests.filter((r) => r.body.messages.at(-1).content === body.prompt).at(-1)!;
    return { sent: request.body.messages.slice(1, -1).map((m: { content: string }) => m.content.match(/^turn \d+/)?.[0] ?? m.content), rowsRead: counter.rows };
  }

  it('sends the newest turns that fit, and reads not much more of a 400-turn chat', async () => {
    const { chat, last } = await longChat(400);
    const { sent, rowsRead } = await ask({ conversationId: chat, prompt: 'the newest question', parentMessageId: last });
    // 6,144 tokens for history, less the system message and question: about 20 turns of 290.
    assert.ok(sent.length >= 16 && sent.length <= 21, `turns sent: ${sent.length}`);
    assert.deepEqual(
      sent,
      Array.from({ length: sent.length }, (_, i) => `turn ${400 - sent.length + i}`),
      'the newest turns, in order, starting with a question',
    );
    assert.ok(rowsRead <= sent.length + 30, `message rows read: ${rowsRead} for ${sent.length} turns sent`);
  });

  it('with the context off, reads no history at all', async () => {
    const { chat, last } = await longChat(60);
    const { sent, rowsRead } = await ask({ conversationId: chat, prompt: 'no context please', parentMessageId: last, usingContext: false });
    assert.deepEqual(sent, []);
    assert.ok(rowsRead <= 1, `message rows read: ${rowsRead}`);
  });

  it('a question without a parent continues after the newest message', async () => {
    const { chat } = await longChat(6);
    const { sent } = await ask({ conversationId: chat, prompt: 'carry on' });
    assert.deepEqual(sent, ['turn 0', 'turn 1', 'turn 2', 'turn 3', 'turn 4', 'turn 5']);
  });

  async function controllersFor(mode: 'v1' | 'v2', chatBody: Record<string, unknown>): Promise<number> {
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

  it('questions one after another reuse one connection to the model server', async () => {
    const res = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token: teacher, body: { model: 'stub-model' } });
    const ask = async () => {
      const read = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, teacher, { conversationId: res.body.data.chatNumber, prompt: 'again' });
      assert.equal(streamedText(read.events, eventOf(read.events, 'start').answers[0].messageId), 'Echo: again');
    };
    await ask(); // warm: the agent holds a connection from here on
    const before = stub.connections();
    for (let i = 0; i < 3; i++) await ask();
    assert.equal(stub.connections() - before, 0, 'no new connection per question');
  });

  it('one abort controller per answer, none for the connection', async () => {
    assert.equal(await controllersFor('v1', { model: 'stub-model' }), 1);
    assert.equal(await controllersFor('v2', { models: [{ model: 'stub-model' }, { model: 'stub-b' }] }), 2);
  });
});
