// Every quota, redemption and order call for each client type
// (1 teacher, 2 manager, 3 student) and signed out, on the database the run
// uses (ZX_TEST_DB). Signed-in calls answer everyone their own data; the
// manager calls answer client type 2 only (403 for 1 and 3, 401 signed out).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from '../../support/server.js';

describe('quota, codes and orders per client type', () => {
  let server: TestServer;
  const tokens: Record<'1' | '2' | '3', string> = { '1': '', '2': '', '3': '' };
  let batchId = '';
  let packageId = '';
  let codes: string[] = [];
  const tradeNos: Record<'1' | '2' | '3', string> = { '1': '', '2': '', '3': '' };

  before(async () => {
    server = await startTestServer();
    tokens['1'] = await server.login('teacher');
    tokens['2'] = await server.login('manager');
    tokens['3'] = await server.login('student');
    const batch = await server.api<{ batchId: string; codes: string[] }>('POST', '/course/redemption-codes', {
      token: tokens['2'],
      body: { count: 4, credits: 5, note: 'roles' },
    });
    assert.equal(batch.body.code, 200, batch.body.msg);
    ({ batchId, codes } = batch.body.data);
    const pkg = await server.api<{ id: string }>('POST', '/course/order/packages', {
      token: tokens['2'],
      body: { name: '全员包', credits: 10, price: 1, clientTypes: ['1', '2', '3'] },
    });
    assert.equal(pkg.body.code, 200, pkg.body.msg);
    packageId = pkg.body.data.id;
  });
  after(() => server.close());

  it('answers every signed-in call for each client type with that person’s own data, and 401 signed out', async () => {
    for (const [i, type] of (['1', '2', '3'] as const).entries()) {
      const token = tokens[type];
      for (const path of ['/app/user/quota', '/app/user/quota/history', '/app/order/channels', '/app/order/packages', '/app/order/list']) {
        const res = await server.api<any>('GET', path, { token });
        assert.equal(res.body.code, 200, `${type} GET ${path}: ${res.body.msg}`);
      }
      assert.deepEqual(
        (await server.api<any[]>('GET', '/app/order/packages', { token })).body.data.map((p) => p.id),
        [packageId],
      );
      const redeemed = await server.api<{ credits: number; balance: number }>('POST', '/app/order/redemption', { token, body: { code: codes[i] } });
      assert.equal(redeemed.body.code, 200, redeemed.body.msg);
      assert.equal(redeemed.body.data.credits, 5);
      const history = (await server.api<{ list: Array<{ kind: string; delta: number }> }>('GET', '/app/user/quota/history', { token })).body.data.list;
      assert.deepEqual(
        history.map((e) => [e.kind, e.delta]),
        [['redeem', 5]],
        'only their own entries',
      );
      const bought = await server.api<{ tradeNo: string; status: string }>('POST', '/app/order/buy', { token, body: { packageId, channel: 'offline' } });
      assert.equal(bought.body.code, 200, bought.body.msg);
      tradeNos[type] = bought.body.data.tradeNo;
      assert.equal((await server.api<any>('GET', `/app/order/tradeNo?tradeNo=${tradeNos[type]}`, { token })).body.data.status, 'pending');
      assert.deepEqual(
        (await server.api<any[]>('GET', '/app/order/list', { token })).body.data.map((o) => o.tradeNo),
        [tradeNos[type]],
      );
    }
    // Nobody sees another's order.
    assert.equal((await server.api('GET', `/app/order/tradeNo?tradeNo=${tradeNos['2']}`, { token: tokens['1'] })).body.code, 404);
    assert.equal((await server.api('GET', `/app/order/tradeNo?tradeNo=${tradeNos['1']}`, { token: tokens['3'] })).body.code, 404);
    for (const [method, path, body] of [
      ['GET', '/app/user/quota'],
      ['GET', '/app/user/quota/history'],
      ['GET', '/app/order/channels'],
      ['GET', '/app/order/packages'],
      ['GET', '/app/order/list'],
      ['GET', `/app/order/tradeNo?tradeNo=${tradeNos['1']}`],
      ['POST', '/app/order/buy', { packageId, channel: 'offline' }],
      ['POST', '/app/order/redemption', { code: codes[3] }],
    ] as Array<[string, string, unknown?]>) {
      assert.equal((await server.api(method, path, { body })).body.code, 401, `${method} ${path} signed out`);
    }
  });

  it('answers the manager calls for client type 2 only', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/course/quota/allowances'],
      ['PUT', '/course/quota/allowances', { scope: 'client', targetId: '1', credits: 100 }],
      ['DELETE', '/course/quota/allowances?scope=client&targetId=1'],
      ['GET', '/course/quota/classes'],
      ['GET', '/course/quota/prices'],
      ['PUT', '/course/quota/prices', { model: '*', inputPer1k: 2, outputPer1k: 2 }],
      ['DELETE', `/course/quota/prices/${encodeURIComponent('*')}`],
      ['POST', '/course/quota/grants', { userId: 'teacher', credits: 1, note: 'roles' }],
      ['GET', '/course/quota/person?username=teacher'],
      ['GET', '/course/quota/usage?by=person'],
      ['GET', '/course/quota/usage?by=class'],
      ['GET', '/course/quota/usage?by=model'],
      ['GET', '/course/redemption-codes'],
      ['GET', `/course/redemption-codes/${batchId}`],
      ['POST', '/course/redemption-codes', { count: 1, credits: 1 }],
      ['GET', `/course/redemption-codes/${batchId}/export?format=csv`],
      ['POST', `/course/redemption-codes/${batchId}/disable`],
      ['GET', '/course/order/packages'],
      ['POST', '/course/order/packages', { name: '经理包', credits: 1, price: 1, clientTypes: ['2'] }],
      ['PUT', `/course/order/packages/${packageId}`, { name: '全员包', credits: 10, price: 1, clientTypes: ['1', '2', '3'], active: true }],
      ['GET', '/course/order/orders'],
      ['POST', `/course/order/orders/${tradeNos['1']}/confirm`],
      ['POST', `/course/order/orders/${tradeNos['1']}/refund`],
    ];
    // The export answers a file, not the envelope.
    const call = async (method: string, path: string, token: string | undefined, body: unknown) => {
      if (!path.includes('/export')) return (await server.api<any>(method, path, { token, body })).body.code as number;
      const res = await fetch(`${server.baseUrl}/new-chat${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      return res.headers.get('content-type')?.includes('json') ? ((await res.json()) as { code: number }).code : res.status;
    };
    for (const [method, path, body] of calls) {
      for (const type of ['1', '3'] as const) {
        const code = await call(method, path, tokens[type], body);
        assert.equal(code, 403, `client type ${type}: ${method} ${path}`);
      }
      assert.equal(await call(method, path, undefined, body), 401, `signed out: ${method} ${path}`);
    }
    // Refused calls changed nothing: the teacher's order is still pending, the batch not disabled.
    assert.equal((await server.api<any>('GET', `/app/order/tradeNo?tradeNo=${tradeNos['1']}`, { token: tokens['1'] })).body.data.status, 'pending');
    for (const [method, path, body] of calls) {
      assert.equal(await call(method, path, tokens['2'], body), 200, `manager: ${method} ${path}`);
    }
    const classes = await server.api<Array<{ id: string; name: string }>>('GET', '/course/quota/classes', { token: tokens['2'] });
    assert.ok(Array.isArray(classes.body.data));
    assert.ok(classes.body.data.every((c) => typeof c.id === 'string' && typeof c.name === 'string'));
    // The manager's calls did what they say.
    assert.equal((await server.api<any>('GET', `/app/order/tradeNo?tradeNo=${tradeNos['1']}`, { token: tokens['1'] })).body.data.status, 'refunded');
    assert.match((await server.api<any>('POST', '/app/order/redemption', { token: tokens['3'], body: { code: codes[3] } })).body.msg, /停用/u);
  });
});
