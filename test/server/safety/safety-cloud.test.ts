// Aliyun Content Moderation (TextModerationPlus) as the third checker,
// against a local server speaking its form-encoded RPC calls and JSON
// answers: a high risk refuses a question and cuts a streamed answer, a
// medium risk is recorded for review, and when the service cannot be
// reached the text is refused or let through as managers chose.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { askInNewChat, eventOf, streamedText } from '../../support/sse-client.js';
import { lastUserText, startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { startTestServer, type TestServer } from '../../support/server.js';

const STORY = 'Sentence one is fine here, nothing to see. Then visit the 赌博网站 right now. The end.';

interface Call {
  params: URLSearchParams;
  content: string;
}

/** A TextModerationPlus server: gambling is high risk, rudeness medium; `down` answers 500. */
async function startStubModeration() {
  const calls: Call[] = [];
  let down = false;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const params = new URLSearchParams(raw);
      const content = (JSON.parse(params.get('ServiceParameters') ?? '{}') as { content?: string }).content ?? '';
      calls.push({ params, content });
      res.writeHead(down ? 500 : 200, { 'content-type': 'application/json' });
      if (down) return res.end(JSON.stringify({ Code: 500, Message: 'InternalError', RequestId: 'stub' }));
      const [level, label] = content.includes('赌博') ? ['high', 'contraband_gamble'] : content.includes('笨蛋') ? ['medium', 'abuse_insult'] : ['none', ''];
      res.end(
        JSON.stringify({
          Code: 200,
          Message: 'OK',
          RequestId: 'stub',
          Data: { RiskLevel: level, Result: label ? [{ Label: label, Confidence: 90, RiskWords: 'x' }] : [] },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    setDown: (value: boolean) => (down = value),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('Aliyun content moderation as a checker', () => {
  let stub: StubLlm;
  let cloud: Awaited<ReturnType<typeof startStubModeration>>;
  let server: TestServer;
  let manager: string;
  let student: string;

  before(async () => {
    stub = await startStubLlm({ reply: (body) => (lastUserText(body).includes('讲个故事') ? STORY : `Echo: ${lastUserText(body)}`) });
    cloud = await startStubModeration();
    server = await startTestServer({
      env: {
        ZX_LLM_BASE_URL: stub.baseUrl,
        ZX_LLM_API_KEY: 'sk-test',
        ZX_LLM_MODELS: 'stub-model',
        ZX_ALIYUN_GREEN_ACCESS_KEY_ID: 'test-key-id',
        ZX_ALIYUN_GREEN_ACCESS_KEY_SECRET: 'test-key-secret',
        ZX_ALIYUN_GREEN_ENDPOINT: cloud.url,
      },
    });
    manager = await server.login('manager');
    student = await server.login('student');
  });
  after(async () => {
    await server.close();
    await cloud.close();
    await stub.close();
  });

  const settings = async (body: Record<string, unknown>) => {
    const res = await server.api<{ cloudAvailable: boolean; cloudModeration: boolean }>('PUT', '/course/admin/safety/settings', { token: manager, body });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data;
  };
  const stream = (prompt: string) => askInNewChat(server, student, prompt);
  const events = async () => (await server.api<{ list: any[] }>('GET', '/course/admin/safety/events', { token: manager })).body.data.list;

  it('refuses a high-risk question before any model is asked, with a signed TextModerationPlus call', async () => {
    const saved = await settings({ cloudModeration: true });
    assert.deepEqual([saved.cloudAvailable, saved.cloudModeration], [true, true]);
    const done = eventOf((await stream('哪里能找到赌博网站')).events, 'done').message;
    assert.equal(done.status, 'blocked');
    assert.equal(done.safetyCategory, 'illegal');
    assert.ok(!stub.requests.some((r) => JSON.stringify(r.body).includes('赌博网站')), 'the model was not asked');
    const call = cloud.calls.find((c) => c.content.includes('赌博网站'))!;
    assert.equal(call.params.get('Action'), 'TextModerationPlus');
    assert.equal(call.params.get('Service'), 'llm_query_moderation');
    assert.equal(call.params.get('Version'), '2022-03-02');
    assert.equal(call.params.get('AccessKeyId'), 'test-key-id');
    assert.match(call.params.get('Signature') ?? '', /^[A-Za-z0-9+/]{27}=$/u, 'an HMAC-SHA1 signature');
    assert.ok(!JSON.stringify(cloud.calls.map((c) => c.params.toString())).includes('test-key-secret'), 'the secret is never sent');
    assert.ok((await events()).some((e) => e.matched === 'aliyun: contraband_gamble' && e.action === 'block'));
  });

  it('records a medium risk for review and answers', async () => {
    const done = eventOf((await stream('你这个笨蛋程序')).events, 'done').message;
    assert.equal(done.status, 'done');
    assert.ok((await events()).some((e) => e.matched === 'aliyun: abuse_insult' && e.action === 'review' && e.category === 'abuse'));
  });

  it('cuts a streamed answer before a high-risk sentence shows', async () => {
    const read = await stream('讲个故事');
    const done = eventOf(read.events, 'done').message;
    assert.equal(done.status, 'blocked');
    const shown = streamedText(read.events);
    assert.ok(shown.startsWith('Sentence one is fine here'), shown);
    assert.ok(!shown.includes('赌博'), 'the unsafe sentence never shows');
    assert.ok(cloud.calls.some((c) => c.params.get('Service') === 'llm_response_moderation'));
  });

  it('refuses or lets through when the service is down, as managers chose, and records it', async () => {
    cloud.setDown(true);
    try {
      await settings({ cloudFailClosed: true });
      const closed = eventOf((await stream('数控车床怎么对刀')).events, 'done').message;
      assert.equal(closed.status, 'blocked');
      assert.match(closed.content, /内容安全检查暂时不可用/u);
      await settings({ cloudFailClosed: false });
      const open = await stream('数控车床怎么对刀');
      assert.equal(eventOf(open.events, 'done').message.status, 'done');
      assert.equal(streamedText(open.events), 'Echo: 数控车床怎么对刀');
      const unavailable = (await events()).filter((e) => e.matched === 'cloud-unavailable');
      assert.deepEqual(unavailable.map((e) => `${e.direction}:${e.action}`).sort(), ['input:block', 'input:review', 'output:review']);
    } finally {
      cloud.setDown(false);
    }
  });
});
