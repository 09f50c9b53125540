// AI usage quota: metering at the chat path, allowances per
// person, class and client type, grants, refusals with code 600 before any
// provider call, and balances that stay right under concurrency.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { after, before, describe, it } from 'node:test';
import { ensureAccount } from '../../../server/modules/quota/accounts.js';
import type { ServerContext } from '../../../server/context.js';
import { quotaGenerationCharges } from '../../../server/modules/quota/generation-charges.js';
import { refundExpiredHolds, reserveCredits, settle } from '../../../server/modules/quota/holds.js';
import { groupCommit } from '../../../server/db/group-commit.js';
import type { ApiError } from '../../../server/http/errors.js';
import { addPerson, quotaOf, setAllowance, setPrice } from '../../support/quota.js';
import { postSse } from '../../support/sse-client.js';
import { defaultReply, startStubLlm, type StubLlm } from '../../support/stub-llm.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { until } from '../../support/until.js';

describe('AI usage quota', () => {
  let stub: StubLlm;
  let server: TestServer;
  let teacher: string;
  let manager: string;
  let student: string;

  before(async () => {
    stub = await startStubLlm({ tokenDelayMs: 1 });
    server = await startTestServer({
      env: {
        ZX_LLM_BASE_URL: stub.baseUrl,
        ZX_LLM_API_KEY: 'sk-test',
        ZX_LLM_MODELS: 'stub-model,stub-error-401,stub-costly',
        ZX_BUILTIN: 'on',
        ZX_BUILTIN_DELAY_MS: '0',
      },
    });
    teacher = await server.login('teacher');
    manager = await server.login('manager');
    student = await server.login('student');
  });
  after(async () => {
    await server.close();
    await stub.close();
  });

  const newChat = async (token: string, model = 'stub-model') => {
    const res = await server.api<{ chatNumber: string }>('POST', '/v1/chat', { token, body: { model } });
    assert.equal(res.body.code, 200, res.body.msg);
    return res.body.data.chatNumber;
  };
  const ask = (token: string, chat: string, prompt = 'hi') =>
    postSse(`${server.baseUrl}/new-chat/v1/chat/completions`, token, { conversationId: chat, prompt });
  const userId = async (token: string) => (await server.api<{ id: string }>('GET', '/app/user', { token })).body.data.id;

  it('limits no one on a new installation, and still counts the use', async () => {
    for (const token of [teacher, manager, student]) {
      const before = await quotaOf(server, token);
      assert.equal(before.limited, false);
      const read = await ask(token, await newChat(token));
      assert.equal(read.status, 200);
      assert.equal(read.events.find((e) => e.type === 'done')?.message.status, 'done');
      const after = await quotaOf(server, token);
      assert.ok(after.used > before.used, 'the answer was metered');
      assert.equal(after.balance, before.balance, 'an unlimited person keeps their balance');
    }
  });

  it('lets only managers change allowances, prices and grants (403 for teachers and students, 401 signed out)', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/course/quota/allowances'],
      ['PUT', '/course/quota/allowances', { scope: 'client', targetId: '3', credits: 1 }],
      ['DELETE', '/course/quota/allowances?scope=client&targetId=3'],
      ['GET', '/course/quota/prices'],
      ['PUT', '/course/quota/prices', { model: 'stub-model', inputPer1k: 1, outputPer1k: 1 }],
      ['DELETE', '/course/quota/prices/stub-model'],
      ['POST', '/course/quota/grants', { userId: 'student', credits: 5 }],
      ['GET', '/course/quota/person?username=student'],
      ['GET', '/course/quota/usage?by=model'],
    ];
    for (const [method, path, body] of calls) {
      for (const token of [teacher, student]) {
        const res = await server.api(method, path, { token, body });
        assert.equal(res.body.code, 403, `${method} ${path}`);
      }
      assert.equal((await server.api(method, path, { body })).body.code, 401, `${method} ${path} signed out`);
    }
    assert.equal((await quotaOf(server, student)).extra, 0, 'the refused grant changed nothing');
    assert.equal((await server.api('GET', '/app/user/quota')).body.code, 401);
  });

  it('refuses with code 600 at zero before any provider call, never goes below zero, and keeps the built-in engine free', async () => {
    const ada = await addPerson(server, 'quota-ada', '3');
    const token = await server.login(ada);
    await setPrice(server, manager, 'stub-model', 100, 100); // 11 + 2 tokens reported → 1.3 credits
    await setPrice(server, manager, 'stub-costly', 100, 100);
    await setAllowance(server, manager, 'user', ada, 10);
    assert.deepEqual(await quotaOf(server, token).then((q) => [q.limited, q.balance, q.allowance]), [true, 10, 10]);
    const chat = await newChat(token);
    assert.equal((await ask(token, chat)).status, 200);
    assert.equal((await quotaOf(server, token)).balance, 8.7);
    // 8.7 left: a provider that bills far more than that is charged what was set aside, no more.
    const costly = await ask(token, await newChat(token, 'stub-costly'));
    assert.equal(costly.events.find((e) => e.type === 'done')?.message.status, 'done');
    // The answer's request (a title may be asked for after it).
    const capped = stub.requests.find((r) => r.body.model === 'stub-costly')!.body;
    assert.ok(capped.max_tokens > 0 && capped.max_tokens < 87, `the answer was capped to what is left: ${capped.max_tokens}`);
    assert.equal((await quotaOf(server, token)).balance, 0);
    const asked = stub.requests.length;
    const messagesBefore = (await server.api<any[]>('POST', '/v1/chat/message', { token, body: { chatNumber: chat } })).body.data.length;
    const refused = await ask(token, chat);
    assert.equal(refused.status, 402);
    assert.equal(refused.body?.code, 600);
    assert.match(refused.body!.msg, /额度已用完.*兑换额度码.*请老师/u);
    assert.equal(stub.requests.length, asked, 'no provider call');
    const messagesAfter = (await server.api<any[]>('POST', '/v1/chat/message', { token, body: { chatNumber: chat } })).body.data.length;
    assert.equal(messagesAfter, messagesBefore, 'the refused question was not stored');
    const english = await postSse(
      `${server.baseUrl}/new-chat/v1/chat/completions`,
      token,
      { conversationId: chat, prompt: 'hi' },
      { headers: { 'accept-language': 'en-US' } },
    );
    assert.match(english.body!.msg, /credits are used up/u);
    // The built-in engine costs nothing and is never refused.
    const free = await ask(token, await newChat(token, 'builtin'));
    assert.equal(free.status, 200);
    assert.equal((await quotaOf(server, token)).balance, 0);
    // The teacher has no allowance: not limited.
    assert.equal((await quotaOf(server, teacher)).limited, false);
  });

  it('refuses a question whose prompt alone costs more than is left, and leaves the credits as they were', async () => {
    const al = await addPerson(server, 'quota-al', '3');
    const token = await server.login(al);
    await setAllowance(server, manager, 'user', al, 2); // the system message and "hi" alone cost about 5 at these prices
    const asked = stub.requests.length;
    const refused = await ask(token, await newChat(token));
    assert.equal(refused.body?.code, 600);
    assert.match(refused.body!.msg, /不足以回答这个问题/u);
    assert.equal(stub.requests.length, asked, 'no provider call');
    assert.equal((await quotaOf(server, token)).balance, 2);
  });

  it('a 1-credit allowance never goes below zero, however many questions are asked at once', async () => {
    const bo = await addPerson(server, 'quota-bo', '3');
    const token = await server.login(bo);
    await setAllowance(server, manager, 'user', bo, 1);
    await setPrice(server, manager, 'stub-costly', 1, 1);
    // At the default price (1 credit per 1,000 tokens) a 15,000 + 15,000-token bill would be 30 credits.
    const chats = await Promise.all([1, 2, 3, 4, 5].map(() => newChat(token, 'stub-costly')));
    const sentBefore = stub.requests.length;
    const reads = await Promise.all(chats.map((c) => ask(token, c)));
    assert.equal(reads.filter((r) => r.status === 200).length, 1);
    assert.equal(reads.filter((r) => r.body?.code === 600).length, 4);
    const answered = stub.requests.slice(sentBefore).find((r) => r.body.model === 'stub-costly')!.body;
    assert.ok(answered.max_tokens > 0 && answered.max_tokens <= 1_000, `capped to what 1 credit pays: ${answered.max_tokens}`);
    const q = await quotaOf(server, token);
    assert.equal(q.balance, 0);
    assert.equal(q.extra, 0, 'no debt taken from lasting credits');
  });

  it('charges two answers finishing at once exactly once each', async () => {
    const cy = await addPerson(server, 'quota-cy', '3');
    const token = await server.login(cy);
    await setPrice(server, manager, 'stub-model', 1, 1); // holds of ~1 credit each
    await setAllowance(server, manager, 'user', cy, 50);
    const chats = await Promise.all([1, 2].map(() => newChat(token)));
    const reads = await Promise.all(chats.map((c) => ask(token, c)));
    assert.deepEqual(
      reads.map((r) => r.status),
      [200, 200],
    );
    const q = await quotaOf(server, token);
    assert.equal(q.balance, 50 - 2 * 0.013);
    assert.equal(q.used, 2 * 0.013);
    await setPrice(server, manager, 'stub-model', 100, 100);
  });

  it('charges an answer at the price in force when it was asked, even if a manager changes it while it streams', async () => {
    const fe = await addPerson(server, 'quota-fe', '3');
    const token = await server.login(fe);
    await setAllowance(server, manager, 'user', fe, 50);
    await setPrice(server, manager, 'stub-model', 0, 0);
    stub.setReply(() => Array.from({ length: 600 }, (_, i) => `w${i}`).join(' ')); // about a second at 1 ms a token
    try {
      const chat = await newChat(token);
      const questionsAsked = () => stub.requests.filter((r) => r.body.messages?.at(-1)?.content === 'hi').length;
      const askedBefore = questionsAsked();
      const reading = ask(token, chat);
      // The price changes while the answer streams: once the provider is asked (the credits are held before that).
      await until(questionsAsked, (n) => n > askedBefore);
      await setPrice(server, manager, 'stub-model', 1_000, 1_000);
      const read = await reading;
      assert.equal(read.events.find((e) => e.type === 'done')?.message.status, 'done');
      assert.equal((await quotaOf(server, token)).balance, 50, 'asked while free: charged nothing');
    } finally {
      stub.setReply(defaultReply);
      await setPrice(server, manager, 'stub-model', 100, 100);
    }
  });

  it('answers every one of many completions one limited person asks at once (no 500 when the balance keeps changing)', async () => {
    // On PostgreSQL the hold was a compare-and-set retried 50 times: with answers being held and
    // charged all around it, one could lose every time and the completion answered 500.
    const dy = await addPerson(server, 'quota-dy', '1');
    const token = await server.login(dy);
    await setAllowance(server, manager, 'user', dy, 1_000_000);
    const chats = await Promise.all(Array.from({ length: 8 }, () => newChat(token)));
    let left = 160;
    const failures: string[] = [];
    await Promise.all(
      chats.map(async (chat) => {
        while (left-- > 0) {
          const read = await ask(token, chat, 'how does a lathe work?');
          const done = read.events.find((e) => e.type === 'done');
          if (read.status !== 200 || done?.message.status !== 'done') failures.push(`${read.status} ${read.body?.msg ?? ''}`);
        }
      }),
    );
    assert.deepEqual(failures, []);
    const q = await quotaOf(server, token);
    assert.ok(q.used > 0 && Math.abs(q.balance + q.used - 1_000_000) < 1e-6, `every answer charged once: ${JSON.stringify(q)}`);
  });

  it('sets aside every one of 120 holds taken at once from one balance, charging each once', async () => {
    const eh = await addPerson(server, 'quota-eh', '3');
    const token = await server.login(eh);
    const id = await userId(token);
    await setAllowance(server, manager, 'user', eh, 1_000);
    const db = server.data.db;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 120 }, async () => {
        const hold = await reserveCredits(db, { userId: id, amount: 100, kind: 'chat', model: 'stub-model' }, Date.now());
        await settle(db, hold, { cost: 50 }, Date.now());
      }),
    );
    assert.deepEqual(
      outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason)),
      [],
    );
    const q = await quotaOf(server, token);
    assert.equal(q.balance, 1_000 - 120 * 0.05);
    assert.equal(q.used, 120 * 0.05);
  });

  it('takes holds asked at once in one shared transaction: each held once, and those past the balance refused alone', async () => {
    const fy = await addPerson(server, 'quota-fy', '3');
    const token = await server.login(fy);
    const id = await userId(token);
    await setAllowance(server, manager, 'user', fy, 1); // 1,000 millicredits: ten holds of 100
    const writer = groupCommit({ db: server.data.db, config: server.config });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, () => reserveCredits(server.data.db, { userId: id, amount: 100, kind: 'chat', model: 'stub-model' }, Date.now(), writer)),
    );
    const held = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    assert.equal(held.length, 10);
    assert.deepEqual(new Set(refused.map((o) => (o.reason as ApiError).envelopeCode)), new Set([600]));
    const rows = await server.data.db.selectFrom('quota_holds').select(['from_allowance', 'from_extra']).where('user_id', '=', id).execute();
    assert.equal(rows.length, 10, 'one hold row for each hold given');
    assert.equal((await quotaOf(server, token)).balance, 0);
  });

  it('refunds an answer that failed before saying anything', async () => {
    const di = await addPerson(server, 'quota-di', '3');
    const token = await server.login(di);
    await setAllowance(server, manager, 'user', di, 3);
    const read = await ask(token, await newChat(token, 'stub-error-401'));
    assert.equal(read.events.find((e) => e.type === 'error')?.message.status, 'error');
    assert.equal((await quotaOf(server, token)).balance, 3);
  });

  it('saves an answer whose charge cannot be written, and leaves its hold to be refunded', async () => {
    // The answer's final state and its charge commit together; a charge that
    // fails must not take the answer's state with it (generation.ts).
    const fay = await addPerson(server, 'quota-fay', '3');
    const token = await server.login(fay);
    await setAllowance(server, manager, 'user', fay, 20);
    const db = server.data.db;
    const blockLedger = async (on: boolean) => {
      if (server.data.dialect === 'sqlite') {
        if (on) await sql`create trigger block_ledger before insert on quota_ledger begin select raise(abort, 'disk I/O error'); end`.execute(db);
        else await sql`drop trigger block_ledger`.execute(db);
      } else if (on) {
        await sql`create function block_ledger() returns trigger language plpgsql as $$ begin raise exception 'could not extend file'; end $$`.execute(db);
        await sql`create trigger block_ledger before insert on quota_ledger for each row execute function block_ledger()`.execute(db);
      } else {
        await sql`drop trigger block_ledger on quota_ledger`.execute(db);
        await sql`drop function block_ledger()`.execute(db);
      }
    };
    await blockLedger(true);
    let answerId: string;
    try {
      const read = await ask(token, await newChat(token), 'still answered?');
      const done = read.events.find((e) => e.type === 'done');
      assert.equal(done?.message.status, 'done');
      assert.equal(done?.message.content, defaultReply({ messages: [{ role: 'user', content: 'still answered?' }] }));
      answerId = done!.messageId;
    } finally {
      await blockLedger(false);
    }
    const row = await db.selectFrom('chat_messages').select(['status', 'content']).where('id', '=', answerId).executeTakeFirstOrThrow();
    assert.equal(row.status, 'done');
    const held = await quotaOf(server, token);
    assert.ok(held.balance < 20, 'the hold is still set aside');
    const uid = await userId(token);
    await refundExpiredHolds(db, Date.now() + 24 * 3600 * 1000);
    assert.equal((await quotaOf(server, token)).balance, 20, 'the expired hold went back in full');
    assert.equal((await db.selectFrom('quota_ledger').select('id').where('user_id', '=', uid).where('kind', '=', 'chat').execute()).length, 0);
  });

  it('applies the most specific allowance: the person, else their classes, else their client type', async () => {
    const id = await userId(student);
    const demoClass = await server.data.db.selectFrom('class_members').select('class_id').where('user_id', '=', id).executeTakeFirstOrThrow();
    await setAllowance(server, manager, 'client', '3', 4);
    assert.equal((await quotaOf(server, student)).allowance, 4);
    await setAllowance(server, manager, 'class', demoClass.class_id, 6);
    assert.equal((await quotaOf(server, student)).allowance, 6);
    await setAllowance(server, manager, 'user', 'student', 1);
    assert.equal((await quotaOf(server, student)).allowance, 1);
    const list = (await server.api<any[]>('GET', '/course/quota/allowances', { token: manager })).body.data;
    assert.ok(list.some((a) => a.scope === 'user' && a.targetName === 'student' && a.credits === 1));
    assert.ok(list.some((a) => a.scope === 'class' && a.targetName === '2024级数控技术1班'));
    assert.equal((await server.api('DELETE', `/course/quota/allowances?scope=user&targetId=${id}`, { token: manager })).body.code, 200);
    assert.equal((await quotaOf(server, student)).allowance, 6);
    assert.equal((await server.api('DELETE', `/course/quota/allowances?scope=class&targetId=${demoClass.class_id}`, { token: manager })).body.code, 200);
    assert.equal((await quotaOf(server, student)).allowance, 4);
    assert.equal((await server.api('DELETE', `/course/quota/allowances?scope=class&targetId=${demoClass.class_id}`, { token: manager })).body.code, 404);
    assert.equal(
      (await server.api('PUT', '/course/quota/allowances', { token: manager, body: { scope: 'client', targetId: '9', credits: 1 } })).body.code,
      400,
    );
    assert.equal(
      (await server.api('PUT', '/course/quota/allowances', { token: manager, body: { scope: 'user', targetId: 'nobody-here', credits: 1 } })).body.code,
      404,
    );
    assert.equal(
      (await server.api('PUT', '/course/quota/allowances', { token: manager, body: { scope: 'user', targetId: 'student', credits: -1 } })).body.code,
      400,
    );
    await server.api('DELETE', '/course/quota/allowances?scope=client&targetId=3', { token: manager });
    assert.equal((await quotaOf(server, student)).limited, false);
  });

  it('grants and takes credits, shown in the person’s history', async () => {
    const ed = await addPerson(server, 'quota-ed', '1');
    const token = await server.login(ed);
    const granted = await server.api<any>('POST', '/course/quota/grants', { token: manager, body: { userId: ed, credits: 3.5, note: '比赛奖励' } });
    assert.equal(granted.body.code, 200, granted.body.msg);
    assert.equal(granted.body.data.extra, 3.5);
    await server.api('POST', '/course/quota/grants', { token: manager, body: { userId: ed, credits: -1 } });
    assert.equal((await quotaOf(server, token)).extra, 2.5);
    const history = (await server.api<{ list: any[]; total: number }>('GET', '/app/user/quota/history', { token })).body.data;
    assert.equal(history.total, 2);
    assert.deepEqual(history.list.map((e) => [e.kind, e.delta]).sort(), [
      ['grant', 3.5],
      ['take', -1],
    ]);
    assert.equal(history.list.find((e) => e.kind === 'grant').note, '比赛奖励');
    // Another person's history is not theirs to see: each reads only their own.
    assert.equal(
      (await server.api<{ list: any[] }>('GET', '/app/user/quota/history', { token: student })).body.data.list.some((e) => e.note === '比赛奖励'),
      false,
    );
    assert.equal((await server.api('POST', '/course/quota/grants', { token: manager, body: { userId: 'nobody-here', credits: 1 } })).body.code, 404);
    const person = await server.api<any>('GET', `/course/quota/person?username=${ed}`, { token: manager });
    assert.equal(person.body.data.extra, 2.5);
  });

  it('shows use per person, class and model to managers', async () => {
    const byModel = (await server.api<any[]>('GET', '/course/quota/usage?by=model', { token: manager })).body.data;
    assert.ok(byModel.find((r) => r.key === 'stub-model')!.uses >= 3);
    assert.ok(!byModel.some((r) => r.key === 'builtin'), 'free answers cost nothing and are not charged');
    const byPerson = (await server.api<any[]>('GET', '/course/quota/usage?by=person', { token: manager })).body.data;
    assert.ok(byPerson.find((r) => r.name === 'quota-ada')!.cost >= 10);
    const byClass = (await server.api<any[]>('GET', '/course/quota/usage?by=class', { token: manager })).body.data;
    assert.ok(byClass.some((r) => r.name === '2024级数控技术1班' && r.uses >= 1));
    assert.equal((await server.api('GET', '/course/quota/usage?by=school', { token: manager })).body.code, 400);
  });

  it('lists prices with the fallback and refuses an unknown model', async () => {
    const prices = (await server.api<any>('GET', '/course/quota/prices', { token: manager })).body.data;
    assert.deepEqual(
      prices.prices.find((p: any) => p.model === 'stub-model'),
      { model: 'stub-model', inputPer1k: 100, outputPer1k: 100, perImage: 0, perSecond: 0 },
    );
    assert.equal(prices.fallback.inputPer1k, 1);
    assert.ok(prices.models.some((m: any) => m.name === 'builtin' && m.builtin));
    assert.equal(
      (await server.api('PUT', '/course/quota/prices', { token: manager, body: { model: 'gpt-nonexistent', inputPer1k: 1, outputPer1k: 1 } })).body.code,
      404,
    );
    assert.equal((await server.api('PUT', '/course/quota/prices', { token: manager, body: { model: '*', inputPer1k: 2, outputPer1k: 2 } })).body.code, 200);
  });

  it('fills the allowance anew on the 1st of a month and refunds holds whose process is gone', async () => {
    const fa = await addPerson(server, 'quota-fa', '3');
    const token = await server.login(fa);
    const id = await userId(token);
    await setAllowance(server, manager, 'user', fa, 10);
    const db = server.data.db;
    const now = Date.now();
    const hold = await reserveCredits(db, { userId: id, amount: 4000, kind: 'image', model: 'stub-model', ttlMs: 1_000 }, now);
    assert.equal((await quotaOf(server, token)).balance, 6);
    assert.equal(await refundExpiredHolds(db, now + 500), 0, 'not expired yet');
    assert.ok((await refundExpiredHolds(db, now + 2_000)) >= 1);
    assert.equal((await quotaOf(server, token)).balance, 10);
    assert.equal(hold.amount, 4000);
    // Spend some, then move to next month: the allowance is full again.
    await reserveCredits(db, { userId: id, amount: 7000, kind: 'image', model: 'stub-model' }, now);
    assert.equal((await quotaOf(server, token)).balance, 3);
    const nextMonth = now + 32 * 24 * 3600 * 1000;
    const account = await ensureAccount(db, id, nextMonth);
    assert.equal(account.allowanceLeft, 10000);
  });

  it('charges image generations through the hooks: reserve at accept, charge once on success, refund once on failure', async () => {
    const gi = await addPerson(server, 'quota-gi', '3');
    const token = await server.login(gi);
    const id = await userId(token);
    const ctx = { db: server.data.db, config: server.config, now: Date.now } as unknown as ServerContext;
    await server.api('PUT', '/course/quota/prices', {
      token: manager,
      body: { model: 'stub-model', inputPer1k: 100, outputPer1k: 100, perImage: 3, perSecond: 1 },
    });
    await setAllowance(server, manager, 'user', gi, 10);
    const request = { jobId: 'job-1', ownerId: id, kind: 'image', model: 'stub-model', units: 2 };
    const first = await quotaGenerationCharges.reserve(ctx, request);
    assert.equal((await quotaOf(server, token)).balance, 4);
    await quotaGenerationCharges.settle(ctx, first!);
    await quotaGenerationCharges.settle(ctx, first!);
    await quotaGenerationCharges.refund(ctx, first!);
    assert.deepEqual(await quotaOf(server, token).then((q) => [q.balance, q.used]), [4, 6]);
    const second = await quotaGenerationCharges.reserve(ctx, { ...request, jobId: 'job-2' });
    await quotaGenerationCharges.refund(ctx, second!);
    await quotaGenerationCharges.refund(ctx, second!);
    assert.equal((await quotaOf(server, token)).balance, 4);
    await quotaGenerationCharges.reserve(ctx, { ...request, jobId: 'job-3' }); // takes it to -2
    await assert.rejects(quotaGenerationCharges.reserve(ctx, { ...request, jobId: 'job-4' }), (e: any) => e.envelopeCode === 600);
    // Not limited: nothing held; the use is recorded when the job succeeds.
    const free = await quotaGenerationCharges.reserve(ctx, { ...request, ownerId: await userId(teacher), kind: 'video', units: 5 });
    assert.match(free!, /^unlimited:/u);
    const usedBefore = (await quotaOf(server, teacher)).used;
    await quotaGenerationCharges.settle(ctx, free!);
    assert.equal((await quotaOf(server, teacher)).used, usedBefore + 5);
  });
});
