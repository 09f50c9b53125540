// Redemption codes, relative to /new-chat. See docs/api/orders.md.
// Managers (client type 2):
//   POST /course/redemption-codes                 {count, credits, note?, expiresAt?} → {batchId, codes} (shown this once)
//   GET  /course/redemption-codes                 → BatchView[]
//   GET  /course/redemption-codes/{id}            → CodeView[] (last four characters, who redeemed, when)
//   GET  /course/redemption-codes/{id}/export?format=csv|xlsx   the codes, once, within 30 min of making them
//   POST /course/redemption-codes/{id}/disable
// Anyone signed in:
//   POST /app/order/redemption                    {code} → {credits, balance}
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { ModuleOptions } from '../../context.js';
import { currentUser, requireClientType } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { ApiError } from '../../http/errors.js';
import { MANAGER_CLIENT_TYPE } from '../account/index.js';
import { sendSheets } from '../evaluation/index.js';
import { ALREADY_YOURS_MESSAGE, batchCodes, createBatch, disableBatch, listBatches, MAX_CODES_PER_BATCH, redeemCode } from './redemption.js';
import { takeForDownload } from './redemption-exports.js';

const NewBatchBody = Type.Object(
  {
    count: Type.Integer({ title: '数量', minimum: 1, maximum: MAX_CODES_PER_BATCH }),
    credits: Type.Number({ title: '额度', exclusiveMinimum: 0, maximum: 100_000_000 }),
    note: Type.Optional(Type.String({ title: '备注', maxLength: 200 })),
    expiresAt: Type.Optional(Type.Union([Type.Integer({ title: '过期时间', minimum: 0 }), Type.Null()], { title: '过期时间' })),
  },
  { additionalProperties: false },
);
const BatchParams = Type.Object({ id: Type.String({ title: '批次', minLength: 1, maxLength: 64 }) });
const ExportQuery = Type.Object({ format: Type.Optional(Type.Union([Type.Literal('csv'), Type.Literal('xlsx')], { title: '格式' })) });
const RedeemBody = Type.Object({ code: Type.String({ title: '额度码', minLength: 1, maxLength: 64 }) });

export const redemptionRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const managers = { preHandler: [app.requireUser, requireClientType(MANAGER_CLIENT_TYPE)] };
  const base = '/course/redemption-codes';

  app.post(base, { ...managers, schema: { body: NewBatchBody } }, async (request) =>
    ok(await createBatch(ctx, currentUser(request).id, request.body), '额度码已生成，请立即下载保存：关闭后不再显示'),
  );
  app.get(base, managers, async () => ok(await listBatches(ctx)));
  app.get(`${base}/:id`, { ...managers, schema: { params: BatchParams } }, async (request) => ok(await batchCodes(ctx, request.params.id)));
  app.post(`${base}/:id/disable`, { ...managers, schema: { params: BatchParams } }, async (request) => {
    await disableBatch(ctx, request.params.id);
    return ok(await listBatches(ctx), '该批额度码已停用');
  });
  app.get(`${base}/:id/export`, { ...managers, schema: { params: BatchParams, querystring: ExportQuery } }, async (request, reply) => {
    const codes = takeForDownload(request.params.id, ctx.now());
    if (!codes) throw new ApiError(404, '额度码只能在生成后 30 分钟内下载一次，已下载或已过期');
    const name = `额度码-${request.params.id.slice(0, 6)}`;
    if (request.query.format === 'xlsx') return sendSheets(reply, name, [{ name: '额度码', headers: ['额度码'], rows: codes.map((c) => [c]), widths: [32] }]);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="codes.csv"; filename*=UTF-8''${encodeURIComponent(name)}.csv`)
      .header('cache-control', 'no-store')
      .send(`\uFEFFcode\r\n${codes.join('\r\n')}\r\n`);
  });

  app.post('/app/order/redemption', { preHandler: app.requireUser, schema: { body: RedeemBody } }, async (request) => {
    const redeemed = await redeemCode(ctx, currentUser(request).id, request.body.code, request.ip);
    return ok(redeemed, redeemed.alreadyYours ? ALREADY_YOURS_MESSAGE : '兑换成功');
  });
};
