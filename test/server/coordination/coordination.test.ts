// Two instances on one database and one Redis (ZX_REDIS_URL), as behind a
// load balancer: a stop sent to either stops the answer wherever it is
// written, a reader on the other follows it, and limits count once.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { insertMessages } from '../../../server/modules/chat/store.js';
import { messageRecord } from '../../support/chat-rows.js';
import { eventOf, postSse, streamedText } from '../../support/sse-client.js';
import { startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { startTestServer, type TestServer } from '../../support/server.js';

const REDIS_URL = process.env.ZX_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('two instances sharing Redis', () => {
  let stub: StubLlm;
  let a: TestServer;
  let b: TestServer;
  let teacher: string;

  before(async () => {
    stub = await startStubLlm({ tokenDelayMs: 5 });
    // Each run its own key space: test files run side by side on one Redis.
    const env = {
      ZX_LLM_BASE_URL: stub.baseUrl,
      ZX_LLM_API_KEY: 'sk-test',
      ZX_LLM_MODELS: 'stub-model',
      ZX_REDIS_URL: REDIS_URL,
      ZX_REDIS_PREFIX: `zxtest-${randomBytes(4).toString('hex')}`,
    };
    a = await startTestServer({ env });
    b = await startTestServer({ env, sameDatabaseAs: a });
    teacher = await a.login('teacher');
  });
  after(async () => {
    await b?.close();
    await a?.close();
    await stub.close();
  });

  const longReply = (words: number) => stub.setReply(() => Array.from({ length: words }, (_, i) => `w${i}`).join(' '));
  const newChat = async (server: TestServer) => {
    const res = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token: teacher, body: { model: 'stub-model' } });
    assert.equal(res.body.code, 200, res.body.msg);
    return res.body.data.chatNumber;
  };
  const savedAnswer = async (server: TestServer, chatNumber: string, id: string) =>
    (await server.api<any[]>('POST', '/v1/chat/message', { token: teacher, body: { chatNumber } })).body.data.find((m) => m.messageId === id);
  const settled = async (server: TestServer, chatNumber: string, id: string) => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const m = await savedAnswer(server, chatNumber, id);
      if (m.status !== 'streaming' || Date.now() > deadline) return m;
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it('health reports Redis', async () => {
    const res = await b.api<any>('GET', '/health');
    assert.equal(res.body.data.redis, 'ok');
  });

  it('a stop sent to the other instance stops the answer where it is written', async () => {
    longReply(400);
    const chat = await newChat(a);
    let answerId = '';
    let stop: Promise<any> | undefined;
    const read = await postSse(
      `${a.baseUrl}/new-chat/v1/chat/completions`,
      teacher,
      { conversationId: chat, prompt: 'long' },
      {
        abortWhen: (events) => {
          answerId ||= events.find((e) => e.type === 'start')?.answers[0].messageId ?? '';
          // Stop on B while A keeps streaming to this reader: the stream then ends as stopped.
          if (answerId && !stop && events.filter((e) => e.type === 'delta').length >= 3) {
            stop = b.api<{ stopped: boolean }>('POST', '/v1/chat/completions/stop', { token: teacher, body: { messageId: answerId } });
          }
          return false;
        },
      },
    );
    assert.equal((await stop!).body.data.stopped, true, 'B knows the answer is being written elsewhere');
    const done = eventOf(read.events, 'done');
    assert.equal(done.message.status, 'stopped');
    assert.ok(streamedText(read.events, answerId).split(' ').length < 400, 'the provider call stopped early');
    assert.equal((await settled(b, chat, answerId)).status, 'stopped');
    // Once ended, nothing is left to stop anywhere.
    const again = await b.api<{ stopped: boolean }>('POST', '/v1/chat/completions/stop', { token: teacher, body: { messageId: answerId } });
    assert.equal(again.body.data.stopped, false);
  });

  it('a stop sent through the other instance ends the stream with the stopped answer, asking the provider nothing more', async () => {
    // 3,000 words at 5 ms: the provider would write for 15 s.
    longReply(3_000);
    const chat = await newChat(a);
    const asked = stub.requests.length;
    let answerId = '';
    let stop: Promise<any> | undefined;
    const read = await postSse(
      `${a.baseUrl}/new-chat/v1/chat/completions`,
      teacher,
      { conversationId: chat, prompt: 'a long one' },
      {
        abortWhen: (events) => {
          answerId ||= events.find((e) => e.type === 'start')?.answers[0].messageId ?? '';
          if (answerId && !stop && events.filter((e) => e.type === 'delta').length >= 3) {
            stop = b.api<{ stopped: boolean }>('POST', '/v1/chat/completions/stop', { token: teacher, body: { messageId: answerId } });
          }
          return false;
        },
      },
    );
    assert.equal((await stop!).body.data.stopped, true);
    // The provider would write for 15 s more; its call is closed long before (a few ms, or a moment on a busy machine).
    for (let waited = 0; waited < 5_000 && stub.openStreams() > 0; waited += 10) await new Promise((r) => setTimeout(r, 10));
    assert.equal(stub.openStreams(), 0, 'the provider call was aborted');
    const after = read.events.filter((e) => e.type !== 'delta').map((e) => e.type);
    assert.deepEqual(after, ['start', 'done', 'title', 'end'], 'one final answer, the chat named, then the end');
    assert.equal(eventOf(read.events, 'done').message.status, 'stopped');
    assert.equal(eventOf(read.events, 'title').chatTitle, 'a long one', 'named after its question');
    const calls = stub.requests.slice(asked).filter((r) => r.path.endsWith('/chat/completions'));
    assert.equal(calls.length, 1, 'the provider was asked for the answer only');
    assert.ok(streamedText(read.events, answerId).split(' ').length < 3_000, 'the answer was cut short');
  });

  it('stopped:true from the other instance means the answer has stopped and is saved so', async () => {
    longReply(400);
    const chat = await newChat(a);
    let answerId = '';
    let stopped: { at: number; status: string; answer: boolean } | undefined;
    let stopping: Promise<void> | undefined;
    await postSse(
      `${a.baseUrl}/new-chat/v1/chat/completions`,
      teacher,
      { conversationId: chat, prompt: 'long' },
      {
        abortWhen: (events) => {
          answerId ||= events.find((e) => e.type === 'start')?.answers[0].messageId ?? '';
          if (answerId && !stopping && events.filter((e) => e.type === 'delta').length >= 3) {
            stopping = (async () => {
              const res = await b.api<{ stopped: boolean }>('POST', '/v1/chat/completions/stop', { token: teacher, body: { messageId: answerId } });
              // Read at once, as the page does right after the stop call answers.
              const row = await b.data.db.selectFrom('chat_messages').select('status').where('id', '=', answerId).executeTakeFirstOrThrow();
              stopped = { at: Date.now(), status: row.status, answer: res.body.data.stopped };
            })();
          }
          return false;
        },
      },
    );
    await stopping;
    assert.deepEqual({ answer: stopped!.answer, status: stopped!.status }, { answer: true, status: 'stopped' });
  });

  it('a stop for an answer whose writer is gone (lease not yet run out) says stopped:false', async () => {
    const chat = await newChat(a);
    const user = await a.data.db.selectFrom('users').select('id').where('username', '=', 'teacher').executeTakeFirstOrThrow();
    const now = Date.now();
    const id = `orphan-${randomBytes(4).toString('hex')}`;
    await insertMessages(a.data.db, [
      {
        message: messageRecord({
          id,
          chatId: chat,
          userId: user.id,
          role: 'assistant',
          content: 'partial',
          model: 'stub-model',
          status: 'streaming',
          createdAt: now,
          updatedAt: now,
        }),
        lease: { owner: 'a-dead-instance', expiresAt: now + 60_000 },
      },
    ]);
    const res = await b.api<{ stopped: boolean }>('POST', '/v1/chat/completions/stop', { token: teacher, body: { messageId: id } });
    assert.equal(res.body.data.stopped, false, 'no instance stopped it');
  });

  it('a reader on the other instance follows an answer written here, from the last event it saw', async () => {
    longReply(200);
    const chat = await newChat(a);
    const first = await postSse(
      `${a.baseUrl}/new-chat/v1/chat/completions`,
      teacher,
      { conversationId: chat, prompt: 'go' },
      {
        abortWhen: (events) => events.filter((e) => e.type === 'delta').length >= 4,
      },
    );
    const answerId = eventOf(first.events, 'start').answers[0].messageId;
    const seen = first.events.filter((e) => e.type === 'delta').at(-1)!.seq;
    const rest = await postSse(`${b.baseUrl}/new-chat/v1/chat/completions/resume`, teacher, { messageId: answerId, after: seen });
    const done = eventOf(rest.events, 'done');
    assert.equal(done.message.status, 'done');
    assert.equal(streamedText(first.events, answerId) + streamedText(rest.events, answerId), done.message.content);
    assert.equal(done.message.content.split(' ').length, 200);
  });

  it('counts wrong passwords once across instances', async () => {
    // The pair limit is 5 failures: alternate instances; the sixth is refused wherever it lands.
    const login = (server: TestServer, password: string) =>
      server.api('POST', '/app/api/oauth/token', { body: { username: 'student', password }, headers: { 'x-forwarded-for': '198.51.100.7' } });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await login(i % 2 ? b : a, 'wrong-password')).body.code);
    assert.deepEqual(statuses, [400, 400, 400, 400, 400, 429]);
  });
});
