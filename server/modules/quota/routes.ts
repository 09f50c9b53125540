// Quota calls, relative to /new-chat. See docs/api/orders.md.
//   GET    /app/user/quota                       → {balance, used, limited, allowance, allowanceLeft, extra}
//   GET    /app/user/quota/history?page&pageSize → {list, total}
// Managers (client type 2):
//   GET    /course/quota/allowances              → AllowanceView[]
//   PUT    /course/quota/allowances              {scope: user|class|client, targetId, credits}
//   DELETE /course/quota/allowances?scope&targetId
//   GET    /course/quota/classes                 → [{id, name}] (what a class allowance can name)
//   GET    /course/quota/prices                  → {prices, fallback, models}
//   PUT    /course/quota/prices                  {model | '*', inputPer1k, outputPer1k, perImage?, perSecond?}
//   DELETE /course/quota/prices/{model}
//   POST   /course/quota/grants                  {userId (id or username), credits (+ grant, − take), note?}
//   GET    /course/quota/person?username         → that person's quota
//   GET    /course/quota/usage?by=person|class|model&from&to
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ModuleOptions } from '../../context.js';
import { everyOnOneInstance } from '../../coordination/index.js';
import { currentUser, requireClientType } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { notFound } from '../../http/errors.js';
import { MANAGER_CLIENT_TYPE } from '../account/index.js';
import { setGenerationCharges } from '../generations/index.js';
import { quotaGenerationCharges } from './generation-charges.js';
import { refundExpiredHolds } from './holds.js';
import { FALLBACK_PRICE, listPrices, removePrice, savePrice, type ModelPrice } from './prices.js';
import { AllowanceBody, AllowanceQuery, GrantBody, ModelParams, PageQuery, PersonQuery, PriceBody, UsageQuery } from './schemas.js';
import { allowanceClasses, grantCredits, historyOf, listAllowances, personQuota, quotaOf, removeAllowance, setAllowance, usage } from './service.js';
import { toCredits, toMilli } from './units.js';

const SWEEP_EVERY_MS = 60_000;

// Image and video generations pay through the quota. Set when this module
// loads (once per process, like the generation kinds), so a test that plugs
// in its own charges afterwards keeps them.
setGenerationCharges(quotaGenerationCharges);

function priceView(p: Omit<ModelPrice, 'model'> & { model?: string }) {
  return {
    model: p.model,
    inputPer1k: toCredits(p.inputPer1k),
    outputPer1k: toCredits(p.outputPer1k),
    perImage: toCredits(p.perImage),
    perSecond: toCredits(p.perSecond),
  };
}

export const quotaRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const signedIn = { preHandler: app.requireUser };
  const managers = { preHandler: [app.requireUser, requireClientType(MANAGER_CLIENT_TYPE)] };

  // Holds of a process that died are refunded once they expire.
  let stopSweeps = () => {};
  app.addHook('onReady', async () => {
    const onError = (error: unknown) => app.log.error({ err: error }, 'refunding expired credit holds failed');
    await refundExpiredHolds(ctx.db, ctx.now()).catch(onError);
    // Then on one instance at a time.
    stopSweeps = everyOnOneInstance(ctx.coordination, { name: 'quota-holds', everyMs: SWEEP_EVERY_MS, onError }, () => refundExpiredHolds(ctx.db, ctx.now()));
  });
  app.addHook('onClose', async () => stopSweeps());

  app.get('/app/user/quota', signedIn, async (request) => ok(await quotaOf(ctx, currentUser(request).id)));
  app.get('/app/user/quota/history', { ...signedIn, schema: { querystring: PageQuery } }, async (request) =>
    ok(await historyOf(ctx, currentUser(request).id, request.query.page ?? 1, request.query.pageSize ?? 20)),
  );

  app.get('/course/quota/allowances', managers, async () => ok(await listAllowances(ctx)));
  app.get('/course/quota/classes', managers, async () => ok(await allowanceClasses(ctx)));
  app.put('/course/quota/allowances', { ...managers, schema: { body: AllowanceBody } }, async (request) => {
    const { scope, targetId, credits } = request.body;
    await setAllowance(ctx, currentUser(request).id, scope, targetId, credits);
    return ok(await listAllowances(ctx), '额度已保存');
  });
  app.delete('/course/quota/allowances', { ...managers, schema: { querystring: AllowanceQuery } }, async (request) => {
    await removeAllowance(ctx, request.query.scope, request.query.targetId);
    return ok(await listAllowances(ctx), '额度设置已删除');
  });

  app.get('/course/quota/prices', managers, async () =>
    ok({
      prices: (await listPrices(ctx.db)).map(priceView),
      fallback: priceView(FALLBACK_PRICE),
      models: ctx.ai.publicModels().map((m) => ({ name: m.name, builtin: m.builtin })),
    }),
  );
  app.put('/course/quota/prices', { ...managers, schema: { body: PriceBody } }, async (request) => {
    const b = request.body;
    const known = b.model === '*' || ctx.ai.publicModels().some((m) => m.name === b.model);
    if (!known) throw notFound('没有这个模型，请从模型列表中选择');
    await savePrice(
      ctx.db,
      {
        model: b.model,
        inputPer1k: toMilli(b.inputPer1k),
        outputPer1k: toMilli(b.outputPer1k),
        perImage: toMilli(b.perImage ?? 0),
        perSecond: toMilli(b.perSecond ?? 0),
      },
      ctx.now(),
    );
    return ok((await listPrices(ctx.db)).map(priceView), '价格已保存');
  });
  app.delete('/course/quota/prices/:model', { ...managers, schema: { params: ModelParams } }, async (request) => {
    await removePrice(ctx.db, request.params.model);
    return ok((await listPrices(ctx.db)).map(priceView), '价格已删除');
  });

  app.post('/course/quota/grants', { ...managers, schema: { body: GrantBody } }, async (request) => {
    const { userId, credits, note } = request.body;
    return ok(await grantCredits(ctx, currentUser(request).id, userId, credits, note?.trim() ?? ''), credits > 0 ? '额度已增加' : '额度已扣除');
  });
  app.get('/course/quota/person', { ...managers, schema: { querystring: PersonQuery } }, async (request) => ok(await personQuota(ctx, request.query.username)));
  app.get('/course/quota/usage', { ...managers, schema: { querystring: UsageQuery } }, async (request) =>
    ok(await usage(ctx, request.query.by, request.query.from, request.query.to)),
  );
};
