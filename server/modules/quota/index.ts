// The quota area's public face for other modules: set credits aside before a
// paid AI call, charge the use when it is known, or give them back.
//
//   const hold = await reserveCredits(ctx.db, { userId, amount, kind: 'image', model }, ctx.now()); // throws 600 at zero
//   ... call the provider ...
//   await settle(ctx.db, hold, { cost }, ctx.now());   // or: await refund(ctx.db, hold, ctx.now());
//
// Amounts are millicredits; priceOf(db, model) gives a model's prices
// (perImage, perSecond, per 1k tokens), imageCost/videoCost the usual sums.
// Holds are settled or refunded exactly once; one left open past its ttl is
// refunded by the sweeper.
import type { ServerContext } from '../../context.js';
import { quotaEnabled } from './switch.js';
import { refund, reserveCredits, settle, type CreditHold, type ReserveInput, type UseRecord } from './holds.js';
import { isFreeModel, priceOf, type ModelPrice } from './prices.js';

export { QUOTA_EXHAUSTED_CODE, QUOTA_EXHAUSTED_MESSAGE, quotaExhausted, refund, reserveCredits, settle } from './holds.js';
export type { CreditHold, ReserveInput, UseRecord } from './holds.js';
export { chatCost, isFreeModel, priceOf } from './prices.js';
export type { ModelPrice } from './prices.js';
export { quotaEnabled } from './switch.js';
export { MILLI, toCredits, toMilli } from './units.js';

export function imageCost(price: ModelPrice, images: number): number {
  return price.perImage * images;
}

export function videoCost(price: ModelPrice, seconds: number): number {
  return Math.ceil(price.perSecond * seconds);
}

/**
 * For a generation (image, video): reserves what `cost(price)` says, or
 * nothing when metering is off or the model is free. Returns undefined then;
 * pass the result to `settleGeneration` / `refundGeneration`.
 */
export async function reserveForGeneration(
  ctx: ServerContext,
  input: Omit<ReserveInput, 'amount' | 'model'> & { model: string; cost: (price: ModelPrice) => number },
): Promise<CreditHold | undefined> {
  if (!quotaEnabled(ctx) || isFreeModel(input.model)) return undefined;
  const price = await priceOf(ctx.db, input.model);
  const { cost, ...rest } = input;
  return reserveCredits(ctx.db, { ...rest, amount: cost(price) }, ctx.now());
}

export async function settleGeneration(ctx: ServerContext, hold: CreditHold | undefined, use: UseRecord): Promise<void> {
  if (hold) await settle(ctx.db, hold, use, ctx.now());
}

export async function refundGeneration(ctx: ServerContext, hold: CreditHold | undefined): Promise<void> {
  if (hold) await refund(ctx.db, hold, ctx.now());
}
export {
  chargeChat,
  chargeChatWithin,
  type ChatCreditHold,
  checkChatCredits,
  holdChatCredits,
  promptTokensOf,
  releaseChatCredits,
  tokensOfUse,
} from './chat-metering.js';
// What orders (redemption) use: top up a person's extra credits and write the ledger line.
export { addExtra } from './accounts.js';
export { writeLedger } from './ledger.js';
