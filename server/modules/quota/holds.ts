// Reserve, then settle: credits are set aside before any provider is asked
// (refused at zero with code 600), and the use is charged once it is known.
// Each hold is settled or refunded exactly once: the hold row's status moves
// from 'held' by a conditional update, and only the caller that moved it
// touches the balance. A hold whose process died is refunded by the sweeper
// once it expires.
import { sql, type Kysely } from 'kysely';
import { ownTransactions, type GroupCommit } from '../../db/group-commit.js';
import { newId } from '../../db/ids.js';
import { precompiled, precompiledInsert } from '../../db/precompiled.js';
import type { Database } from '../../db/schema.js';
import { ApiError } from '../../http/errors.js';
import { balanceOf, ensureAccount, readAccount, type QuotaAccount } from './accounts.js';
import { writeLedger } from './ledger.js';

type Db = Kysely<Database>;

/** SPEC §8 code 600: the front end shows msg as an error. HTTP 402 underneath. */
export const QUOTA_EXHAUSTED_CODE = 600;
export const QUOTA_EXHAUSTED_MESSAGE = 'AI 额度已用完：请在“个人中心 → 额度”兑换额度码或购买套餐，或请老师为你增加额度';

export function quotaExhausted(): ApiError {
  return new ApiError(402, QUOTA_EXHAUSTED_MESSAGE, {}, QUOTA_EXHAUSTED_CODE);
}

/** Code 600 too: what is left does not pay for the question itself (its prompt and the chat's earlier turns). */
export const QUOTA_SHORT_MESSAGE = '剩余 AI 额度不足以回答这个问题：请缩短问题或关闭上下文后重试，或兑换额度码、购买套餐，或请老师为你增加额度';

export function quotaTooShort(): ApiError {
  return new ApiError(402, QUOTA_SHORT_MESSAGE, {}, QUOTA_EXHAUSTED_CODE);
}

export interface CreditHold {
  /** null: nothing was set aside (the person is not limited, or the use is free); settle still records the use. */
  id: string | null;
  userId: string;
  kind: string;
  model: string | null;
  refId: string | null;
  /** What was set aside (for `upToBalance` holds, what the balance allowed). */
  amount: number;
  /** The use is never charged more than was set aside (holds taken `upToBalance`): the balance stays at or above zero. */
  capped?: boolean;
}

export interface ReserveInput {
  userId: string;
  /** Millicredits to set aside; the use may end up costing more or less. */
  amount: number;
  /** chat, image, video, ... (the ledger's kind) */
  kind: string;
  model?: string | null;
  refId?: string | null;
  /** How long the hold may stay open before the sweeper refunds it. */
  ttlMs?: number;
  /**
   * Set aside at most what is left (never below zero, never more than the
   * lasting credits hold), and charge the use no more than that: for uses
   * the caller can cap to what it was given (a chat answer's max tokens).
   */
  upToBalance?: boolean;
  /**
   * The person's account as the caller ensured it a moment ago for this
   * same use (checkChatCredits): the first attempt starts from it instead of
   * reading it again. The hold still reads the balance under its lock, and
   * a month that turned over in between sends it back to a fresh read.
   */
  checked?: CheckedAccount;
}

/** What a hold needs of an ensured account (accounts.ts ensureAccount): its month and whether it is limited. */
export type CheckedAccount = Pick<QuotaAccount, 'userId' | 'period' | 'allowance'>;

export const DEFAULT_HOLD_TTL_MS = 30 * 60 * 1000;

// A limited person's every question takes a hold: built once (server/db/precompiled.ts).
const lockAccount = precompiled((db, slot) =>
  db
    .updateTable('quota_accounts')
    .set({ updated_at: slot<number>(0) })
    .where('user_id', '=', slot<string>(1))
    .where('period', '=', slot<string>(2))
    // Says whether the row was this month's (precompiled runs give rows, not counts).
    .returning('user_id'),
);
const takeFromAccount = precompiled((db, slot) =>
  db
    .updateTable('quota_accounts')
    .set({ allowance_left: slot<number>(0), extra: slot<number>(1) })
    .where('user_id', '=', slot<string>(2)),
);
const insertHold = precompiledInsert('quota_holds');

/**
 * Sets credits aside, or throws the 600 refusal when the balance is at or
 * below zero. Takes from this month's allowance first, then from the lasting
 * credits. A hold taken `upToBalance` takes no more than is left; any other
 * may take the balance below zero (the use then finishes and the next one is
 * refused). `writer` runs the hold's write: its own transaction unless the
 * caller shares one (the chat path groups it with other questions' writes
 * on SQLite); the write touches nothing but its transaction and may run
 * again if a neighbour in a group fails.
 */
export async function reserveCredits(db: Db, input: ReserveInput, now: number, writer: GroupCommit = ownTransactions(db)): Promise<CreditHold> {
  const base: CreditHold = { userId: input.userId, kind: input.kind, model: input.model ?? null, refId: input.refId ?? null, amount: input.amount, id: null };
  // The balance row is locked for the transaction and read under the lock, so holds taken at once
  // queue behind each other instead of racing (a compare-and-set loop could lose every round to
  // answers being held and charged around it, and the completion answered 500). The loop only
  // repeats when the month turned over between ensureAccount and the lock.
  for (let attempt = 0; attempt < 5; attempt++) {
    const { period, allowance } = attempt === 0 && input.checked?.userId === input.userId ? input.checked : await ensureAccount(db, input.userId, now);
    if (allowance === null) return { ...base, id: null };
    const id = newId();
    const taken = await writer.run(async (trx) => {
      if ((await lockAccount(trx, now, input.userId, period)).length !== 1) return { outcome: 'retry' as const };
      const account = await readAccount(trx, input.userId);
      if (!account || account.allowance === null) return { outcome: 'unlimited' as const };
      // Said, not thrown: a refusal must not fail the writes it shares a transaction with.
      if (balanceOf(account) <= 0) return { outcome: 'exhausted' as const };
      const amount = input.upToBalance ? Math.min(input.amount, balanceOf(account)) : input.amount;
      const fromAllowance = Math.max(0, Math.min(amount, account.allowanceLeft));
      const fromExtra = amount - fromAllowance;
      await takeFromAccount(trx, account.allowanceLeft - fromAllowance, account.extra - fromExtra, input.userId);
      await insertHold(trx, [
        {
          id,
          user_id: input.userId,
          kind: input.kind,
          model: base.model,
          ref_id: base.refId,
          period,
          from_allowance: fromAllowance,
          from_extra: fromExtra,
          status: 'held',
          expires_at: now + (input.ttlMs ?? DEFAULT_HOLD_TTL_MS),
          created_at: now,
        },
      ]);
      return { outcome: 'held' as const, amount };
    });
    if (taken.outcome === 'exhausted') throw quotaExhausted();
    if (taken.outcome === 'unlimited') return { ...base, id: null };
    if (taken.outcome === 'held') return { ...base, id, amount: taken.amount, ...(input.upToBalance ? { capped: true } : {}) };
  }
  throw new Error(`could not reserve credits for ${input.userId}: the month turned over repeatedly`);
}

export interface UseRecord {
  /** What the use cost, in millicredits. */
  cost: number;
  promptTokens?: number;
  completionTokens?: number;
  note?: string;
}

/** Moves a hold out of 'held'; true only for the one caller that did. */
async function closeHold(trx: Db, id: string, status: 'settled' | 'refunded'): Promise<{ period: string; fromAllowance: number; fromExtra: number } | null> {
  const row = await trx.selectFrom('quota_holds').select(['period', 'from_allowance', 'from_extra']).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const moved = await trx.updateTable('quota_holds').set({ status }).where('id', '=', id).where('status', '=', 'held').executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return null;
  return { period: row.period, fromAllowance: Number(row.from_allowance), fromExtra: Number(row.from_extra) };
}

/** Gives back `back` millicredits of a hold: to the lasting credits first, then to the allowance (only in the month it came from). */
async function giveBack(trx: Db, userId: string, hold: { period: string; fromAllowance: number; fromExtra: number }, back: number, used: number, now: number) {
  const toExtra = back >= 0 ? Math.min(back, hold.fromExtra) : back;
  const toAllowance = back >= 0 ? back - toExtra : 0;
  await trx
    .updateTable('quota_accounts')
    .set((eb) => ({
      extra: eb('extra', '+', toExtra),
      allowance_left: sql<number>`allowance_left + case when period = ${hold.period} then ${toAllowance} else 0 end`,
      used: eb('used', '+', used),
      updated_at: now,
    }))
    .where('user_id', '=', userId)
    .execute();
}

/** Adds a use to the person's count (every unlimited question: built once, server/db/precompiled.ts). */
const countUse = precompiled((db, slot) =>
  db
    .updateTable('quota_accounts')
    .set((eb) => ({ used: eb('used', '+', slot<number>(0)), updated_at: slot<number>(1) }))
    .where('user_id', '=', slot<string>(2)),
);

/** Charges the use against its hold (once; a second call does nothing) and records it. */
export async function settle(db: Db, hold: CreditHold, use: UseRecord, now: number): Promise<void> {
  await db.transaction().execute((trx) => settleWithin(trx, hold, use, now));
}

/**
 * settle, inside the caller's transaction (an answer's final state and its
 * charge commit together: one commit fewer per question).
 */
export async function settleWithin(trx: Db, hold: CreditHold, use: UseRecord, now: number): Promise<void> {
  let cost = Math.max(0, Math.ceil(use.cost));
  const entry = {
    userId: hold.userId,
    kind: hold.kind,
    cost,
    model: hold.model,
    refId: hold.refId,
    promptTokens: use.promptTokens,
    completionTokens: use.completionTokens,
    note: use.note,
  };
  if (hold.id === null) {
    // Not limited: the use is still counted (per person, class and model), the balance stays.
    await countUse(trx, cost, now, hold.userId);
    await writeLedger(trx, { ...entry, delta: 0 }, now);
    return;
  }
  const closed = await closeHold(trx, hold.id, 'settled');
  if (!closed) return;
  if (hold.capped) cost = Math.min(cost, closed.fromAllowance + closed.fromExtra);
  await giveBack(trx, hold.userId, closed, closed.fromAllowance + closed.fromExtra - cost, cost, now);
  await writeLedger(trx, { ...entry, cost, delta: -cost }, now);
}

/** Returns a hold in full (the use did not happen). Idempotent. */
export async function refund(db: Db, hold: CreditHold, now: number): Promise<void> {
  if (hold.id === null) return;
  await db.transaction().execute((trx) => refundWithin(trx, hold, now));
}

/** refund, inside the caller's transaction. */
export async function refundWithin(trx: Db, hold: CreditHold, now: number): Promise<void> {
  if (hold.id === null) return;
  const closed = await closeHold(trx, hold.id, 'refunded');
  if (!closed) return;
  await giveBack(trx, hold.userId, closed, closed.fromAllowance + closed.fromExtra, 0, now);
}

/** Refunds holds left open past their expiry by a process that is gone; returns how many. */
export async function refundExpiredHolds(db: Db, now: number): Promise<number> {
  const rows = await db
    .selectFrom('quota_holds')
    .select(['id', 'user_id', 'kind', 'model', 'ref_id'])
    .where('status', '=', 'held')
    .where('expires_at', '<', now)
    .limit(500)
    .execute();
  for (const row of rows) {
    await refund(db, { id: row.id, userId: row.user_id, kind: row.kind, model: row.model, refId: row.ref_id, amount: 0 }, now);
  }
  return rows.length;
}

/** Charges a hold at exactly what it set aside (uses priced up front: images, video seconds). Idempotent. */
export async function settleHoldInFull(db: Db, holdId: string, now: number): Promise<void> {
  const row = await db.selectFrom('quota_holds').selectAll().where('id', '=', holdId).executeTakeFirst();
  if (!row) return;
  const hold: CreditHold = {
    id: row.id,
    userId: row.user_id,
    kind: row.kind,
    model: row.model,
    refId: row.ref_id,
    amount: Number(row.from_allowance) + Number(row.from_extra),
  };
  await settle(db, hold, { cost: hold.amount }, now);
}

/** Refunds a hold named by id. Idempotent. */
export async function refundHold(db: Db, holdId: string, now: number): Promise<void> {
  const row = await db.selectFrom('quota_holds').select(['id', 'user_id', 'kind']).where('id', '=', holdId).executeTakeFirst();
  if (row) await refund(db, { id: row.id, userId: row.user_id, kind: row.kind, model: null, refId: null, amount: 0 }, now);
}
