// An order nobody is going to pay (the wrong package picked, a transfer
// never made) is closed: by its buyer, or by a manager. Before, it stayed
// "awaiting payment" in the buyer's orders and the manager's list for good.
// Money that arrives for a closed order anyway still credits the buyer.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addPerson, quotaOf } from '../../support/quota.js';
import { startStubWechatPay, type StubWechatPay } from '../../support/stub-wechat-pay.js';
import { startTestServer, type TestServer } from '../../support/server.js';

describe('closing an order', () => {
  let pay: StubWechatPay;
  let server: TestServer;
  let manager: string;
  let packageId = '';

  before(async () => {
    pay = await startStubWechatPay();
    server = await startTestServer({ env: pay.env('http://school.example') });
    manager = await server.login('manager');
    const made = await server.api<{ id: string }>('POST', '/course/order/packages', {
      token: manager,
      body: { name: '学生加油包', credits: 50, price: 4.9, clientTypes: ['3'] },
    });
    assert.equal(made.body.code, 200, made.body.msg);
    packageId = made.body.data.id;
  });
  after(async () => {
    await server.close();
    await pay.close();
  });

  const buy = async (token: string, channel: string) => {
    const order = await server.api<{ tradeNo: string }>('POST', '/app/order/buy', { token, body: { packageId, channel } });
    assert.equal(order.body.code, 200, order.body.msg);
    return order.body.data.tradeNo;
  };
  const statusOf = async (token: string, tradeNo: string) =>
    (await server.api<{ status: string }>('GET', `/app/order/tradeNo?tradeNo=${tradeNo}`, { token })).body.data.status;

  it('lets the buyer close their own order awaiting payment, in their language; nobody else’s', async () => {
    const buyer = await server.login(await addPerson(server, 'close-buyer', '3'));
    const other = await server.login(await addPerson(server, 'close-other', '3'));
    const tradeNo = await buy(buyer, 'offline');

    const notTheirs = await server.api('POST', '/app/order/close', { token: other, body: { tradeNo } });
    assert.equal(notTheirs.body.code, 404, 'another person’s order is not theirs to close');
    assert.equal(await statusOf(buyer, tradeNo), 'pending');

    const closed = await server.api<{ status: string }>('POST', '/app/order/close', {
      token: buyer,
      body: { tradeNo },
      headers: { 'accept-language': 'ko-KR' },
    });
    assert.equal(closed.body.code, 200, closed.body.msg);
    assert.equal(closed.body.msg, '주문이 닫혔습니다');
    assert.equal(closed.body.data.status, 'closed');
    assert.equal(await statusOf(buyer, tradeNo), 'closed');

    const again = await server.api('POST', '/app/order/close', { token: buyer, body: { tradeNo }, headers: { 'accept-language': 'ru-RU' } });
    assert.equal(again.body.code, 400);
    assert.equal(again.body.msg, 'Этот заказ не ожидает оплаты');
    assert.equal((await quotaOf(server, buyer)).extra, 0);
  });

  it('lets a manager close an order awaiting payment, but not a paid one', async () => {
    const buyer = await server.login(await addPerson(server, 'close-left', '3'));
    const waiting = await buy(buyer, 'offline');
    const paid = await buy(buyer, 'offline');
    assert.equal((await server.api('POST', `/course/order/orders/${paid}/confirm`, { token: manager })).body.code, 200);

    assert.equal((await server.api('POST', `/course/order/orders/${waiting}/close`, { token: buyer })).body.code, 403, 'only managers use the managers’ call');
    const closed = await server.api('POST', `/course/order/orders/${waiting}/close`, { token: manager });
    assert.equal(closed.body.code, 200, closed.body.msg);
    const list = (await server.api<Array<{ tradeNo: string; status: string }>>('GET', '/course/order/orders?status=closed', { token: manager })).body.data;
    assert.ok(list.some((o) => o.tradeNo === waiting));

    assert.equal((await server.api('POST', `/course/order/orders/${paid}/close`, { token: manager })).body.code, 400, 'a paid order is refunded, not closed');
    assert.equal(await statusOf(buyer, paid), 'paid');
    assert.equal((await quotaOf(server, buyer)).extra, 50);
  });

  it('credits a closed WeChat Pay order whose QR code was paid after all', async () => {
    const buyer = await server.login(await addPerson(server, 'close-late', '3'));
    const tradeNo = await buy(buyer, 'wechat');
    assert.equal((await server.api('POST', '/app/order/close', { token: buyer, body: { tradeNo } })).body.code, 200);
    const url = `${server.baseUrl}/new-chat/app/api/order/notify/wechat`;
    assert.equal(await pay.notify(pay.notification(tradeNo, 490), url), 204);
    assert.equal(await statusOf(buyer, tradeNo), 'paid');
    assert.equal((await quotaOf(server, buyer)).extra, 50, 'the money paid is never lost');
  });
});
