// Every answer reaches a final state: shutdown ends open answers with an
// error event and saves them; an answer whose process is gone is finalised
// once its lease expires; another instance starting on the same database
// leaves live answers alone; a failed final save is retried, then recovered.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { sql } from 'kysely';
import { after, before, describe, it } from 'node:test';
import { ABANDONED_MESSAGE } from '../../../server/modules/chat/answer-leases.js';
import { SHUTDOWN_MESSAGE } from '../../../server/modules/chat/generation.js';
import { insertMessages } from '../../../server/modules/chat/store.js';
import { messageRecord } from '../../support/chat-rows.js';
import { startCli, stopCli } from '../../support/cli-server.js';
import { eventOf, postSse, streamedText } from '../../support/sse-client.js';
import { startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { openTestDatabase, startTestServer, TEST_DEMO_PASSWORD, type TestServer } from '../../support/server.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const longReply = () => Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');

async function rowOf(db: TestServer['data']['db'], id: string) {
  return db.selectFrom('chat_messages').select(['status', 'content', 'error']).where('id', '=', id).executeTakeFirstOrThrow();
}

async function newChat(baseUrl: string, token: string, model: string): Promise<string> {
  const response = await fetch(`${baseUrl}/new-chat/v1/chat`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'client-id': 'app' },
    body: JSON.stringify({ model }),
  });
  return ((await response.json()) as { data: { chatNumber: string } }).data.chatNumber;
}

describe('every answer reaches a final state', () => {
  let stub: StubLlm;
  before(async () => {
    // 200 words, 100 ms apart: a 20-second answer, longer than the 10 s shutdown grace.
    stub = await startStubLlm({ tokenDelayMs: 100, reply: longReply });
  });
  after(() => stub.close());

  it('SIGTERM during a long answer: error event, saved with its partial text, exit 0', { timeout: 60_000 }, async () => {
    const db = await openTestDatabase();
    const cli = await startCli({ ...db.env, ZX_DEMO_PASSWORD: TEST_DEMO_PASSWORD, ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_MODELS: 'stub-model' });
    try {
      const login = await fetch(`${cli.url}/new-chat/app/api/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'teacher', password: TEST_DEMO_PASSWORD }),
      });
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      const chat = await newChat(cli.url, token, 'stub-model');
      const exited = once(cli.child, 'exit') as Promise<[number | null]>;
      let signalled = 0;
      const read = await postSse(
        `${cli.url}/new-chat/v1/chat/completions`,
        token,
        { conversationId: chat, prompt: 'tell me everything' },
        {
          abortWhen: (events) => {
            if (!signalled && events.filter((e) => e.type === 'delta').length >= 5) {
              signalled = Date.now();
              cli.child.kill('SIGTERM');
            }
            return false;
          },
        },
      );
      const [code] = await exited;
      assert.equal(code, 0, cli.output());
      assert.ok(Date.now() - signalled < 8_000, `exited ${Date.now() - signalled} ms after SIGTERM`);
      const answerId = eventOf(read.events, 'start').answers[0].messageId;
      const error = eventOf(read.events, 'error');
      assert.equal(error.msg, SHUTDOWN_MESSAGE);
      const shown = streamedText(read.events, answerId);
      assert.ok(shown.length > 0 && shown.length < longReply().length);
      const row = await rowOf(db.data.db, answerId);
      assert.equal(row.status, 'error');
      assert.equal(row.error, SHUTDOWN_MESSAGE);
      assert.equal(row.content, shown, 'the partial text the user saw is saved');
    } finally {
      await stopCli(cli.child);
      await db.close();
    }
  });

  it('a second instance starting on the same database leaves a live answer streaming', { timeout: 60_000 }, async () => {
    const server = await startTestServer({ env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_MODELS: 'stub-model' } });
    try {
      const token = await server.login('teacher');
      const chat = await newChat(server.baseUrl, token, 'stub-model');
      let answerId = '';
      const reading = postSse(
        `${server.baseUrl}/new-chat/v1/chat/completions`,
        token,
        { conversationId: chat, prompt: 'go' },
        {
          abortWhen: (events) => {
            answerId ||= events.find((e) => e.type === 'start')?.answers[0].messageId ?? '';
            return false;
          },
        },
      );
      while (!answerId) await sleep(20);
      const env = Object.fromEntries(Object.entries(server.config.env).filter((e): e is [string, string] => e[1] !== undefined));
      const second = await startCli({ ...env, ZX_DEMO_PASSWORD: TEST_DEMO_PASSWORD });
      try {
        await sleep(300); // past the second instance's start-up sweep
        assert.equal((await rowOf(server.data.db, answerId)).status, 'streaming', 'the other instance did not end it');
      } finally {
        assert.equal(await stopCli(second.child), 0, second.output());
      }
      // Still live on the first instance: the user can stop it, and it saves what was shown.
      const stop = await server.api<{ stopped: boolean }>('POST', '/v1/chat/completions/stop', { token, body: { messageId: answerId } });
      assert.equal(stop.body.data.stopped, true);
      const read = await reading;
      assert.equal(eventOf(read.events, 'done').message.status, 'stopped');
      const row = await rowOf(server.data.db, answerId);
      assert.equal(row.status, 'stopped');
      assert.equal(row.content, streamedText(read.events, answerId));
    } finally {
      await server.close();
    }
  });

  describe('with a short lease', () => {
    let server: TestServer;
    let token: string;
    before(async () => {
      server = await startTestServer({ env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_MODELS: 'stub-model', ZX_ANSWER_LEASE_SECONDS: '1' } });
      token = await server.login('teacher');
    });
    after(() => server.close());

    const streamingRow = async (id: string, chat: string, lease: { owner: string; expiresAt: number }) => {
      const user = await server.data.db.selectFrom('users').select('id').where('username', '=', 'teacher').executeTakeFirstOrThrow();
      const now = Date.now();
      await insertMessages(server.data.db, [
        {
          message: messageRecord({
            id,
            chatId: chat,
            userId: user.id,
            role: 'assistant',
            content: 'partial text',
            model: 'stub-model',
            status: 'streaming',
            createdAt: now,
            updatedAt: now,
          }),
          lease,
        },
      ]);
    };

    it('an answer whose lease expired is finalised as error with its partial text; a live lease is left alone', async () => {
      const chat = await newChat(server.baseUrl, token, 'stub-model');
      await streamingRow('abandoned-answer', chat, { owner: 'a-dead-instance', expiresAt: Date.now() - 1_000 });
      await streamingRow('live-elsewhere', chat, { owner: 'another-live-instance', expiresAt: Date.now() + 60_000 });
      let row = await rowOf(server.data.db, 'abandoned-answer');
      for (let i = 0; i < 40 && row.status === 'streaming'; i++) {
        await sleep(100);
        row = await rowOf(server.data.db, 'abandoned-answer');
      }
      assert.deepEqual(row, { status: 'error', content: 'partial text', error: ABANDONED_MESSAGE });
      assert.equal((await rowOf(server.data.db, 'live-elsewhere')).status, 'streaming');
      // Whoever lists it reads why in their own language.
      const listed = async (language: string) => {
        const list = await server.api<Array<{ messageId: string; error: string | null }>>('POST', '/v1/chat/message', {
          token,
          body: { chatNumber: chat },
          headers: { 'accept-language': language },
        });
        return list.body.data.find((m) => m.messageId === 'abandoned-answer')?.error;
      };
      assert.equal(await listed('en-US'), 'The answer was cut off: the server writing it stopped. Please try again');
      assert.equal(await listed('zh-CN'), ABANDONED_MESSAGE);
      const one = await server.api<{ error: string }>('GET', '/v1/chat/message/abandoned-answer', { token, headers: { 'accept-language': 'ru-RU' } });
      assert.equal(one.body.data.error, 'Ответ прервался: сервер, который его писал, остановился. Повторите');
    });

    it('a final save that keeps failing ends as error by lease; one that fails once is retried', { timeout: 30_000 }, async () => {
      stub.setReply(() => 'short answer here');
      const blockDone = async (on: boolean) => {
        if (server.data.dialect === 'sqlite') {
          if (on) {
            await sql`create trigger block_done before update of status on chat_messages when new.status = 'done' begin select raise(abort, 'disk I/O error'); end`.execute(
              server.data.db,
            );
          } else await sql`drop trigger block_done`.execute(server.data.db);
        } else if (on) {
          await sql`create function block_done() returns trigger language plpgsql as $$ begin raise exception 'could not extend file: No space left on device'; end $$`.execute(
            server.data.db,
          );
          await sql`create trigger block_done before update on chat_messages for each row when (new.status = 'done') execute function block_done()`.execute(
            server.data.db,
          );
        } else {
          await sql`drop trigger block_done on chat_messages`.execute(server.data.db);
          await sql`drop function block_done()`.execute(server.data.db);
        }
      };
      try {
        // Fails once, then the database recovers: the retry saves it as done.
        await blockDone(true);
        const chat = await newChat(server.baseUrl, token, 'stub-model');
        setTimeout(() => void blockDone(false), 400);
        const read = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, token, { conversationId: chat, prompt: 'x' });
        const answerId = eventOf(read.events, 'start').answers[0].messageId;
        assert.equal(eventOf(read.events, 'done').message.status, 'done');
        assert.equal((await rowOf(server.data.db, answerId)).status, 'done');

        // Keeps failing: the client hears it, and the lease sweeper finalises the row as error.
        await blockDone(true);
        const chat2 = await newChat(server.baseUrl, token, 'stub-model');
        const failed = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, token, { conversationId: chat2, prompt: 'y' });
        const failedId = eventOf(failed.events, 'start').answers[0].messageId;
        assert.match(eventOf(failed.events, 'error').msg, /未能保存/);
        let row = await rowOf(server.data.db, failedId);
        for (let i = 0; i < 40 && row.status === 'streaming'; i++) {
          await sleep(100);
          row = await rowOf(server.data.db, failedId);
        }
        assert.equal(row.status, 'error');
        assert.equal(row.error, ABANDONED_MESSAGE);
        await blockDone(false);
      } finally {
        stub.setReply(longReply);
      }
    });
  });
});
