// Image and video generations (server/modules/generations) pay through the
// quota: reserve units × the model's price when a job is accepted (refused
// with 600 at zero), charge it in full when the job succeeds, give it back
// when it fails or is cancelled. The generations queue calls each once.
// A person who is not limited gets no hold: the reference then carries the
// use, recorded when the job succeeds.
import type { ServerContext } from '../../context.js';
import type { GenerationCharges } from '../generations/index.js';
import { refundHold, reserveCredits, settle, settleHoldInFull, type CreditHold } from './holds.js';
import { isFreeModel, priceOf } from './prices.js';
import { quotaEnabled } from './switch.js';

/** Longer than any generation may run; the queue settles or refunds well before. */
const GENERATION_HOLD_TTL_MS = 6 * 3600 * 1000;
/** A reference without a hold: the person is not limited; it carries the use to record. */
const UNLIMITED = 'unlimited:';

export const quotaGenerationCharges: GenerationCharges = {
  async reserve(ctx: ServerContext, request) {
    if (!quotaEnabled(ctx) || isFreeModel(request.model)) return null;
    const price = await priceOf(ctx.db, request.model);
    const each = request.kind === 'video' ? price.perSecond : price.perImage;
    const amount = Math.ceil(each * request.units);
    const hold = await reserveCredits(
      ctx.db,
      { userId: request.ownerId, amount, kind: request.kind, model: request.model, refId: request.jobId, ttlMs: GENERATION_HOLD_TTL_MS },
      ctx.now(),
    );
    if (hold.id === null) return UNLIMITED + Buffer.from(JSON.stringify({ ...hold, amount })).toString('base64url');
    return hold.id;
  },
  async settle(ctx, reference) {
    if (!reference.startsWith(UNLIMITED)) return settleHoldInFull(ctx.db, reference, ctx.now());
    const hold = JSON.parse(Buffer.from(reference.slice(UNLIMITED.length), 'base64url').toString('utf8')) as CreditHold;
    await settle(ctx.db, hold, { cost: hold.amount }, ctx.now());
  },
  async refund(ctx, reference) {
    if (!reference.startsWith(UNLIMITED)) await refundHold(ctx.db, reference, ctx.now());
  },
};
