// Orders (SPEC §7), relative to /new-chat. See docs/api/orders.md.
//   GET  /app/order/packages                 → PackageView[] the caller may buy
//   POST /app/order/buy                      {packageId, channel: offline|wechat|alipay} → {tradeNo, status, amount, codeUrl?, instructions?, ...}
//   GET  /app/order/tradeNo?tradeNo=         → OrderView (own orders only; another's is 404)
//   GET  /app/order/list                     → the caller's orders
//   POST /app/order/close                    {tradeNo} closes the caller's own pending order
//   GET  /app/order/channels                 → channels this installation offers
//   POST /app/api/order/notify/wechat        WeChat Pay v3 notification (signature verified, idempotent)
//   POST /app/api/order/notify/alipay        Alipay asynchronous notification (RSA2 verified by the SDK, idempotent)
// Managers (client type 2):
//   GET  /course/order/packages · POST /course/order/packages · PUT /course/order/packages/{id}
//   GET  /course/order/orders?status
//   POST /course/order/orders/{tradeNo}/confirm   offline transfer received
//   POST /course/order/orders/{tradeNo}/close     pending → closed (nobody is going to pay it)
//   POST /course/order/orders/{tradeNo}/refund
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ModuleOptions } from '../../context.js';
import { currentUser, requireClientType } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { badRequest } from '../../http/errors.js';
import { localizedName } from '../../i18n/install.js';
import { MANAGER_CLIENT_TYPE } from '../account/index.js';
import { offlineChannel, type PaymentChannel } from './channels.js';
import { createPackage, listPackages, packagesFor, updatePackage } from './packages.js';
import { allOrders, buy, closeOrder, confirmOffline, markPaid, ownOrder, ownOrders, refundOrder } from './service.js';
import { alipayChannel, alipayConfig, alipaySdk, readAlipayNotification } from './alipay.js';
import { readWechatNotification, wechatPayChannel, wechatPayConfig } from './wechat-pay.js';

const ClientTypeList = Type.Array(Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('3')]), { title: '可购买身份', maxItems: 3 });
const PackageBody = Type.Object(
  {
    name: Type.String({ title: '套餐名称', minLength: 1, maxLength: 60 }),
    credits: Type.Number({ title: '额度', exclusiveMinimum: 0, maximum: 100_000_000 }),
    price: Type.Number({ title: '价格', minimum: 0.01, maximum: 1_000_000 }),
    clientTypes: ClientTypeList,
    active: Type.Optional(Type.Boolean({ title: '上架' })),
  },
  { additionalProperties: false },
);
const IdParams = Type.Object({ id: Type.String({ title: '套餐', minLength: 1, maxLength: 64 }) });
/** An order named by its tradeNo: as a path parameter, a query or a body. */
const TradeNo = Type.Object({ tradeNo: Type.String({ title: '订单号', minLength: 1, maxLength: 64 }) });
const BuyBody = Type.Object({
  packageId: Type.String({ title: '套餐', minLength: 1, maxLength: 64 }),
  channel: Type.String({ title: '支付方式', minLength: 1, maxLength: 20 }),
});
const StatusQuery = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('paid'), Type.Literal('refunded'), Type.Literal('closed')], { title: '状态' })),
});

export const ordersRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const signedIn = { preHandler: app.requireUser };
  const managers = { preHandler: [app.requireUser, requireClientType(MANAGER_CLIENT_TYPE)] };
  const wechat = wechatPayConfig(ctx.config.env);
  const channels = new Map<string, PaymentChannel>([['offline', offlineChannel]]);
  if (wechat) channels.set('wechat', wechatPayChannel(wechat));
  const alipay = alipayConfig(ctx.config.env);
  const alipayClient = alipay ? await alipaySdk(alipay) : null;
  if (alipay && alipayClient) channels.set('alipay', alipayChannel(alipay, alipayClient));

  app.get('/app/order/channels', signedIn, async () => ok([...channels.keys()]));
  app.get('/app/order/packages', signedIn, async (request) => ok(await packagesFor(ctx, currentUser(request).clientType)));
  app.post('/app/order/buy', { ...signedIn, schema: { body: BuyBody } }, async (request) => {
    const channel = channels.get(request.body.channel);
    if (!channel) throw badRequest('学校没有开通这种支付方式，请换一种');
    const user = currentUser(request);
    const order = await buy(ctx, { id: user.id, clientType: user.clientType }, request.body.packageId, channel, request.log);
    // How to pay offline is the server's own sentence (channels.ts), sent as data: put into the buyer's language.
    return ok(order.instructions ? { ...order, instructions: localizedName(request, order.instructions) } : order, '订单已创建');
  });
  app.get('/app/order/tradeNo', { ...signedIn, schema: { querystring: TradeNo } }, async (request) =>
    ok(await ownOrder(ctx, currentUser(request).id, request.query.tradeNo)),
  );
  app.get('/app/order/list', signedIn, async (request) => ok(await ownOrders(ctx, currentUser(request).id)));
  app.post('/app/order/close', { ...signedIn, schema: { body: TradeNo } }, async (request) =>
    ok(await closeOrder(ctx, request.body.tradeNo, currentUser(request).id), '订单已关闭'),
  );

  app.get('/course/order/packages', managers, async () => ok(await listPackages(ctx)));
  app.post('/course/order/packages', { ...managers, schema: { body: PackageBody } }, async (request) =>
    ok(await createPackage(ctx, request.body), '套餐已保存'),
  );
  app.put('/course/order/packages/:id', { ...managers, schema: { params: IdParams, body: PackageBody } }, async (request) =>
    ok(await updatePackage(ctx, request.params.id, request.body), '套餐已保存'),
  );
  app.get('/course/order/orders', { ...managers, schema: { querystring: StatusQuery } }, async (request) => ok(await allOrders(ctx, request.query.status)));
  app.post('/course/order/orders/:tradeNo/confirm', { ...managers, schema: { params: TradeNo } }, async (request) =>
    ok(await confirmOffline(ctx, currentUser(request).id, request.params.tradeNo), '已确认收款，额度已到账'),
  );
  app.post('/course/order/orders/:tradeNo/close', { ...managers, schema: { params: TradeNo } }, async (request) =>
    ok(await closeOrder(ctx, request.params.tradeNo, null), '订单已关闭'),
  );
  app.post('/course/order/orders/:tradeNo/refund', { ...managers, schema: { params: TradeNo } }, async (request) =>
    ok(await refundOrder(ctx, currentUser(request).id, request.params.tradeNo, (name) => channels.get(name), request.log), '已退款，额度已扣回'),
  );

  // Notifications are verified over the exact bytes sent: this plugin keeps JSON bodies raw.
  await app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    raw.post('/app/api/order/notify/wechat', async (request, reply) => {
      if (!wechat) return reply.code(404).send({ code: 'FAIL', message: 'WeChat Pay is not configured' });
      let paid;
      try {
        paid = readWechatNotification(wechat, request.headers, String(request.body ?? ''), ctx.now());
      } catch (error) {
        request.log.warn({ errMessage: (error as Error).message }, 'WeChat Pay notification refused');
        return reply.code(401).send({ code: 'FAIL', message: 'signature verification failed' });
      }
      if (paid) {
        const outcome = await markPaid(ctx, { tradeNo: paid.tradeNo, amountFen: paid.amountFen, channel: 'wechat', channelTradeNo: paid.transactionId });
        request.log.info({ tradeNo: paid.tradeNo, outcome }, 'WeChat Pay notification');
        if (outcome === 'mismatch' || outcome === 'unknown') return reply.code(400).send({ code: 'FAIL', message: `order ${outcome}` });
      }
      return reply.code(204).send();
    });

    // Alipay posts form fields and wants the word "success" back, else it retries.
    raw.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    raw.post('/app/api/order/notify/alipay', async (request, reply) => {
      reply.type('text/plain');
      if (!alipay || !alipayClient) return reply.code(404).send('fail');
      const fields = Object.fromEntries(new URLSearchParams(String(request.body ?? '')));
      let paid;
      try {
        paid = readAlipayNotification(alipay, alipayClient, fields);
      } catch (error) {
        request.log.warn({ errMessage: (error as Error).message }, 'Alipay notification refused');
        return reply.code(401).send('fail');
      }
      if (paid) {
        const outcome = await markPaid(ctx, { tradeNo: paid.tradeNo, amountFen: paid.amountFen, channel: 'alipay', channelTradeNo: paid.transactionId });
        request.log.info({ tradeNo: paid.tradeNo, outcome }, 'Alipay notification');
        if (outcome === 'mismatch' || outcome === 'unknown') return reply.code(400).send('fail');
      }
      return reply.code(200).send('success');
    });
  });
};
