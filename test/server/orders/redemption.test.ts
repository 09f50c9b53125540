// Redemption codes: batches made by managers, shown and
// downloadable once, stored hashed, redeemed at most once even at the same
// instant, wrong tries throttled.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addPerson, quotaOf } from '../../support/quota.js';
import { startTestServer, type TestServer } from '../../support/server.js';

describe('redemption codes', () => {
  let server: TestServer;
  let teacher: string;
  let manager: string;
  let student: string;

  before(async () => {
    server = await startTestServer();
    teacher = await server.login('teacher');
    manager = await server.login('manager');
    student = await server.login('student');
  });
  after(() => server.close());

  const makeBatch = async (body: Record<string, unknown>) => {
    const res = await server.api<{ batchId: string; codes: string[] }>('POST', '/course/redemption-codes', { token: manager, body });
    assert.equal(res.body.code, 200, res.body.msg);
    return res.body.data;
  };
  const redeem = (token: string, code: string) =>
    server.api<{ credits: number; balance: number; alreadyYours: boolean }>('POST', '/app/order/redemption', { token, body: { code } });

  it('lets only managers make batches; the codes are long, shown once and stored hashed', async () => {
    for (const token of [teacher, student]) {
      assert.equal((await server.api('POST', '/course/redemption-codes', { token, body: { count: 1, credits: 1 } })).body.code, 403);
      assert.equal((await server.api('GET', '/course/redemption-codes', { token })).body.code, 403);
    }
    assert.equal((await server.api('POST', '/course/redemption-codes', { body: { count: 1, credits: 1 } })).body.code, 401);
    const { codes } = await makeBatch({ count: 3, credits: 5, note: '一班' });
    assert.equal(codes.length, 3);
    assert.equal(new Set(codes).size, 3);
    for (const code of codes) assert.match(code, /^ZX(-[0-9A-HJKMNP-TV-Z]{5}){4}$/u);
    const stored = await server.data.db.selectFrom('redemption_codes').select(['code_hash', 'hint']).execute();
    const dump = JSON.stringify(stored);
    for (const code of codes) assert.ok(!dump.includes(code.replace(/^ZX-/u, '').replace(/-/gu, '')), 'no plain code in the database');
    assert.equal((await server.api('POST', '/course/redemption-codes', { token: manager, body: { count: 0, credits: 1 } })).body.code, 400);
    assert.equal((await server.api('POST', '/course/redemption-codes', { token: manager, body: { count: 1, credits: 0 } })).body.code, 400);
    assert.equal(
      (await server.api('POST', '/course/redemption-codes', { token: manager, body: { count: 1, credits: 1, expiresAt: Date.now() - 1000 } })).body.code,
      400,
    );
  });

  it('credits each client type once per code; a used, unknown, expired or disabled code is a 400 that says which', async () => {
    const { batchId, codes } = await makeBatch({ count: 4, credits: 2.5 });
    for (const [i, token] of [teacher, manager, student].entries()) {
      const before = (await quotaOf(server, token)).balance;
      const res = await redeem(token, i === 2 ? codes[i]!.toLowerCase().replace(/-/gu, ' ') : codes[i]!);
      assert.equal(res.body.code, 200, res.body.msg);
      assert.equal(res.body.data.credits, 2.5);
      assert.equal(res.body.data.balance, before + 2.5);
    }
    const used = await redeem(student, codes[0]!);
    assert.equal(used.status, 400);
    assert.match(used.body.msg, /已被使用/u);
    assert.match((await redeem(student, 'ZX-AAAAA-AAAAA-AAAAA-AAAAA')).body.msg, /无效/u);
    assert.match((await redeem(student, 'hello')).body.msg, /无效/u);
    const codesView = (await server.api<any[]>('GET', `/course/redemption-codes/${batchId}`, { token: manager })).body.data;
    assert.deepEqual(
      codesView
        .filter((c) => c.redeemedBy)
        .map((c) => c.redeemedBy)
        .sort(),
      ['manager', 'student', 'teacher'],
    );
    const batch = (await server.api<any[]>('GET', '/course/redemption-codes', { token: manager })).body.data.find((b) => b.id === batchId);
    assert.equal(batch.used, 3);
    assert.equal(batch.count, 4);
    // Disabled: refused.
    assert.equal((await server.api('POST', `/course/redemption-codes/${batchId}/disable`, { token: manager })).body.code, 200);
    assert.match((await redeem(student, codes[3]!)).body.msg, /已停用/u);
    assert.equal((await server.api('POST', '/course/redemption-codes/nope/disable', { token: manager })).body.code, 404);
    // Expired: refused.
    const late = await makeBatch({ count: 1, credits: 1, expiresAt: Date.now() + 60_000 });
    await server.data.db
      .updateTable('redemption_batches')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', late.batchId)
      .execute();
    const expired = await redeem(student, late.codes[0]!);
    assert.equal(expired.status, 400);
    assert.match(expired.body.msg, /已过期/u);
    assert.match(
      (await server.api('POST', '/app/order/redemption', { token: student, body: { code: late.codes[0] }, headers: { 'accept-language': 'en-US' } })).body.msg,
      /expired/u,
    );
  });

  it('redeems a code once when two people redeem it at the same instant', async () => {
    const { codes } = await makeBatch({ count: 1, credits: 7 });
    const a = await server.login(await addPerson(server, 'redeem-a', '3'));
    const b = await server.login(await addPerson(server, 'redeem-b', '3'));
    const results = await Promise.all([redeem(a, codes[0]!), redeem(b, codes[0]!), redeem(a, codes[0]!)]);
    // One redemption credits; a's double submit may answer that the code is already a's.
    assert.equal(results.filter((r) => r.body.code === 200 && r.body.data.alreadyYours === false).length, 1);
    const balances = [(await quotaOf(server, a)).extra, (await quotaOf(server, b)).extra];
    assert.deepEqual(balances.sort(), [0, 7]);
  });

  it('lets the codes be downloaded once, as CSV or XLSX', async () => {
    const one = await makeBatch({ count: 2, credits: 1 });
    const first = await fetch(`${server.baseUrl}/new-chat/course/redemption-codes/${one.batchId}/export?format=csv`, {
      headers: { authorization: `Bearer ${manager}` },
    });
    assert.equal(first.status, 200);
    assert.match(first.headers.get('content-type') ?? '', /text\/csv/u);
    const csv = await first.text();
    for (const code of one.codes) assert.ok(csv.includes(code));
    const again = await server.api('GET', `/course/redemption-codes/${one.batchId}/export?format=csv`, { token: manager });
    assert.equal(again.body.code, 404);
    const two = await makeBatch({ count: 2, credits: 1 });
    assert.equal((await server.api('GET', `/course/redemption-codes/${two.batchId}/export`, { token: teacher })).body.code, 403);
    const xlsx = await fetch(`${server.baseUrl}/new-chat/course/redemption-codes/${two.batchId}/export?format=xlsx`, {
      headers: { authorization: `Bearer ${manager}` },
    });
    assert.equal(xlsx.status, 200);
    const bytes = Buffer.from(await xlsx.arrayBuffer());
    assert.equal(bytes.subarray(0, 2).toString(), 'PK', 'a zip (xlsx) file');
  });

  it('a code redeemed again by the same person (a retry after a lost reply) answers that it is theirs, adds nothing and costs no try', async () => {
    const d = await server.login(await addPerson(server, 'redeem-d', '3'));
    const { codes } = await makeBatch({ count: 1, credits: 3 });
    assert.equal((await redeem(d, codes[0]!)).status, 200);
    const balance = (await quotaOf(server, d)).balance;
    for (let i = 0; i < 12; i++) {
      const again = await redeem(d, codes[0]!);
      assert.equal(again.status, 200, again.body.msg);
      assert.equal(again.body.data.alreadyYours, true);
      assert.equal(again.body.msg, '该额度码已由你兑换，额度已到账');
    }
    assert.equal((await quotaOf(server, d)).balance, balance, 'credited once');
    // Someone else's used code still counts as a wrong try.
    const e = await server.login(await addPerson(server, 'redeem-e', '3'));
    assert.equal((await redeem(e, codes[0]!)).status, 400);
  });

  it('throttles wrong tries (429 with Retry-After), even for a right code after them', async () => {
    const c = await server.login(await addPerson(server, 'redeem-c', '3'));
    const { codes } = await makeBatch({ count: 1, credits: 1 });
    const wrong = await Promise.all(Array.from({ length: 12 }, () => redeem(c, 'ZX-BBBBB-BBBBB-BBBBB-BBBBB')));
    assert.equal(wrong.filter((r) => r.status === 400).length, 10);
    const limited = wrong.filter((r) => r.status === 429);
    assert.equal(limited.length, 2);
    assert.ok(Number(limited[0]!.headers.get('retry-after')) > 0);
    assert.equal((await redeem(c, codes[0]!)).status, 429);
    assert.equal((await quotaOf(server, c)).extra, 0);
  });
});
