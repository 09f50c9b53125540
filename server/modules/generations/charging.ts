// Settles or refunds a job's charge exactly once: the charge_state moves by
// compare-and-swap first, and only the caller that moved it calls the quota.
import type { ServerContext } from '../../context.js';
import { generationCharges } from './charges.js';
import { moveCharge } from './store.js';

export async function refundOnce(ctx: ServerContext, jobId: string): Promise<void> {
  const reference = await moveCharge(ctx.db, jobId, 'refunded');
  if (typeof reference === 'string') await generationCharges().refund(ctx, reference);
}

export async function settleOnce(ctx: ServerContext, jobId: string): Promise<void> {
  const reference = await moveCharge(ctx.db, jobId, 'settled');
  if (typeof reference === 'string') await generationCharges().settle(ctx, reference);
}
