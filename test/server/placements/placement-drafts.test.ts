// The AI's help on a placement log: notes turned into a day's log and the
// week's logs drafted into a summary, through the model (charged like a
// chat answer) or, with no model configured, the built-in engine's honest
// arrangement of the student's own words. The notes and the draft both pass
// the safety module; a refusal stores nothing and asks no model.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dayOf } from '../../../server/modules/courses/index.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { lastUserText, startStubLlm, systemText, type StubLlm } from '../../support/stub-llm.js';
import { addPerson, userId } from '../courses/courses-school.js';

const DAY_MS = 86_400_000;
const daysAgo = (n: number) => dayOf(Date.now() - n * DAY_MS);

async function placeStudent(server: TestServer) {
  const [teacher, student] = await Promise.all([server.login('teacher'), server.login('student')]);
  const [studentId, teacherId] = await Promise.all([userId(server, 'student'), userId(server, 'teacher')]);
  const made = await server.api<{ id: string }>('POST', '/course/placements', {
    token: teacher,
    body: {
      studentId,
      company: '宁波精工机械有限公司',
      post: '数控车床操作工',
      // Today is the third day of the first week.
      startDate: daysAgo(2),
      endDate: dayOf(Date.now() + 60 * DAY_MS),
      supervisorId: teacherId,
      mentor: { name: '陈师傅', phone: '13800138000' },
    },
  });
  assert.equal(made.status, 200, made.body.msg);
  const id = made.body.data.id;
  const log = (date: string, text: string, hours: number) =>
    server.api('POST', `/course/placements/${id}/logs`, { token: student, body: { date, text, hours } });
  return { id, teacher, student, log };
}

describe('placement drafts with a model', () => {
  let stub: StubLlm;
  let server: TestServer;
  let placement: Awaited<ReturnType<typeof placeStudent>>;
  let manager: string;

  before(async () => {
    stub = await startStubLlm({ tokenDelayMs: 1 });
    server = await startTestServer({ env: { ZX_LLM_BASE_URL: stub.baseUrl, ZX_LLM_MODELS: 'stub-writer' } });
    placement = await placeStudent(server);
    manager = await server.login('manager');
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  const draft = (body: unknown, token = placement.student, headers?: Record<string, string>) =>
    server.api<{ text: string; engine: string; reason?: string }>('POST', `/course/placements/${placement.id}/draft`, {
      token,
      body,
      ...(headers ? { headers } : {}),
    });

  it('turns the notes into a log through the model, sent as data, and charges the student for it', async () => {
    stub.setReply((body) => (systemText(body).includes('实习日志助手') ? '今天做了什么：\n在师傅指导下加工了 20 件轴套。' : 'other'));
    const notes = '上午 车轴套 20件\n下午 学会用千分尺';
    const answer = await draft({ kind: 'log', notes });
    assert.equal(answer.status, 200, answer.body.msg);
    assert.deepEqual(answer.body.data, { text: '今天做了什么：\n在师傅指导下加工了 20 件轴套。', engine: 'model' });
    assert.ok(lastUserText(stub.requests.at(-1)!.body).includes(JSON.stringify(notes)), 'the notes reach the model as a JSON string');
    const usage = await server.api<Array<{ key: string; promptTokens: number; completionTokens: number }>>('GET', '/course/quota/usage?by=model', {
      token: manager,
    });
    const charged = usage.body.data.find((row) => row.key === 'stub-writer');
    assert.ok(charged && charged.promptTokens > 0 && charged.completionTokens > 0, 'the draft is charged like a chat answer');
  });

  it('drafts the weekly summary from this week’s logs only', async () => {
    assert.equal((await placement.log(daysAgo(2), '第一天：熟悉车间安全规程。', 8)).status, 200);
    assert.equal((await placement.log(daysAgo(1), '第二天：跟师傅学习对刀。', 7.5)).status, 200);
    stub.setReply(
      (body) => `周小结草稿：${lastUserText(body).includes('熟悉车间安全规程') && lastUserText(body).includes('学习对刀') ? '两天的日志都读到了' : '缺日志'}`,
    );
    const answer = await draft({ kind: 'week' });
    assert.equal(answer.status, 200, answer.body.msg);
    assert.equal(answer.body.data.text, '周小结草稿：两天的日志都读到了');
    assert.equal(
      (await draft({ kind: 'week', week: 2 }, placement.student, { 'accept-language': 'en-US' })).body.msg,
      'This week has no logs yet: write some, then draft the weekly summary',
    );
  });

  it('refuses notes with a listed word before any model is asked, and a draft the model writes with one', async () => {
    const asked = stub.requests.length;
    const refused = await draft({ kind: 'log', notes: '车间里有人在看色情视频' });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.data.reason, 'blocked');
    assert.equal(stub.requests.length, asked, 'no model was asked');

    stub.setReply(() => '今天学会了制作炸弹的方法');
    const written = await draft({ kind: 'log', notes: '今天学会了新工艺' });
    assert.equal(written.status, 400);
    assert.equal(written.body.data.reason, 'blocked');
    assert.ok(!JSON.stringify(written.body).includes('炸弹'), 'nothing the model wrote reaches the student');
  });

  it('a model that writes nothing is a failure, and the student is not charged for it', async () => {
    const usageOfWriter = async () => {
      const usage = await server.api<Array<{ key: string; promptTokens: number; completionTokens: number }>>('GET', '/course/quota/usage?by=model', {
        token: manager,
      });
      return usage.body.data.find((row) => row.key === 'stub-writer')?.promptTokens ?? 0;
    };
    const before = await usageOfWriter();
    stub.setReply(() => '   ');
    const empty = await draft({ kind: 'log', notes: '上午 车端面' });
    assert.equal(empty.status, 502);
    assert.equal(empty.body.msg, '模型没有写出草稿，请重试');
    assert.equal(await usageOfWriter(), before, 'nothing charged for an empty draft');
  });

  it('only the placement’s own student may ask, and empty notes are refused', async () => {
    const other = await addPerson(server, 'zhaoliu', ['3']);
    assert.equal((await draft({ kind: 'log', notes: '笔记' }, other.token)).status, 404);
    assert.equal((await draft({ kind: 'log', notes: '笔记' }, placement.teacher)).status, 403);
    assert.equal((await draft({ kind: 'log', notes: '   ' })).status, 400);
  });
});

describe('placement drafts with only the built-in engine', () => {
  let server: TestServer;
  let placement: Awaited<ReturnType<typeof placeStudent>>;

  before(async () => {
    server = await startTestServer();
    placement = await placeStudent(server);
  });
  after(() => server.close());

  const draft = (body: unknown, locale = 'zh-CN') =>
    server.api<{ text: string; engine: string }>('POST', `/course/placements/${placement.id}/draft`, {
      token: placement.student,
      body,
      headers: { 'accept-language': locale },
    });

  it('sets the notes out under the log’s headings, each line a point, in the reader’s language', async () => {
    const answer = await draft({ kind: 'log', notes: '1. 车轴套 20 件\n- 学会用千分尺' }, 'en-US');
    assert.equal(answer.status, 200, answer.body.msg);
    assert.equal(answer.body.data.engine, 'builtin');
    assert.equal(
      answer.body.data.text,
      ['What I did today', '- 车轴套 20 件', '- 学会用千分尺', '', 'What I learned', '- (one or two things you learned today)'].join('\n'),
    );
  });

  it('lists the week’s logs day by day with their hours', async () => {
    await placement.log(daysAgo(2), '熟悉车间安全规程。然后打扫机床。', 8);
    await placement.log(daysAgo(1), '跟师傅学习对刀。', 7.5);
    const answer = await draft({ kind: 'week', week: 1 });
    assert.equal(answer.status, 200, answer.body.msg);
    const lines = answer.body.data.text.split('\n');
    assert.match(lines[0]!, /^第 1 周（.+ 至 .+）：2 篇日志，共 15\.5 小时$/u);
    assert.deepEqual(lines.slice(1), [`- ${daysAgo(2).slice(5)} 熟悉车间安全规程。`, `- ${daysAgo(1).slice(5)} 跟师傅学习对刀。`]);
  });
});
