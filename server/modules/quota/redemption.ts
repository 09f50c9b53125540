// Batches of redemption codes (managers) and redeeming one (anyone signed in).
// A code is redeemed at most once: the code row is claimed by a conditional
// update inside the transaction that credits the balance, so two redemptions
// at the same instant credit once. Wrong tries are counted before the code is
// looked at (attempt-limiter.ts), per person and per address.
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import { badRequest, notFound, tooMany, waitText } from '../../http/errors.js';
import { attemptLimiterFor, type AttemptLimiter } from '../account/index.js';
import { addExtra, balanceOf, ensureAccount } from './accounts.js';
import { writeLedger } from './ledger.js';
import { hashCode, hintOf, newRedemptionCode, normaliseCode } from './redemption-codes.js';
import { downloadable, keepForDownload } from './redemption-exports.js';
import { toCredits, toMilli } from './units.js';

export const MAX_CODES_PER_BATCH = 5_000;
const WRONG_TRIES_WINDOW_MS = 15 * 60 * 1000;
/** Wrong tries allowed per person and per address in the window. */
const WRONG_TRIES_PER_PERSON = 10;
const WRONG_TRIES_PER_ADDRESS = 100;
/** One limiter per app (in Redis when the instances share it, so wrong tries count once across them). */
const wrongTriesOf = new WeakMap<ServerContext, AttemptLimiter>();
function wrongTries(ctx: ServerContext): AttemptLimiter {
  let limiter = wrongTriesOf.get(ctx);
  if (!limiter) wrongTriesOf.set(ctx, (limiter = attemptLimiterFor(ctx.coordination, 'redeem', WRONG_TRIES_WINDOW_MS)));
  return limiter;
}

export interface NewBatch {
  count: number;
  credits: number;
  note?: string;
  expiresAt?: number | null;
}

export async function createBatch(ctx: ServerContext, actorId: string, input: NewBatch): Promise<{ batchId: string; codes: string[] }> {
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > MAX_CODES_PER_BATCH)
    throw badRequest(`一次可生成 1 到 ${MAX_CODES_PER_BATCH} 个额度码`);
  if (!(input.credits > 0)) throw badRequest('每个额度码的额度必须大于 0');
  const now = ctx.now();
  if (input.expiresAt != null && input.expiresAt <= now) throw badRequest('过期时间必须晚于现在');
  const batchId = newId();
  const codes = Array.from({ length: input.count }, newRedemptionCode);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('redemption_batches')
      .values({
        id: batchId,
        note: input.note?.trim() ?? '',
        credits: toMilli(input.credits),
        package_id: null,
        count: input.count,
        expires_at: input.expiresAt ?? null,
        disabled_at: null,
        created_by: actorId,
        created_at: now,
      })
      .execute();
    const rows = codes.map((code) => {
      const normalised = normaliseCode(code)!;
      return { code_hash: hashCode(normalised), batch_id: batchId, hint: hintOf(normalised), redeemed_by: null, redeemed_at: null };
    });
    // Chunks keep each statement under the parameter limits of both databases.
    for (let i = 0; i < rows.length; i += 500)
      await trx
        .insertInto('redemption_codes')
        .values(rows.slice(i, i + 500))
        .execute();
  });
  keepForDownload(batchId, codes, now);
  return { batchId, codes };
}

export interface BatchView {
  id: string;
  note: string;
  credits: number;
  count: number;
  used: number;
  expiresAt: number | null;
  disabled: boolean;
  createdAt: number;
  createdBy: string;
  /** The codes can still be downloaded (once, shortly after the batch was made). */
  downloadable: boolean;
}

export async function listBatches(ctx: ServerContext): Promise<BatchView[]> {
  const rows = await ctx.db
    .selectFrom('redemption_batches as b')
    .leftJoin('users as u', 'u.id', 'b.created_by')
    .select((eb) => [
      'b.id',
      'b.note',
      'b.credits',
      'b.count',
      'b.expires_at',
      'b.disabled_at',
      'b.created_at',
      'u.username',
      eb
        .selectFrom('redemption_codes as c')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('c.batch_id', '=', 'b.id')
        .where('c.redeemed_by', 'is not', null)
        .as('used'),
    ])
    .orderBy('b.created_at', 'desc')
    .execute();
  const now = ctx.now();
  return rows.map((r) => ({
    id: r.id,
    note: r.note,
    credits: toCredits(Number(r.credits)),
    count: r.count,
    used: Number(r.used ?? 0),
    expiresAt: r.expires_at === null ? null : Number(r.expires_at),
    disabled: r.disabled_at !== null,
    createdAt: Number(r.created_at),
    createdBy: r.username ?? '',
    downloadable: downloadable(r.id, now),
  }));
}

export interface CodeView {
  hint: string;
  redeemedBy: string | null;
  redeemedByName: string | null;
  redeemedAt: number | null;
}

export async function batchCodes(ctx: ServerContext, batchId: string): Promise<CodeView[]> {
  await requireBatch(ctx, batchId);
  const rows = await ctx.db
    .selectFrom('redemption_codes as c')
    .leftJoin('users as u', 'u.id', 'c.redeemed_by')
    .select(['c.hint', 'c.redeemed_at', 'u.username', 'u.name'])
    .where('c.batch_id', '=', batchId)
    .orderBy('c.redeemed_at', 'desc')
    .orderBy('c.hint')
    .execute();
  return rows.map((r) => ({ hint: r.hint, redeemedBy: r.username, redeemedByName: r.name, redeemedAt: r.redeemed_at === null ? null : Number(r.redeemed_at) }));
}

async function requireBatch(ctx: ServerContext, batchId: string) {
  const batch = await ctx.db.selectFrom('redemption_batches').selectAll().where('id', '=', batchId).executeTakeFirst();
  if (!batch) throw notFound('额度码批次不存在');
  return batch;
}

export async function disableBatch(ctx: ServerContext, batchId: string): Promise<void> {
  await requireBatch(ctx, batchId);
  await ctx.db.updateTable('redemption_batches').set({ disabled_at: ctx.now() }).where('id', '=', batchId).where('disabled_at', 'is', null).execute();
}

export const UNKNOWN_CODE_MESSAGE = '额度码无效，请检查后重新输入';
export const USED_CODE_MESSAGE = '该额度码已被使用';
export const EXPIRED_CODE_MESSAGE = '该额度码已过期';
export const DISABLED_CODE_MESSAGE = '该额度码已停用';

export const ALREADY_YOURS_MESSAGE = '该额度码已由你兑换，额度已到账';

export interface Redemption {
  credits: number;
  balance: number;
  /** The code was redeemed by this person before (a retry after a lost reply): nothing added again. */
  alreadyYours: boolean;
}

export async function redeemCode(ctx: ServerContext, userId: string, typed: string, ip: string): Promise<Redemption> {
  const now = ctx.now();
  const attempt = await wrongTries(ctx).reserve(
    [
      { key: `user:${userId}`, limit: WRONG_TRIES_PER_PERSON },
      { key: `ip:${ip}`, limit: WRONG_TRIES_PER_ADDRESS },
    ],
    now,
  );
  if (attempt.retryAfterSeconds > 0) throw tooMany(`输错额度码的次数过多，请 ${waitText(attempt.retryAfterSeconds)}后再试`, attempt.retryAfterSeconds);
  const normalised = normaliseCode(typed);
  if (!normalised) throw badRequest(UNKNOWN_CODE_MESSAGE);
  const codeHash = hashCode(normalised);
  const found = await ctx.db
    .selectFrom('redemption_codes as c')
    .innerJoin('redemption_batches as b', 'b.id', 'c.batch_id')
    .select(['c.redeemed_by', 'b.id as batchId', 'b.credits', 'b.expires_at', 'b.disabled_at'])
    .where('c.code_hash', '=', codeHash)
    .executeTakeFirst();
  if (!found) throw badRequest(UNKNOWN_CODE_MESSAGE);
  const theirs = async (): Promise<Redemption> => {
    // A retry of the person's own redemption (the reply was lost) is no wrong try.
    attempt.release();
    const account = await ensureAccount(ctx.db, userId, now);
    return { credits: toCredits(Number(found.credits)), balance: toCredits(balanceOf(account)), alreadyYours: true };
  };
  if (found.redeemed_by === userId) return theirs();
  if (found.redeemed_by !== null) throw badRequest(USED_CODE_MESSAGE);
  if (found.disabled_at !== null) throw badRequest(DISABLED_CODE_MESSAGE);
  if (found.expires_at !== null && Number(found.expires_at) <= now) throw badRequest(EXPIRED_CODE_MESSAGE);
  const credits = Number(found.credits);
  const claimed = await ctx.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('redemption_codes')
      .set({ redeemed_by: userId, redeemed_at: now })
      .where('code_hash', '=', codeHash)
      .where('redeemed_by', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await addExtra(trx, userId, credits, now);
    await writeLedger(trx, { userId, kind: 'redeem', delta: credits, refId: found.batchId, note: hintOf(normalised) }, now);
    return true;
  });
  if (!claimed) {
    // Claimed between the look-up and now: by this person (a double submit) it is theirs, by anyone else it is used.
    const owner = await ctx.db.selectFrom('redemption_codes').select('redeemed_by').where('code_hash', '=', codeHash).executeTakeFirst();
    if (owner?.redeemed_by === userId) return theirs();
    throw badRequest(USED_CODE_MESSAGE);
  }
  attempt.release();
  const account = await ensureAccount(ctx.db, userId, now);
  return { credits: toCredits(credits), balance: toCredits(balanceOf(account)), alreadyYours: false };
}
