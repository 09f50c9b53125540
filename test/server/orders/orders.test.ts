// Orders: packages managers define, buying through the offline
// channel (a manager confirms), WeChat Pay v3 and Alipay (its official SDK)
// against local stubs with generated keys over real HTTP: notifications
// verified by signature, replayed twice and credited once, amount and tradeNo
// checked; refunds by managers, paid back at the channel.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addPerson, quotaOf } from '../../support/quota.js';
import { startStubAlipay, type StubAlipay } from '../../support/stub-alipay.js';
import { startStubWechatPay, type StubWechatPay } from '../../support/stub-wechat-pay.js';
import { startTestServer, type TestServer } from '../../support/server.js';

describe('orders', () => {
  let pay: StubWechatPay;
  let ali: StubAlipay;
  let server: TestServer;
  let teacher: string;
  let manager: string;
  let student: string;
  let packageId = '';

  before(async () => {
    pay = await startStubWechatPay();
    ali = await startStubAlipay();
    server = await startTestServer({ env: { ...pay.env('http://school.example'), ...ali.env('http://school.example') } });
    teacher = await server.login('teacher');
    manager = await server.login('manager');
    student = await server.login('student');
  });
  after(async () => {
    await server.close();
    await pay.close();
    await ali.close();
  });

  const notifyUrl = () => `${server.baseUrl}/new-chat/app/api/order/notify/wechat`;
  const buy = (token: string, channel: string, id = packageId) => server.api<any>('POST', '/app/order/buy', { token, body: { packageId: id, channel } });

  it('lets managers define packages; each client type sees only what it may buy', async () => {
    const body = { name: '教师加油包', credits: 100, price: 9.9, clientTypes: ['1'] };
    for (const token of [teacher, student]) assert.equal((await server.api('POST', '/course/order/packages', { token, body })).body.code, 403);
    const made = await server.api<any>('POST', '/course/order/packages', { token: manager, body });
    assert.equal(made.body.code, 200, made.body.msg);
    packageId = made.body.data.id;
    assert.deepEqual(made.body.data, { id: packageId, name: '教师加油包', credits: 100, price: 9.9, clientTypes: ['1'], active: true });
    assert.equal((await server.api('POST', '/course/order/packages', { token: manager, body: { ...body, price: 1.234 } })).body.code, 400);
    assert.equal((await server.api('POST', '/course/order/packages', { token: manager, body: { ...body, clientTypes: [] } })).body.code, 400);
    assert.equal((await server.api<any[]>('GET', '/app/order/packages', { token: teacher })).body.data.length, 1);
    assert.equal((await server.api<any[]>('GET', '/app/order/packages', { token: student })).body.data.length, 0);
    assert.equal((await buy(student, 'offline')).body.code, 404, 'a student may not buy a teachers’ package');
    assert.deepEqual((await server.api<string[]>('GET', '/app/order/channels', { token: teacher })).body.data, ['offline', 'wechat', 'alipay']);
    assert.equal((await buy(teacher, 'unionpay')).body.code, 400, 'a channel the school does not have');
  });

  it('buys through WeChat Pay: QR code URL, polling, a notification replayed twice credits once', async () => {
    const before = (await quotaOf(server, teacher)).extra;
    const order = await buy(teacher, 'wechat');
    assert.equal(order.body.code, 200, order.body.msg);
    const { tradeNo, codeUrl, status, amount } = order.body.data;
    assert.match(tradeNo, /^ZX\d{20}$/u);
    assert.match(codeUrl, /^weixin:\/\/wxpay\/bizpayurl\?pr=stub/u);
    assert.deepEqual([status, amount], ['pending', 9.9]);
    assert.deepEqual(pay.orders.at(-1)!.amount, { total: 990, currency: 'CNY' });
    assert.equal(pay.orders.at(-1)!.notify_url, 'http://school.example/new-chat/app/api/order/notify/wechat');
    // A forged notification (signed with another key) is refused and changes nothing.
    assert.equal(await pay.notify(pay.notification(tradeNo, 990, { signWith: pay.otherKey }), notifyUrl()), 401);
    // A right signature with the wrong amount is refused too.
    assert.equal(await pay.notify(pay.notification(tradeNo, 1), notifyUrl()), 400);
    assert.equal((await server.api<any>('GET', `/app/order/tradeNo?tradeNo=${tradeNo}`, { token: teacher })).body.data.status, 'pending');
    const note = pay.notification(tradeNo, 990);
    const statuses = await Promise.all([pay.notify(note, notifyUrl()), pay.notify(note, notifyUrl())]);
    assert.deepEqual(statuses, [204, 204]);
    assert.equal(await pay.notify(pay.notification(tradeNo, 990), notifyUrl()), 204, 'a third, fresh notification');
    const polled = await server.api<any>('GET', `/app/order/tradeNo?tradeNo=${tradeNo}`, { token: teacher });
    assert.equal(polled.body.data.status, 'paid');
    assert.equal((await quotaOf(server, teacher)).extra, before + 100, 'credited once');
    // Another person's order is not theirs to see.
    assert.equal((await server.api('GET', `/app/order/tradeNo?tradeNo=${tradeNo}`, { token: student })).body.code, 404);
    assert.equal((await server.api('GET', `/app/order/tradeNo?tradeNo=${tradeNo}`)).body.code, 401);
  });

  it('buys offline: a manager confirms once, and refunds', async () => {
    const buyer = await server.login(await addPerson(server, 'order-buyer', '1'));
    const order = await buy(buyer, 'offline');
    assert.equal(order.body.code, 200, order.body.msg);
    const { tradeNo, instructions } = order.body.data;
    assert.match(instructions, /订单号/u);
    // The server's own instructions reach a buyer reading English in English; the package's name stays as its manager wrote it.
    const english = await server.api<any>('POST', '/app/order/buy', {
      token: await server.login(await addPerson(server, 'order-buyer-en', '1')),
      body: { packageId, channel: 'offline' },
      headers: { 'accept-language': 'en-US' },
    });
    assert.equal(english.body.code, 200, english.body.msg);
    assert.match(english.body.data.instructions, /order number/iu);
    assert.doesNotMatch(english.body.data.instructions, /[\u4e00-\u9fff]/u);
    assert.equal(english.body.data.name, order.body.data.name);
    for (const token of [teacher, student]) assert.equal((await server.api('POST', `/course/order/orders/${tradeNo}/confirm`, { token })).body.code, 403);
    const list = (await server.api<any[]>('GET', '/course/order/orders?status=pending', { token: manager })).body.data;
    assert.ok(list.some((o) => o.tradeNo === tradeNo && o.buyer === 'order-buyer'));
    const confirms = await Promise.all([1, 2].map(() => server.api('POST', `/course/order/orders/${tradeNo}/confirm`, { token: manager })));
    assert.deepEqual(confirms.map((r) => r.body.code).sort(), [200, 400]);
    assert.equal((await quotaOf(server, buyer)).extra, 100);
    const history = (await server.api<{ list: any[] }>('GET', '/app/user/quota/history', { token: buyer })).body.data.list;
    assert.deepEqual(
      history.map((e) => [e.kind, e.delta]),
      [['order', 100]],
    );
    const refund = await server.api<any>('POST', `/course/order/orders/${tradeNo}/refund`, { token: manager });
    assert.equal(refund.body.code, 200, refund.body.msg);
    assert.equal(refund.body.data.status, 'refunded');
    assert.equal((await quotaOf(server, buyer)).extra, 0);
    assert.equal((await server.api('POST', `/course/order/orders/${tradeNo}/refund`, { token: manager })).body.code, 400, 'refunded once');
    assert.equal((await server.api('POST', '/course/order/orders/nope/confirm', { token: manager })).body.code, 404);
    assert.equal((await server.api<any[]>('GET', '/app/order/list', { token: buyer })).body.data.length, 1);
  });
  const alipayNotifyUrl = () => `${server.baseUrl}/new-chat/app/api/order/notify/alipay`;

  it('buys through Alipay: a signed page URL, a notification verified by its RSA2 signature, replayed twice and credited once', async () => {
    const buyer = await server.login(await addPerson(server, 'alipay-buyer', '1'));
    const order = await buy(buyer, 'alipay');
    assert.equal(order.body.code, 200, order.body.msg);
    const { tradeNo, payUrl, codeUrl, status } = order.body.data;
    assert.equal(codeUrl, null);
    assert.equal(status, 'pending');
    assert.ok(payUrl.startsWith(`${ali.gateway}?`), payUrl);
    // The page URL is what the buyer opens: the gateway checks our signature and shows the cashier.
    const page = await fetch(payUrl);
    assert.equal(page.status, 200, await page.clone().text());
    assert.match(await page.text(), /支付宝收银台/u);
    assert.deepEqual(ali.orders.at(-1), {
      out_trade_no: tradeNo,
      total_amount: '9.90',
      subject: '教师加油包',
      notify_url: 'http://school.example/new-chat/app/api/order/notify/alipay',
      return_url: 'http://school.example/',
    });
    // A page URL altered by hand no longer verifies at the gateway.
    assert.equal((await fetch(payUrl.replace('9.90', '0.01'))).status, 400);

    const poll = async () => (await server.api<any>('GET', `/app/order/tradeNo?tradeNo=${tradeNo}`, { token: buyer })).body.data.status;
    // Forged (another key), another app, a wrong amount, an unknown tradeNo: refused, nothing paid.
    assert.deepEqual(await ali.notify(ali.notification(tradeNo, '9.90', { signWith: ali.otherKey }), alipayNotifyUrl()), { status: 401, text: 'fail' });
    assert.deepEqual(await ali.notify(ali.notification(tradeNo, '9.90', { appId: '2021000000000999' }), alipayNotifyUrl()), { status: 401, text: 'fail' });
    // Signed by Alipay, but paid to another merchant: not ours.
    assert.deepEqual(await ali.notify(ali.notification(tradeNo, '9.90', { sellerId: '2088000000000999' }), alipayNotifyUrl()), { status: 401, text: 'fail' });
    assert.deepEqual(await ali.notify(ali.notification(tradeNo, '0.99'), alipayNotifyUrl()), { status: 400, text: 'fail' });
    assert.deepEqual(await ali.notify(ali.notification('ZX00000000000000000000', '9.90'), alipayNotifyUrl()), { status: 400, text: 'fail' });
    const tampered = { ...ali.notification(tradeNo, '9.90'), out_trade_no: 'ZX00000000000000000001' };
    assert.equal((await ali.notify(tampered, alipayNotifyUrl())).status, 401, 'a field changed after signing');
    // Waiting for the buyer is not paid.
    assert.deepEqual(await ali.notify(ali.notification(tradeNo, '9.90', { status: 'WAIT_BUYER_PAY' }), alipayNotifyUrl()), { status: 200, text: 'success' });
    assert.equal(await poll(), 'pending');
    assert.equal((await quotaOf(server, buyer)).extra, 0);

    const note = ali.notification(tradeNo, '9.90');
    const replies = await Promise.all([ali.notify(note, alipayNotifyUrl()), ali.notify(note, alipayNotifyUrl())]);
    assert.deepEqual(replies, [
      { status: 200, text: 'success' },
      { status: 200, text: 'success' },
    ]);
    assert.deepEqual(await ali.notify(ali.notification(tradeNo, '9.90', { status: 'TRADE_FINISHED' }), alipayNotifyUrl()), { status: 200, text: 'success' });
    assert.equal(await poll(), 'paid');
    assert.equal((await quotaOf(server, buyer)).extra, 100, 'credited once');

    // A refund the gateway refuses changes nothing here; one it accepts pays back once and takes the credits.
    ali.refuseRefunds = 'ACQ.SELLER_BALANCE_NOT_ENOUGH';
    const refused = await server.api<any>('POST', `/course/order/orders/${tradeNo}/refund`, { token: manager });
    assert.equal(refused.body.code, 500);
    assert.match(refused.body.msg, /支付平台没有接受退款/u);
    assert.equal(await poll(), 'paid');
    ali.refuseRefunds = null;
    const refunded = await server.api<any>('POST', `/course/order/orders/${tradeNo}/refund`, { token: manager });
    assert.equal(refunded.body.code, 200, refunded.body.msg);
    assert.deepEqual(ali.refunds, [{ out_trade_no: tradeNo, refund_amount: '9.90', out_request_no: `${tradeNo}R` }]);
    assert.equal((await quotaOf(server, buyer)).extra, 0);
    assert.equal(await poll(), 'refunded');
  });

  it('pays a WeChat Pay order back at WeChat Pay when a manager refunds it', async () => {
    const buyer = await server.login(await addPerson(server, 'wechat-refund', '1'));
    const { tradeNo } = (await buy(buyer, 'wechat')).body.data;
    assert.equal(await pay.notify(pay.notification(tradeNo, 990), notifyUrl()), 204);
    for (const token of [teacher, student]) assert.equal((await server.api('POST', `/course/order/orders/${tradeNo}/refund`, { token })).body.code, 403);
    const refunded = await server.api<any>('POST', `/course/order/orders/${tradeNo}/refund`, { token: manager });
    assert.equal(refunded.body.code, 200, refunded.body.msg);
    assert.deepEqual(
      pay.refunds.filter((r) => r.out_trade_no === tradeNo).map((r) => [r.out_refund_no, r.amount.refund, r.amount.total]),
      [[`${tradeNo}R`, 990, 990]],
    );
    assert.equal((await quotaOf(server, buyer)).extra, 0);
  });
});
