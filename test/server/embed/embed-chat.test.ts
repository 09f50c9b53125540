// Visitors chatting through an embed key: answers stream like any chat,
// every visitor sees only their own conversations, the daily limits hold
// (also for a second server over the same database), and signed visitors
// chat as their school account.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildApp } from '../../../server/app.js';
import { ABANDONED_MESSAGE } from '../../../server/modules/chat/answer-leases.js';
import { signIdentity } from '../../../server/modules/embed/identity.js';
import { postSse, streamedText, type SseRead } from '../../support/sse-client.js';
import { startTestServer, type TestServer } from '../../support/server.js';

const CMS = 'https://www.school.test';

let server: TestServer;
let teacher: string;

before(async () => {
  server = await startTestServer({ env: { ZX_BUILTIN_DELAY_MS: '0' } });
  teacher = await server.login('teacher');
});
after(() => server.close());

interface Auth {
  visitorToken?: string;
  user?: string;
  expires?: number;
  signature?: string;
}

async function makeKey(body: Record<string, unknown> = {}): Promise<{ key: string; secret?: string }> {
  const res = await server.api<{ key: string; secret?: string }>('POST', '/app/user/embed/key', {
    token: teacher,
    body: { name: '学校官网', assistantId: 'sys-safety-tutor', origins: [CMS], ...body },
  });
  assert.equal(res.status, 200, res.body.msg);
  return res.body.data;
}

const call = <T = unknown>(key: string, path: string, body: Record<string, unknown>, origin = CMS) =>
  server.api<T>('POST', `/app/api/embed/${key}/${path}`, { body, headers: { origin } });

async function newVisitor(key: string): Promise<Auth> {
  const res = await call<{ visitorToken: string }>(key, 'session', {});
  assert.equal(res.status, 200, res.body.msg);
  assert.match(res.body.data.visitorToken, /^zxv_/);
  return { visitorToken: res.body.data.visitorToken };
}

function ask(key: string, auth: Auth, prompt: string, conversationId?: string): Promise<SseRead> {
  return postSse(
    `${server.baseUrl}/new-chat/app/api/embed/${key}/completions`,
    '',
    { auth, prompt, ...(conversationId ? { conversationId } : {}) },
    { headers: { origin: CMS } },
  );
}

function conversationOf(read: SseRead): string {
  const start = read.events.find((e) => e.type === 'start');
  assert.ok(start, `no start event: ${JSON.stringify(read.body ?? read.events)}`);
  return start.conversationId as string;
}

function answerOf(read: SseRead): string {
  return read.events.find((e) => e.type === 'done')?.messageId as string;
}

describe('a conversation', () => {
  let key: string;
  before(async () => {
    key = (await makeKey()).key;
  });

  test('streams an answer through the chat machinery and keeps it as history', async () => {
    const visitor = await newVisitor(key);
    const read = await ask(key, visitor, '进入车间前要做哪些安全检查？');
    assert.equal(read.status, 200);
    assert.deepEqual(
      read.events.map((e) => e.type).filter((t, i, all) => t !== 'delta' || all[i - 1] !== 'delta'),
      ['start', 'delta', 'done', 'title', 'end'],
    );
    const conversationId = conversationOf(read);
    const text = streamedText(read.events);
    assert.ok(text.length > 20);

    const session = await call<{ conversations: Array<{ conversationId: string; title: string }>; visitorToken?: string; messagesLeft: number }>(
      key,
      'session',
      { auth: visitor },
    );
    assert.equal(session.body.data.visitorToken, undefined, 'a known visitor is not given a new token');
    assert.deepEqual(
      session.body.data.conversations.map((c) => c.conversationId),
      [conversationId],
    );
    assert.ok(session.body.data.conversations[0]!.title);
    assert.equal(session.body.data.messagesLeft, 49);

    const messages = await call<Array<{ role: string; content: string; status: string }>>(key, 'messages', { auth: visitor, conversationId });
    assert.deepEqual(
      messages.body.data.map((m) => [m.role, m.status]),
      [
        ['user', 'done'],
        ['assistant', 'done'],
      ],
    );
    assert.equal(messages.body.data[1]!.content, text);
    assert.ok(!JSON.stringify(messages.body.data).includes('userId'));

    // An answer that ended in error (here: its server stopped) says why in the visitor's language.
    const answerId = (messages.body.data[1] as unknown as { messageId: string }).messageId;
    await server.data.db.updateTable('chat_messages').set({ status: 'error', error: ABANDONED_MESSAGE }).where('id', '=', answerId).execute();
    const inEnglish = await server.api<Array<{ messageId: string; error: string | null }>>('POST', `/app/api/embed/${key}/messages`, {
      body: { auth: visitor, conversationId },
      headers: { origin: CMS, 'accept-language': 'en-US' },
    });
    assert.equal(inEnglish.body.data.find((m) => m.messageId === answerId)?.error, 'The answer was cut off: the server writing it stopped. Please try again');
    await server.data.db.updateTable('chat_messages').set({ status: 'done', error: null }).where('id', '=', answerId).execute();

    // The next question continues the same conversation.
    const second = await ask(key, visitor, '那戴手套呢？', conversationId);
    assert.equal(conversationOf(second), conversationId);
    const all = await call<unknown[]>(key, 'messages', { auth: visitor, conversationId });
    assert.equal(all.body.data.length, 4);
  });

  test('feedback and suggestions work on the visitor’s own answers', async () => {
    const visitor = await newVisitor(key);
    const read = await ask(key, visitor, '灭火器怎么用？');
    const answer = answerOf(read);
    const rated = await call<{ rating: number }>(key, 'feedback', { auth: visitor, messageId: answer, rating: 1 });
    assert.equal(rated.status, 200);
    assert.equal(rated.body.data.rating, 1);
    const suggested = await call<string[]>(key, 'suggested', { auth: visitor, messageId: answer });
    assert.equal(suggested.status, 200);
    assert.ok(Array.isArray(suggested.body.data));
  });

  test('a thumbs-down says why, as in the app: the reason and note are kept, a harmful note is refused', async () => {
    const visitor = await newVisitor(key);
    const answer = answerOf(await ask(key, visitor, '灭火器放在哪里？'));
    const stored = () =>
      server.data.db.selectFrom('chat_messages').select(['rating', 'rating_reason', 'rating_note']).where('id', '=', answer).executeTakeFirstOrThrow();
    const refused = await call<{ reason: string }>(key, 'feedback', { auth: visitor, messageId: answer, rating: -1, reason: 'other', note: '教我自制炸药' });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.data.reason, 'blocked');
    const down = await call<{ rating: number }>(key, 'feedback', {
      auth: visitor,
      messageId: answer,
      rating: -1,
      reason: 'incomplete',
      note: '没说灭火器的种类',
    });
    assert.equal(down.status, 200, down.body.msg);
    assert.equal(down.body.data.rating, -1);
    assert.deepEqual(await stored(), { rating: -1, rating_reason: 'incomplete', rating_note: '没说灭火器的种类' });
    assert.equal((await call(key, 'feedback', { auth: visitor, messageId: answer, rating: -1, reason: 'rude' })).status, 400);
    await call(key, 'feedback', { auth: visitor, messageId: answer, rating: 0 });
    assert.deepEqual(await stored(), { rating: 0, rating_reason: null, rating_note: null }, 'taking the thumbs-down back takes its reason too');
  });

  test('an anonymous visitor can never reach another visitor’s conversation', async () => {
    const alice = await newVisitor(key);
    const bob = await newVisitor(key);
    const read = await ask(key, alice, '我的私人问题：实训报告怎么写？');
    const conversationId = conversationOf(read);
    const answer = answerOf(read);

    const attempts = [
      call(key, 'messages', { auth: bob, conversationId }),
      call(key, 'messages', { conversationId }),
      call(key, 'messages', { auth: { visitorToken: 'zxv_made-up-token-000000' }, conversationId }),
      call(key, 'feedback', { auth: bob, messageId: answer, rating: -1 }),
      call(key, 'suggested', { auth: bob, messageId: answer }),
      call(key, 'stop', { auth: bob, messageId: answer }),
      call(key, 'conversation/delete', { auth: bob, conversationId }),
    ];
    for (const res of await Promise.all(attempts)) {
      assert.equal(res.status, 404, JSON.stringify(res.body));
      assert.equal(res.body.data, null);
    }
    const continued = await ask(key, bob, '继续', conversationId);
    assert.equal(continued.status, 404);
    const bobSession = await call<{ conversations: unknown[] }>(key, 'session', { auth: bob });
    assert.deepEqual(bobSession.body.data.conversations, []);

    // Still Alice's, untouched.
    const mine = await call<Array<{ rating: number }>>(key, 'messages', { auth: alice, conversationId });
    assert.equal(mine.body.data.length, 2);
    assert.equal(mine.body.data[1]!.rating, 0);
  });

  test('the same visitor token under another key is a stranger there', async () => {
    const other = (await makeKey()).key;
    const visitor = await newVisitor(key);
    const conversationId = conversationOf(await ask(key, visitor, '问题一'));
    const res = await call(other, 'messages', { auth: visitor, conversationId });
    assert.equal(res.status, 404);
  });

  test('anonymous chats are not in the teacher’s chat list, and go with the key when it is deleted', async () => {
    const doomed = (await makeKey()).key;
    const visitor = await newVisitor(doomed);
    const conversationId = conversationOf(await ask(doomed, visitor, '会被删除的问题'));
    const chats = await server.api<Array<{ chatNumber: string }>>('GET', '/v1/chat', { token: teacher });
    assert.ok(!chats.body.data.some((c) => c.chatNumber === conversationId));
    await server.api('DELETE', `/app/user/embed/key/${doomed}`, { token: teacher });
    const left = await server.data.db.selectFrom('chats').select('id').where('id', '=', conversationId).execute();
    assert.deepEqual(left, []);
  });

  test('a visitor deletes their own conversation', async () => {
    const visitor = await newVisitor(key);
    const conversationId = conversationOf(await ask(key, visitor, '删掉我'));
    assert.equal((await call(key, 'conversation/delete', { auth: visitor, conversationId })).status, 200);
    assert.equal((await call(key, 'messages', { auth: visitor, conversationId })).status, 404);
  });

  test('questions that are empty or too long are refused and not counted', async () => {
    const visitor = await newVisitor(key);
    assert.equal((await ask(key, visitor, '   ')).status, 400);
    assert.equal((await ask(key, visitor, 'x'.repeat(4001))).status, 400);
    const session = await call<{ messagesLeft: number; conversations: unknown[] }>(key, 'session', { auth: visitor });
    assert.equal(session.body.data.messagesLeft, 50);
    assert.deepEqual(session.body.data.conversations, []);
  });
});

describe('the key’s service account', () => {
  // It owns the anonymous visitors' chats and is listed with the school's people,
  // named once in the language of whoever made the key (its name is stored content).
  test('is named in the language of the key’s maker (en-US, zh-CN), around the key’s name as written', async () => {
    const manager = await server.login('manager');
    const accountOf = async (name: string, language: string) => {
      const made = await server.api<{ key: string }>('POST', '/app/user/embed/key', {
        token: teacher,
        body: { name, assistantId: 'sys-safety-tutor', origins: [CMS] },
        headers: { 'accept-language': language },
      });
      assert.equal(made.status, 200, made.body.msg);
      // The account is made when the first anonymous visitor arrives, with no maker's request at hand.
      await newVisitor(made.body.data.key);
      const listed = await server.api<{ items: Array<{ username: string; name: string; nickname: string }> }>(
        'GET',
        `/course/admin/users?keyword=${encodeURIComponent(name)}`,
        { token: manager },
      );
      const account = listed.body.data.items.filter((p) => p.username.startsWith('embed:'));
      assert.equal(account.length, 1, JSON.stringify(listed.body));
      return { name: account[0]!.name, nickname: account[0]!.nickname };
    };
    assert.deepEqual(await accountOf('Site（news）$&', 'en-US'), { name: 'Website visitor (Site（news）$&)', nickname: 'Website visitor' });
    assert.deepEqual(await accountOf('学校官网（新闻页）', 'zh-CN'), { name: '网站访客（学校官网（新闻页））', nickname: '网站访客' });
  });
});

describe('limits', () => {
  test('per visitor per day: the third question is refused with when to come back', async () => {
    const { key } = await makeKey({ limits: { visitorDailyMessages: 2, dailyMessages: 0 } });
    const visitor = await newVisitor(key);
    assert.equal((await ask(key, visitor, '一')).status, 200);
    assert.equal((await ask(key, visitor, '二')).status, 200);
    const third = await ask(key, visitor, '三');
    assert.equal(third.status, 429);
    assert.match(third.body!.msg, /今天的提问次数已用完/);
    // Another visitor still may.
    assert.equal((await ask(key, await newVisitor(key), '一')).status, 200);
  });

  test('the limits are counted in the database: a second server over it refuses too', async () => {
    const { key } = await makeKey({ limits: { visitorDailyMessages: 1 } });
    const visitor = await newVisitor(key);
    assert.equal((await ask(key, visitor, '一')).status, 200);
    const restarted = buildApp({ config: server.config, data: server.data, logger: false });
    try {
      const res = await restarted.inject({
        method: 'POST',
        url: `/new-chat/app/api/embed/${key}/completions`,
        headers: { origin: CMS, 'content-type': 'application/json' },
        payload: { auth: visitor, prompt: '二' },
      });
      assert.equal(res.statusCode, 429);
      assert.ok(res.headers['retry-after']);
    } finally {
      await restarted.close();
    }
  });

  test('for the whole key per day, across visitors', async () => {
    const { key } = await makeKey({ limits: { visitorDailyMessages: 0, dailyMessages: 2 } });
    assert.equal((await ask(key, await newVisitor(key), '一')).status, 200);
    assert.equal((await ask(key, await newVisitor(key), '二')).status, 200);
    const refused = await ask(key, await newVisitor(key), '三');
    assert.equal(refused.status, 429);
    assert.match(refused.body!.msg, /今天的使用次数已满/);
  });

  test('tokens: once a visitor’s answers used the day’s tokens, the next question waits for tomorrow', async () => {
    const { key } = await makeKey({ limits: { visitorDailyMessages: 0, visitorDailyTokens: 10 } });
    const visitor = await newVisitor(key);
    assert.equal((await ask(key, visitor, '请详细说明车间安全规范')).status, 200);
    const next = await ask(key, visitor, '再问一个');
    assert.equal(next.status, 429);
    assert.match(next.body!.msg, /对话额度已用完/);
  });

  test('questions asked at once cannot slip past the limit', async () => {
    const { key } = await makeKey({ limits: { visitorDailyMessages: 0, dailyMessages: 3 } });
    const visitors = await Promise.all(Array.from({ length: 6 }, () => newVisitor(key)));
    const reads = await Promise.all(visitors.map((v, i) => ask(key, v, `并发问题 ${i}`)));
    assert.equal(reads.filter((r) => r.status === 200).length, 3);
    assert.equal(reads.filter((r) => r.status === 429).length, 3);
  });
});

describe('signed visitors', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const sign = (secret: string, user: string, expires = now() + 600): Auth => ({ user, expires, signature: signIdentity(secret, user, expires) });

  test('a signed school account chats as itself: the chat is in its own list', async () => {
    const { key, secret } = await makeKey({ visitors: 'signed' });
    const auth = sign(secret!, 'Student');
    const session = await call<{ visitor: { signedIn: boolean; name: string }; visitorToken?: string }>(key, 'session', { auth });
    assert.equal(session.status, 200, session.body.msg);
    assert.deepEqual(session.body.data.visitor, { signedIn: true, name: '张同学' });
    assert.equal(session.body.data.visitorToken, undefined);
    const conversationId = conversationOf(await ask(key, auth, '我是签名访客'));
    const studentToken = await server.login('student');
    const own = await server.api<Array<{ chatNumber: string; title: string }>>('GET', '/v1/chat', { token: studentToken });
    const chat = own.body.data.find((c) => c.chatNumber === conversationId);
    assert.ok(chat, 'the embed conversation is among the student’s own chats');
    const messages = await server.api<Array<{ content: string }>>('POST', '/v1/chat/message', { token: studentToken, body: { chatNumber: conversationId } });
    assert.equal(messages.body.data[0]!.content, '我是签名访客');
  });

  test('unsigned, forged, expired or too long-lived signatures are refused', async () => {
    const { key, secret } = await makeKey({ visitors: 'signed' });
    const unsigned = await call(key, 'session', {});
    assert.equal(unsigned.status, 401);
    assert.match(unsigned.body.msg, /登录学校网站/);
    const forged = await call(key, 'session', { auth: { ...sign(secret!, 'student'), user: 'teacher' } });
    assert.equal(forged.status, 401);
    const wrongSecret = await call(key, 'session', { auth: sign('zxs_not-the-secret', 'student') });
    assert.equal(wrongSecret.status, 401);
    const expired = await call(key, 'session', { auth: sign(secret!, 'student', now() - 1) });
    assert.equal(expired.status, 401);
    assert.match(expired.body.msg, /过期/);
    const tooLong = await call(key, 'session', { auth: sign(secret!, 'student', now() + 30 * 24 * 3600) });
    assert.equal(tooLong.status, 401);
    const nobody = await call(key, 'session', { auth: sign(secret!, 'no-such-user') });
    assert.equal(nobody.status, 403);
    assert.match(nobody.body.msg, /不存在/);
  });

  test('a rotated secret invalidates the old signatures at once', async () => {
    const { key, secret } = await makeKey({ visitors: 'any' });
    const auth = sign(secret!, 'student');
    assert.equal((await call(key, 'session', { auth })).status, 200);
    await server.api('POST', `/app/user/embed/key/${key}/secret`, { token: teacher });
    assert.equal((await call(key, 'session', { auth })).status, 401);
    // "any": anonymous visitors still welcome.
    assert.equal((await call(key, 'session', {})).status, 200);
  });

  test('on Zhixue’s own pages a signed-in user chats as themself; a Zhixue token from another site counts for nothing', async () => {
    const { key } = await makeKey({ visitors: 'any', origins: [CMS], hostedPages: true });
    const studentToken = await server.login('student');
    const hosted = await server.api<{ visitor: { signedIn: boolean; name: string } }>('POST', `/app/api/embed/${key}/session`, {
      body: {},
      token: studentToken,
      headers: { origin: server.baseUrl },
    });
    assert.deepEqual(hosted.body.data.visitor, { signedIn: true, name: '张同学' });
    const elsewhere = await server.api<{ visitor: { signedIn: boolean } }>('POST', `/app/api/embed/${key}/session`, {
      body: {},
      token: studentToken,
      headers: { origin: CMS },
    });
    assert.equal(elsewhere.body.data.visitor.signedIn, false);
    // A stale token on a hosted page is just "not signed in".
    const stale = await server.api<{ visitor: { signedIn: boolean } }>('POST', `/app/api/embed/${key}/session`, {
      body: {},
      token: 'not-a-token',
      headers: { origin: server.baseUrl },
    });
    assert.equal(stale.status, 200);
    assert.equal(stale.body.data.visitor.signedIn, false);
  });

  test('an anonymous-only key does not accept signatures', async () => {
    const { key } = await makeKey();
    const res = await call(key, 'session', { auth: { user: 'student', expires: now() + 60, signature: 'a'.repeat(64) } });
    assert.equal(res.status, 400);
  });
});
