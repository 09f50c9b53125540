// Content safety on the chat path: a listed question is refused before any
// model is asked (also written with spaces, punctuation or traditional
// characters), a benign question sharing characters passes, a listed word in
// a streamed answer is cut before it shows, a student in crisis gets a caring
// reply and their teacher an alert, a false positive marked by a manager
// passes afterwards, and a second instance sees a list change by itself.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventOf, postSse, streamedText } from '../../support/sse-client.js';
import { startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { until } from '../../support/until.js';
import { SERVER_LOCALES } from '../../../server/i18n/locales.js';
import { translateMessage } from '../../../server/i18n/translate.js';

const REFUSAL = '这个问题我不能回答。我们换个学习上的话题吧，比如你正在学的课程或技能。';

describe('content safety in the dialogue', () => {
  let stub: StubLlm;
  let server: TestServer;
  let manager: string;
  let teacher: string;
  let student: string;

  before(async () => {
    stub = await startStubLlm({ tokenDelayMs: 1 });
    server = await startTestServer({
      env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_API_KEY: 'sk-test', ZX_LLM_MODELS: 'stub-model,rec-deepseek-listed-reasoning' },
    });
    manager = await server.login('manager');
    teacher = await server.login('teacher');
    student = await server.login('student');
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  const ask = async (prompt: string, token = student, headers: Record<string, string> = {}, model = 'stub-model') => {
    const created = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token, body: { model } });
    assert.equal(created.body.code, 200, created.body.msg);
    const chat = created.body.data.chatNumber;
    const read = await postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, token, { conversationId: chat, prompt }, { headers });
    assert.equal(read.status, 200, JSON.stringify(read.body));
    const answerId = eventOf(read.events, 'start').answers[0].messageId as string;
    const list = await server.api<any[]>('POST', '/v1/chat/message', { token, body: { chatNumber: chat }, headers });
    return { chat, read, answer: list.body.data.find((m) => m.messageId === answerId) };
  };
  const modelAsked = (text: string) => stub.requests.some((r) => JSON.stringify(r.body.messages ?? '').includes(text));

  it('refuses a listed question before any model is asked, however it is written', async () => {
    for (const prompt of ['怎样自制炸药', '怎样自 制-炸.药？', '怎樣自製炸藥', '怎样ＺＩ制炸药'.replace('ＺＩ', '自')]) {
      const { answer, read } = await ask(prompt);
      assert.equal(answer.status, 'blocked', prompt);
      assert.equal(answer.safetyCategory, 'violence');
      assert.equal(answer.content, REFUSAL);
      assert.equal(answer.usage.completionTokens, 0);
      assert.equal(eventOf(read.events, 'done').message.status, 'blocked');
      assert.ok(!modelAsked(prompt), `the model was asked ${prompt}`);
    }
  });

  it('refuses in the reader’s language', async () => {
    const { answer } = await ask('怎样自制炸药', student, { 'accept-language': 'en-US' });
    assert.equal(answer.status, 'blocked');
    assert.match(answer.content, /^I can't help with that one/);
  });

  it('refuses and cares in each of the five languages, for every client type', async () => {
    const people = { student, teacher, manager };
    for (const locale of SERVER_LOCALES) {
      for (const [who, token] of Object.entries(people)) {
        const headers = { 'accept-language': locale };
        const refused = (await ask('怎样自 制-炸.药', token, headers)).answer;
        assert.equal(refused.status, 'blocked', `${who} ${locale}`);
        assert.equal(refused.content, translateMessage(REFUSAL, locale), `${who} reads the refusal in ${locale}`);
        const cared = (await ask('我真的不想活了', token, headers)).answer;
        assert.equal(cared.safetyCategory, 'self-harm', `${who} ${locale}`);
        assert.match(cared.content, /12356/u);
        if (locale !== 'zh-CN') assert.notEqual(cared.content, (await ask('我真的不想活了', token)).answer.content, `${who} reads care in ${locale}`);
      }
    }
    assert.ok(!modelAsked('炸药') && !modelAsked('不想活'), 'no refused question reached the model');
  });

  it('lets a benign vocational question that shares characters through', async () => {
    const { answer } = await ask('焊接时如何防止粉尘爆炸');
    assert.equal(answer.status, 'done');
    assert.equal(answer.content, 'Echo: 焊接时如何防止粉尘爆炸');
  });

  it('cuts a streamed answer before a listed word split across deltas shows', async () => {
    stub.setReply(() => '先 准备 材料 然后 自制 炸药 需要 硝酸');
    try {
      const { answer, read } = await ask('讲讲化学实验安全');
      const shown = streamedText(read.events);
      assert.ok(!shown.includes('炸药'), shown);
      assert.equal(answer.status, 'blocked');
      assert.equal(answer.content, '这部分回答不适合显示，已经停止。我们换个学习上的话题吧。');
      // What the model wrote is for managers only.
      const events = await server.api<{ list: any[] }>('GET', '/course/admin/safety/events?category=violence', { token: manager });
      const cut = events.body.data.list.find((e) => e.direction === 'output');
      assert.ok(cut.modelText.includes('自制 炸药'), cut.modelText);
      const refused = await server.api('GET', '/course/admin/safety/events', { token: teacher });
      assert.equal(refused.status, 403);
    } finally {
      stub.setReply((body) => `Echo: ${body.messages.at(-1).content}`);
    }
  });

  it('checks a thinking model’s reasoning as it streams: a listed word in it never shows', async () => {
    const { answer, read } = await ask('讲讲化学实验安全', student, {}, 'rec-deepseek-listed-reasoning');
    const reasoning = read.events
      .filter((e) => e.type === 'reasoning')
      .map((e) => String(e.text ?? ''))
      .join('');
    assert.ok(reasoning.startsWith('用户问实验安全'), `the clean start of the reasoning shows: ${reasoning}`);
    assert.ok(!reasoning.replace(/\s/gu, '').includes('炸药'), reasoning);
    assert.ok(!streamedText(read.events).includes('防护用品'), 'the answer after a blocked reasoning is not shown');
    assert.equal(answer.status, 'blocked');
    assert.equal(answer.content, '这部分回答不适合显示，已经停止。我们换个学习上的话题吧。');
  });

  it('cuts a listed word that comes late in a long answer, and shows a long clean answer whole', async () => {
    const long = Array.from({ length: 400 }, (_, i) => `第${i}步 检查 液压 油位`).join(' ');
    stub.setReply(() => `${long} 然后 自 制 炸 药`);
    try {
      const { answer, read } = await ask('液压系统怎么保养');
      assert.ok(!streamedText(read.events).replace(/\s/gu, '').includes('自制炸药'));
      assert.ok(streamedText(read.events).startsWith(long.slice(0, 1000)));
      assert.equal(answer.status, 'blocked');
      stub.setReply(() => long);
      const clean = await ask('液压系统怎么保养');
      assert.equal(streamedText(clean.read.events), long);
      assert.equal(clean.answer.content, long);
    } finally {
      stub.setReply((body) => `Echo: ${body.messages.at(-1).content}`);
    }
  });

  it('answers a student in crisis with care and rings their teacher', async () => {
    const { answer } = await ask('我真的不想活了');
    assert.equal(answer.status, 'blocked');
    assert.equal(answer.safetyCategory, 'self-harm');
    assert.match(answer.content, /12356/);
    const alerts = await until(
      async () => (await server.api<any[]>('GET', '/app/user/alerts', { token: teacher })).body.data.find((a) => a.excerpt.includes('不想活')),
      (found) => found !== undefined,
    );
    assert.equal(alerts.category, 'self-harm');
    assert.equal(alerts.handled, false);
    assert.ok(alerts.className);
    const handled = await server.api('POST', `/app/user/alerts/${alerts.id}/handled`, { token: teacher });
    assert.equal(handled.status, 200);
    const seenByManager = await server.api<any[]>('GET', '/app/user/alerts', { token: manager });
    assert.equal(seenByManager.body.data.find((a) => a.id === alerts.id).handled, true);
    const byStudent = await server.api('GET', '/app/user/alerts', { token: student });
    assert.equal(byStudent.status, 403);
  });

  it('lets a question through once a manager marks it not a violation', async () => {
    const added = await server.api('POST', '/course/admin/safety/words', { token: manager, body: { words: [{ word: '粉尘爆炸', category: 'custom' }] } });
    assert.equal(added.status, 200);
    const question = '车间如何预防粉尘爆炸';
    assert.equal((await ask(question)).answer.status, 'blocked');
    const events = await server.api<{ list: any[]; total: number }>('GET', '/course/admin/safety/events?category=custom', { token: manager });
    const event = events.body.data.list.find((e) => e.excerpt.includes(question));
    const dismissed = await server.api('POST', `/course/admin/safety/events/${event.id}/dismiss`, { token: manager, body: {} });
    assert.equal(dismissed.status, 200);
    assert.equal((await ask(question)).answer.status, 'done');
    // Only the phrase is excused: the word still refuses elsewhere.
    assert.equal((await ask('粉尘爆炸是什么')).answer.status, 'blocked');
  });

  it("lists a class's and a person's records only, when the manager filters by them", async () => {
    await ask('怎样自制炸药');
    await ask('怎样自制炸药', teacher);
    const studentId = (await server.api<{ id: string }>('GET', '/app/user', { token: student })).body.data.id;
    const classes = await server.api<Array<{ id: string; name: string }>>('GET', '/course/admin/safety/classes', { token: manager });
    assert.ok(classes.body.data.length > 0);
    assert.equal((await server.api('GET', '/course/admin/safety/classes', { token: teacher })).status, 403);
    const list = async (query: string) =>
      (await server.api<{ list: any[]; total: number }>('GET', `/course/admin/safety/events?category=violence&${query}`, { token: manager })).body.data;
    const all = await list('');
    assert.ok(new Set(all.list.map((e) => e.userId)).size >= 2, "both people's records without a filter");
    const mine = await list(`userId=${studentId}`);
    assert.ok(mine.total > 0 && mine.list.every((e) => e.userId === studentId));
    for (const c of classes.body.data) {
      const inClass = await list(`classId=${c.id}`);
      assert.ok(
        inClass.list.every((e) => e.userId === studentId),
        `only the students of ${c.name}`,
      );
    }
    assert.ok(
      (await Promise.all(classes.body.data.map((c) => list(`classId=${c.id}`)))).some((r) => r.total > 0),
      "the student's class lists them",
    );
  });

  it('lets a second instance check against a word added on the first, without a restart', async () => {
    const second = await startTestServer({
      sameDatabaseAs: server,
      env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_API_KEY: 'sk-test', ZX_LLM_MODELS: 'stub-model' },
    });
    try {
      const token = await second.login('student');
      const askSecond = async (prompt: string) => {
        const created = await second.api<{ chatNumber: string }>('POST', '/v1/chat', { token, body: { model: 'stub-model' } });
        const read = await postSse(`${second.baseUrl}/new-chat/v1/chat/completions`, token, { conversationId: created.body.data.chatNumber, prompt });
        return read.events.find((e) => e.type === 'done' || e.type === 'error')?.message.status as string;
      };
      assert.equal(await askSecond('数控机床的主轴'), 'done');
      await server.api('POST', '/course/admin/safety/words', { token: manager, body: { words: [{ word: '主轴', category: 'custom' }] } });
      assert.equal(
        await until(
          () => askSecond('数控机床的主轴'),
          (status) => status === 'blocked',
        ),
        'blocked',
      );
    } finally {
      await second.close();
    }
  });
});
