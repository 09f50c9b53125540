// Two instances whose Redis stops (a Redis of this test's own, on a free
// port: the shared one is never touched): each still streams the answers it
// writes as one instance does, a reader on the other instance gets the
// answer from the database instead (polling), and health says degraded.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { connect, createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { eventOf, postSse, streamedText } from '../../support/sse-client.js';
import { startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { startTestServer, type TestServer } from '../../support/server.js';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** A redis-server of this test's own; resolves once it accepts connections. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 200; i++) {
    const socket = connect(port, '127.0.0.1');
    const ready = await new Promise<boolean>((resolve) => socket.once('connect', () => resolve(true)).once('error', () => resolve(false)));
    socket.destroy();
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not start (is it installed?)');
}

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

describe('two instances whose Redis stops', { timeout: 120_000 }, () => {
  let stub: StubLlm;
  let redis: ChildProcess | undefined;
  let a: TestServer;
  let b: TestServer;
  let teacher: string;

  before(async () => {
    stub = await startStubLlm({ tokenDelayMs: 20 });
    const port = await freePort();
    redis = await startRedis(port);
    const env = {
      ZX_LLM_BASE_URL: stub.baseUrl,
      ZX_LLM_API_KEY: 'sk-test',
      ZX_LLM_MODELS: 'stub-model',
      ZX_REDIS_URL: `redis://127.0.0.1:${port}`,
    };
    a = await startTestServer({ env });
    b = await startTestServer({ env, sameDatabaseAs: a });
    teacher = await a.login('teacher');
    assert.equal((await a.api<{ redis: string }>('GET', '/health')).body.data.redis, 'ok');
    redis.kill('SIGKILL');
    await once(redis, 'exit');
  });
  after(async () => {
    if (redis && redis.exitCode === null && redis.signalCode === null) redis.kill('SIGKILL');
    await b?.close();
    await a?.close();
    await stub?.close();
  });

  const newChat = async () => {
    const res = await a.api<{ chatNumber: string }>('POST', '/v1/chat', { token: teacher, body: { model: 'stub-model' } });
    assert.equal(res.body.code, 200, res.body.msg);
    return res.body.data.chatNumber;
  };

  it('health says degraded and names Redis as down, while the instance stays in service (200)', async () => {
    const health = await a.api<{ status: string; redis: string }>('GET', '/health');
    assert.equal(health.status, 200);
    assert.deepEqual({ status: health.body.data.status, redis: health.body.data.redis }, { status: 'degraded', redis: 'down' });
  });

  it('the instance writing an answer streams it word by word, as one instance does', async () => {
    stub.setReply(() => words(40));
    const read = await postSse(`${a.baseUrl}/new-chat/v1/chat/completions`, teacher, { conversationId: await newChat(), prompt: 'stream' });
    const done = eventOf(read.events, 'done');
    assert.equal(done.message.status, 'done');
    const deltas = read.events.filter((e) => e.type === 'delta');
    assert.ok(deltas.length >= 10, `the answer came as ${deltas.length} deltas, not whole at the end`);
    assert.equal(streamedText(read.events, done.message.messageId), done.message.content);
    assert.equal(done.message.content.split(' ').length, 40);
  });

  it('a reader on the other instance gets the answer from the database', async () => {
    stub.setReply(() => words(60));
    const first = await postSse(
      `${a.baseUrl}/new-chat/v1/chat/completions`,
      teacher,
      { conversationId: await newChat(), prompt: 'elsewhere' },
      { abortWhen: (events) => events.filter((e) => e.type === 'delta').length >= 3 },
    );
    const answerId = eventOf(first.events, 'start').answers[0].messageId;
    const seen = first.events.filter((e) => e.type === 'delta').at(-1)!.seq;
    const rest = await postSse(`${b.baseUrl}/new-chat/v1/chat/completions/resume`, teacher, { messageId: answerId, after: seen });
    const done = eventOf(rest.events, 'done');
    assert.equal(done.message.status, 'done');
    assert.equal(done.message.content.split(' ').length, 60);
    assert.equal(rest.events.at(-1)?.type, 'end');
  });
});
