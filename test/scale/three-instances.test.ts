// Three server processes, each with its own data folder, behind nginx
// round-robin, on one PostgreSQL, one Redis and one S3-compatible store:
// the flows a user goes through land on a different instance at every
// request and still work; limits count once across instances; and when an
// instance dies mid-answer or mid-index, the work reaches a final state on
// another instance (claimed by lease), exactly once.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { cpuSeconds } from '../../bench/lib/process.js';
import { ABANDONED_MESSAGE } from '../../server/modules/chat/answer-leases.js';
import { sha256, uploadInChunks } from '../support/chunked-upload.js';
import { alive, startCluster, type Cluster } from '../support/cluster.js';
import { eventOf, postSse, streamedText } from '../support/sse-client.js';
import { TEST_DEMO_PASSWORD } from '../support/server.js';
import { startStubLlm, type StubLlm } from '../support/stub-llm.js';

const MiB = 1024 * 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');

interface Reply<T = any> {
  status: number;
  upstream: string;
  body: { code: number; msg: string; data: T };
}

describe('three instances behind nginx', { timeout: 170_000 }, () => {
  let stub: StubLlm;
  let cluster: Cluster;
  let teacher: string;

  /** A JSON call through the balancer; `upstream` names the instance that answered. */
  const call = async <T = any>(method: string, apiPath: string, options: { token?: string; body?: unknown; base?: string } = {}): Promise<Reply<T>> => {
    const headers: Record<string, string> = { 'client-id': 'app' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${options.base ?? cluster.url}/new-chat${apiPath}`, {
      method,
      headers,
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
    return { status: response.status, upstream: response.headers.get('x-zx-upstream') ?? '', body: (await response.json()) as Reply<T>['body'] };
  };
  const signIn = async (username: string, password = TEST_DEMO_PASSWORD) =>
    call<{ token: string }>('POST', '/app/api/oauth/token', { body: { username, password } });
  const newChat = async () => (await call<{ chatNumber: string }>('POST', '/v1/chat', { token: teacher, body: { model: 'stub-model' } })).body.data.chatNumber;
  const answerRow = async (id: string) =>
    (await cluster.sql<{ status: string; content: string; error: string | null }>('select status, content, error from chat_messages where id = $1', [id]))[0]!;

  before(async () => {
    // 5 ms a word: a 400-word answer (and the chat's title, from the same stub) takes 2 s.
    stub = await startStubLlm({ tokenDelayMs: 5 });
    cluster = await startCluster({
      instances: 3,
      env: {
        ZX_LLM_BASE_URL: stub.baseUrl,
        ZX_LLM_API_KEY: 'sk-test',
        ZX_LLM_MODELS: 'stub-model',
        // Short leases, so work of a killed instance is taken over within seconds.
        ZX_ANSWER_LEASE_SECONDS: '2',
        ZX_INDEX_LEASE_SECONDS: '3',
        ZX_LOG_LEVEL: 'error',
      },
    });
    const login = await signIn('teacher');
    assert.equal(login.body.code, 200, login.body.msg);
    teacher = login.body.data.token;
  });
  after(async () => {
    await cluster?.close();
    await stub?.close();
  });

  it('signed in on one instance, the user is known on every other; health reports database, Redis and store', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const user = await call<{ username: string }>('GET', '/app/user', { token: teacher });
      assert.equal(user.status, 200, user.body.msg);
      assert.equal(user.body.data.username, 'teacher');
      seen.add(user.upstream);
    }
    assert.equal(seen.size, 3, `requests reached ${[...seen].join(', ')}`);
    for (const instance of cluster.instances) {
      const health = (await (await fetch(`${instance.url}/new-chat/health`)).json()) as { data: Record<string, unknown> };
      const { status, db, database, redis, files } = health.data;
      assert.deepEqual({ status, db, database, redis, files }, { status: 'ok', db: 'postgres', database: 'ok', redis: 'ok', files: 's3' });
    }
  });

  it('an answer written on one instance is stopped from another: stopped:true, saved as stopped', async () => {
    stub.setReply(() => words(400));
    const chat = await newChat();
    let answerId = '';
    let stop: Promise<Reply<{ stopped: boolean }>> | undefined;
    const read = await postSse(
      `${cluster.url}/new-chat/v1/chat/completions`,
      teacher,
      { conversationId: chat, prompt: 'long' },
      {
        abortWhen: (events) => {
          answerId ||= events.find((e) => e.type === 'start')?.answers[0].messageId ?? '';
          if (answerId && !stop && events.filter((e) => e.type === 'delta').length >= 3) {
            stop = call('POST', '/v1/chat/completions/stop', { token: teacher, body: { messageId: answerId } });
          }
          return false;
        },
      },
    );
    const stopped = await stop!;
    assert.equal(stopped.body.data.stopped, true);
    assert.equal(eventOf(read.events, 'done').message.status, 'stopped');
    const row = await answerRow(answerId);
    assert.equal(row.status, 'stopped');
    assert.equal(row.content, streamedText(read.events, answerId));
    assert.ok(row.content.split(' ').length < 400, 'the provider call stopped early');
  });

  it('a reloaded page picks the answer up on another instance from the last event it saw', async () => {
    stub.setReply(() => words(150));
    const chat = await newChat();
    const first = await postSse(
      `${cluster.url}/new-chat/v1/chat/completions`,
      teacher,
      { conversationId: chat, prompt: 'go' },
      { abortWhen: (events) => events.filter((e) => e.type === 'delta').length >= 5 },
    );
    const answerId = eventOf(first.events, 'start').answers[0].messageId;
    const seen = first.events.filter((e) => e.type === 'delta').at(-1)!.seq;
    const rest = await postSse(`${cluster.url}/new-chat/v1/chat/completions/resume`, teacher, { messageId: answerId, after: seen });
    const done = eventOf(rest.events, 'done');
    assert.equal(done.message.status, 'done');
    assert.equal(streamedText(first.events, answerId) + streamedText(rest.events, answerId), words(150));
  });

  it('a 50 MB chunked upload whose chunks hit all three instances is one file; Range reads come from the store', async () => {
    const content = randomBytes(50 * MiB);
    Buffer.from('\x00\x00\x00\x18ftypisom', 'latin1').copy(content, 0);
    const file = await uploadInChunks({ baseUrl: cluster.url }, teacher, 'lecture.mp4', content, 5 * MiB);
    assert.equal(file.size, content.length);
    const [row] = await cluster.sql<{ sha256: string }>('select sha256 from files where id = $1', [file.id]);
    assert.equal(row!.sha256, sha256(content));
    const upstreams = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const start = 7 * MiB + i * 12_345;
      const response = await fetch(`${cluster.url}/new-chat/app/api/file/${file.id}`, {
        headers: { authorization: `Bearer ${teacher}`, range: `bytes=${start}-${start + 99_999}` },
      });
      upstreams.add(response.headers.get('x-zx-upstream') ?? '');
      assert.equal(response.status, 206);
      assert.ok(Buffer.from(await response.arrayBuffer()).equals(content.subarray(start, start + 100_000)), 'the range is the file’s bytes');
    }
    assert.equal(upstreams.size, 3, 'each instance served a range');
  });

  it('wrong passwords count once across instances', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await signIn('student', 'wrong-password')).body.code);
    assert.deepEqual(codes, [400, 400, 400, 400, 400, 429]);
  });

  it('an embed key’s daily limit counts once: six visitors at once over three instances, three answered', async () => {
    stub.setReply(() => words(5));
    const CMS = 'https://www.school.test';
    const made = await call<{ key: string }>('POST', '/app/user/embed/key', {
      token: teacher,
      body: { name: '学校官网', assistantId: 'sys-safety-tutor', origins: [CMS], limits: { visitorDailyMessages: 0, dailyMessages: 3 } },
    });
    assert.equal(made.status, 200, made.body.msg);
    const key = made.body.data.key;
    const visitor = async () => {
      const response = await fetch(`${cluster.url}/new-chat/app/api/embed/${key}/session`, {
        method: 'POST',
        headers: { origin: CMS, 'content-type': 'application/json' },
        body: '{}',
      });
      return ((await response.json()) as { data: { visitorToken: string } }).data.visitorToken;
    };
    const visitors = await Promise.all(Array.from({ length: 6 }, visitor));
    const reads = await Promise.all(
      visitors.map((visitorToken, i) =>
        postSse(`${cluster.url}/new-chat/app/api/embed/${key}/completions`, '', { auth: { visitorToken }, prompt: `问题 ${i}` }, { headers: { origin: CMS } }),
      ),
    );
    assert.deepEqual(reads.map((r) => r.status).sort(), [200, 200, 200, 429, 429, 429], JSON.stringify(reads.map((r) => r.body?.msg ?? 'streamed')));
  });

  it('an instance killed mid-answer: a reader resuming on another instance gets the answer ended as an error', async () => {
    stub.setReply(() => words(4000));
    const chat = await newChat();
    const response = await fetch(`${cluster.url}/new-chat/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${teacher}`, 'content-type': 'application/json', 'client-id': 'app' },
      body: JSON.stringify({ conversationId: chat, prompt: 'long' }),
    });
    const writer = cluster.instances.find((i) => i.address === response.headers.get('x-zx-upstream'))!;
    assert.ok(writer, 'nginx named the instance writing the answer');
    // Read until a few words came, then the writer's machine goes away.
    let text = '';
    const reader = response.body!.getReader();
    while ((text.match(/"delta"/g) ?? []).length < 5) text += new TextDecoder().decode((await reader.read()).value);
    const start = text
      .split('\n\n')
      .slice(0, -1) // complete events only
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as { type: string; answers?: Array<{ messageId: string }> })
      .find((event) => event.type === 'start');
    const answerId = start!.answers![0]!.messageId;
    await cluster.kill(writer);
    await reader.cancel().catch(() => {});
    assert.equal((await answerRow(answerId)).status, 'streaming');

    const resumed = await postSse(`${cluster.url}/new-chat/v1/chat/completions/resume`, teacher, { messageId: answerId, after: 0 });
    const ended = eventOf(resumed.events, 'error');
    assert.equal(ended.msg, ABANDONED_MESSAGE);
    const row = await answerRow(answerId);
    assert.deepEqual({ status: row.status, error: row.error }, { status: 'error', error: ABANDONED_MESSAGE });
  });

  it('an instance killed mid-index: another takes the document over once; every passage stored once', async () => {
    const survivors = cluster.instances.filter(alive);
    assert.equal(survivors.length, 2);
    const dataset = await call<{ id: string }>('POST', '/course/ragDataset', { token: teacher, body: { name: '三实例' } });
    const paragraph = '数控机床的坐标系采用右手直角坐标系，刀具远离工件的方向为正方向。G01 表示直线插补，进给速度由 F 指令给定。\n\n';
    const text = Buffer.from(paragraph.repeat(Math.ceil((2 * MiB) / Buffer.byteLength(paragraph))));
    const file = await uploadInChunks({ baseUrl: cluster.url }, teacher, 'manual.txt', text, MiB);
    const added = await call<Array<{ id: string }>>('POST', `/course/ragDataset/${dataset.body.data.id}/documents`, {
      token: teacher,
      body: { fileIds: [file.id] },
    });
    assert.equal(added.status, 200, added.body.msg);
    const id = added.body.data[0]!.id;
    // The instance indexing it is the one busy parsing and writing (usually the one that took the request).
    const busiest = async () => {
      const before = survivors.map((i) => cpuSeconds(i.cli.child.pid!));
      await sleep(400);
      const used = survivors.map((i, n) => cpuSeconds(i.cli.child.pid!) - before[n]!);
      return survivors[used.indexOf(Math.max(...used))]!;
    };
    const passages = async () => Number((await cluster.sql<{ n: string }>('select count(*) as n from knowledge_chunks where document_id = $1', [id]))[0]!.n);
    for (const deadline = Date.now() + 60_000; (await passages()) < 50; await sleep(20)) assert.ok(Date.now() < deadline, 'indexing never started');
    const indexer = await busiest();
    await cluster.kill(indexer);

    let doc: { status: string; chunkCount: number } | undefined;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(200)) {
      doc = (await call('GET', `/course/ragDataset/document/${id}`, { token: teacher })).body.data;
      if (doc!.status === 'ready' || doc!.status === 'error') break;
    }
    assert.equal(doc?.status, 'ready', JSON.stringify(doc));
    const [row] = await cluster.sql<{ attempts: number; chunk_count: number }>('select attempts, chunk_count from knowledge_documents where id = $1', [id]);
    assert.equal(Number(row!.attempts), 2, 'taken over exactly once');
    const [counts] = await cluster.sql<{ n: string; distinct: string }>(
      'select count(*) as n, count(distinct position) as distinct from knowledge_chunks where document_id = $1',
      [id],
    );
    assert.equal(counts!.n, counts!.distinct, 'no passage stored twice');
    assert.equal(Number(counts!.n), Number(row!.chunk_count));
  });
});
