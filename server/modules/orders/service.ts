// Orders: created pending with a tradeNo, paid exactly once (a conditional
// update from 'pending' credits the buyer in the same transaction, so a
// notification replayed or arriving twice credits once), closed unpaid by
// the buyer or a manager, refunded by managers. Money that arrives for a
// closed order (a QR code paid after all) still credits the buyer.
import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context.js';
import type { ClientType } from '../../db/schema.js';
import type { OrderStatus } from '../../db/tables/quota.js';
import { ApiError, badRequest, notFound } from '../../http/errors.js';
import { addExtra, toCredits, writeLedger } from '../quota/index.js';
import type { PaymentChannel } from './channels.js';
import { requirePackage } from './packages.js';

export interface OrderView {
  tradeNo: string;
  packageId: string;
  name: string;
  credits: number;
  /** CNY */
  amount: number;
  channel: string;
  status: OrderStatus;
  codeUrl: string | null;
  payUrl: string | null;
  createdAt: number;
  paidAt: number | null;
  refundedAt: number | null;
  buyer?: string;
}

type Row = {
  trade_no: string;
  package_id: string;
  name: string;
  credits: number;
  amount_fen: number;
  channel: string;
  status: OrderStatus;
  pay_url: string | null;
  created_at: number;
  paid_at: number | null;
  refunded_at: number | null;
};

function view(r: Row, buyer?: string): OrderView {
  return {
    tradeNo: r.trade_no,
    packageId: r.package_id,
    name: r.name,
    credits: toCredits(Number(r.credits)),
    amount: r.amount_fen / 100,
    channel: r.channel,
    status: r.status,
    codeUrl: r.channel === 'wechat' ? r.pay_url : null,
    payUrl: r.channel === 'alipay' ? r.pay_url : null,
    createdAt: Number(r.created_at),
    paidAt: r.paid_at === null ? null : Number(r.paid_at),
    refundedAt: r.refunded_at === null ? null : Number(r.refunded_at),
    ...(buyer !== undefined ? { buyer } : {}),
  };
}

/** ZX + yyyyMMddHHmmss (China time) + 6 random digits: 22 characters, what both channels accept. */
function newTradeNo(now: number): string {
  const stamp = new Date(now + 8 * 3600_000).toISOString().replace(/\D/gu, '').slice(0, 14);
  return `ZX${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export async function buy(
  ctx: ServerContext,
  buyer: { id: string; clientType: ClientType },
  packageId: string,
  channel: PaymentChannel,
  log: FastifyBaseLogger,
): Promise<OrderView & { instructions?: string }> {
  const pkg = await requirePackage(ctx, packageId).catch(() => undefined);
  // A package this person may not buy is as good as absent.
  if (!pkg || !pkg.active || !pkg.clientTypes.includes(buyer.clientType)) throw notFound('套餐不存在');
  const now = ctx.now();
  const tradeNo = newTradeNo(now);
  const row = await ctx.db.selectFrom('order_packages').select(['credits', 'price_fen', 'name']).where('id', '=', packageId).executeTakeFirstOrThrow();
  const started = await channel.start({ tradeNo, description: row.name, amountFen: row.price_fen }, log);
  const order: Row = {
    trade_no: tradeNo,
    package_id: packageId,
    name: row.name,
    credits: Number(row.credits),
    amount_fen: row.price_fen,
    channel: channel.name,
    status: 'pending',
    pay_url: started.codeUrl ?? started.payUrl ?? null,
    created_at: now,
    paid_at: null,
    refunded_at: null,
  };
  await ctx.db
    .insertInto('orders')
    .values({ ...order, user_id: buyer.id, channel_trade_no: null, confirmed_by: null })
    .execute();
  return { ...view(order), ...(started.instructions ? { instructions: started.instructions } : {}) };
}

export async function ownOrder(ctx: ServerContext, userId: string, tradeNo: string): Promise<OrderView> {
  const row = await ctx.db.selectFrom('orders').selectAll().where('trade_no', '=', tradeNo).executeTakeFirst();
  if (!row || row.user_id !== userId) throw notFound('订单不存在');
  return view(row);
}

export async function ownOrders(ctx: ServerContext, userId: string): Promise<OrderView[]> {
  return (await ctx.db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').limit(100).execute()).map((r) => view(r));
}

export async function allOrders(ctx: ServerContext, status?: OrderStatus): Promise<OrderView[]> {
  let q = ctx.db.selectFrom('orders').innerJoin('users', 'users.id', 'orders.user_id').selectAll('orders').select('users.username');
  if (status) q = q.where('orders.status', '=', status);
  return (await q.orderBy('orders.created_at', 'desc').limit(500).execute()).map((r) => view(r, r.username));
}

export type PaidOutcome = 'credited' | 'already' | 'mismatch' | 'unknown';

/** States an order may be paid from: a closed order paid at the channel anyway is credited, never lost. */
const PAYABLE: OrderStatus[] = ['pending', 'closed'];

/**
 * Marks an order paid and credits the buyer, exactly once. The amount must
 * match the order's; a second call (a replayed notification) changes nothing.
 */
export async function markPaid(
  ctx: ServerContext,
  input: { tradeNo: string; amountFen: number; channel: string; channelTradeNo?: string | null; confirmedBy?: string | null },
): Promise<PaidOutcome> {
  const order = await ctx.db.selectFrom('orders').selectAll().where('trade_no', '=', input.tradeNo).executeTakeFirst();
  if (!order || order.channel !== input.channel) return 'unknown';
  if (order.amount_fen !== input.amountFen) return 'mismatch';
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('orders')
      .set({ status: 'paid', paid_at: now, channel_trade_no: input.channelTradeNo ?? null, confirmed_by: input.confirmedBy ?? null })
      .where('trade_no', '=', input.tradeNo)
      .where('status', 'in', PAYABLE)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return 'already' as const;
    await addExtra(trx, order.user_id, Number(order.credits), now);
    await writeLedger(
      trx,
      { userId: order.user_id, kind: 'order', delta: Number(order.credits), refId: order.trade_no, note: order.name, actorId: input.confirmedBy ?? null },
      now,
    );
    return 'credited' as const;
  });
}

export async function confirmOffline(ctx: ServerContext, managerId: string, tradeNo: string): Promise<OrderView> {
  const order = await ctx.db.selectFrom('orders').selectAll().where('trade_no', '=', tradeNo).executeTakeFirst();
  if (!order) throw notFound('订单不存在');
  if (order.channel !== 'offline') throw badRequest('只有线下转账的订单需要人工确认');
  const outcome = await markPaid(ctx, { tradeNo, amountFen: order.amount_fen, channel: 'offline', confirmedBy: managerId });
  if (outcome !== 'credited') throw badRequest('该订单不是待支付状态');
  return view(await ctx.db.selectFrom('orders').selectAll().where('trade_no', '=', tradeNo).executeTakeFirstOrThrow());
}

/**
 * Closes an order nobody is going to pay (picked by mistake, or left
 * waiting): the buyer closes their own (another's is 404), a manager any.
 */
export async function closeOrder(ctx: ServerContext, tradeNo: string, buyerId: string | null): Promise<OrderView> {
  const order = await ctx.db.selectFrom('orders').selectAll().where('trade_no', '=', tradeNo).executeTakeFirst();
  if (!order || (buyerId !== null && order.user_id !== buyerId)) throw notFound('订单不存在');
  const moved = await ctx.db.updateTable('orders').set({ status: 'closed' }).where('trade_no', '=', tradeNo).where('status', '=', 'pending').executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw badRequest('该订单不是待支付状态');
  return view({ ...order, status: 'closed' });
}

/**
 * Refunds a paid order: the channel pays the money back first (its refund
 * number is derived from the tradeNo, so a refund asked twice is one refund
 * there), then the credits are taken back (the balance may go below zero if
 * they were used).
 */
export async function refundOrder(
  ctx: ServerContext,
  managerId: string,
  tradeNo: string,
  channelOf: (name: string) => PaymentChannel | undefined,
  log: FastifyBaseLogger,
): Promise<OrderView> {
  const order = await ctx.db.selectFrom('orders').selectAll().where('trade_no', '=', tradeNo).executeTakeFirst();
  if (!order) throw notFound('订单不存在');
  if (order.status !== 'paid') throw badRequest('只有已支付的订单可以退款');
  const channel = channelOf(order.channel);
  if (order.channel !== 'offline' && !channel?.refund) throw badRequest('这种支付方式已不再开通，无法原路退款');
  if (channel?.refund) {
    try {
      await channel.refund({ tradeNo, amountFen: order.amount_fen, channelTradeNo: order.channel_trade_no });
    } catch (error) {
      log.warn({ tradeNo, errMessage: (error as Error).message }, 'refund refused by the payment channel');
      throw new ApiError(502, '支付平台没有接受退款，请稍后再试', {}, 500);
    }
  }
  const now = ctx.now();
  const done = await ctx.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('orders')
      .set({ status: 'refunded', refunded_at: now })
      .where('trade_no', '=', tradeNo)
      .where('status', '=', 'paid')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    await addExtra(trx, order.user_id, -Number(order.credits), now);
    await writeLedger(trx, { userId: order.user_id, kind: 'refund', delta: -Number(order.credits), refId: tradeNo, note: order.name, actorId: managerId }, now);
    return true;
  });
  if (!done) throw badRequest('只有已支付的订单可以退款');
  return view({ ...order, status: 'refunded', refunded_at: now });
}
