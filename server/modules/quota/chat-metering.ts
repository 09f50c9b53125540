// Metering at the chat path: before any provider is asked, one hold per
// answering model (refused with 600 at zero), no more than is left, which
// caps the answer's length; when the answer ends, its
// tokens as the provider reported them (or counted, when it did not) are
// charged against that hold, at the price the hold was taken at (the price
// a person asked under; read once per question). The built-in
// engine is free and never refused.
import type { ChatTurn } from '../../ai/types.js';
import { estimateTokens } from '../../ai/tokens.js';
import type { ServerContext } from '../../context.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { balanceOf, ensureAccount } from './accounts.js';
import { quotaExhausted, quotaTooShort, refund, refundWithin, reserveCredits, settleWithin, type CheckedAccount, type CreditHold } from './holds.js';
import { chatCost, isFreeModel, priceOf, type ModelPrice } from './prices.js';
import { quotaEnabled } from './switch.js';
import { groupCommit } from '../../db/group-commit.js';

/**
 * The longest answer a limited person's question sets credits aside for;
 * with less left, the answer is capped (max tokens) to what is left.
 */
export const MAX_ANSWER_TOKENS = 8_192;

/** A chat answer's hold, with the model's price when it was taken. */
export interface ChatCreditHold extends CreditHold {
  price: ModelPrice;
  /** The most the answer may be in tokens (what the hold pays for beyond the question); absent when not limited. */
  maxTokens?: number;
}

/**
 * Refuses with 600 before anything else is done when a paid model would
 * answer a person with nothing left (read only: the hold decides, race-free).
 */
export async function checkChatCredits(ctx: ServerContext, userId: string, models: string[]): Promise<CheckedAccount | undefined> {
  if (!quotaEnabled(ctx) || models.every(isFreeModel)) return undefined;
  const account = await ensureAccount(ctx.db, userId, ctx.now());
  if (account.allowance !== null && balanceOf(account) <= 0) throw quotaExhausted();
  return account;
}

/**
 * One hold per model, in order, taken once the turns each model is sent are
 * counted: the most the answer may cost (its question and a full-length
 * answer), or what is left when that is less, never below zero. The answer
 * is then capped to what its hold pays for and never charged more than it.
 * Undefined entries for free models or when metering is off. Refused with
 * 600 when what is left pays for less than the question; refunds them all
 * if one is refused.
 */
export async function holdChatCredits(
  ctx: ServerContext,
  userId: string,
  answers: Array<{ model: string; promptTokens: number }>,
  /** What checkChatCredits read for this question: the holds start from it instead of reading it again. */
  checked?: CheckedAccount,
): Promise<Array<ChatCreditHold | undefined>> {
  if (!quotaEnabled(ctx)) return answers.map(() => undefined);
  const holds: Array<ChatCreditHold | undefined> = [];
  try {
    for (const { model, promptTokens } of answers) {
      if (isFreeModel(model)) {
        holds.push(undefined);
        continue;
      }
      const price = await priceOf(ctx.db, model);
      const amount = chatCost(price, promptTokens, MAX_ANSWER_TOKENS);
      // Grouped with the other questions' writes of the moment (SQLite): one commit for a burst's holds.
      const held = await reserveCredits(
        ctx.db,
        { userId, amount, kind: 'chat', model, upToBalance: true, ...(checked ? { checked } : {}) },
        ctx.now(),
        groupCommit(ctx),
      );
      const hold: ChatCreditHold = { ...held, price };
      holds.push(hold);
      if (held.id === null || price.outputPer1k <= 0) continue;
      const answerTokens = Math.floor(((held.amount - chatCost(price, promptTokens, 0)) * 1000) / price.outputPer1k);
      if (answerTokens < 1) throw quotaTooShort();
      hold.maxTokens = Math.min(MAX_ANSWER_TOKENS, answerTokens);
    }
  } catch (error) {
    await releaseChatCredits(ctx, holds);
    throw error;
  }
  return holds;
}

export async function releaseChatCredits(ctx: ServerContext, holds: Array<CreditHold | undefined>): Promise<void> {
  for (const hold of holds) if (hold) await refund(ctx.db, hold, ctx.now());
}

function turnText(turn: ChatTurn): string {
  return typeof turn.content === 'string' ? turn.content : turn.content.map((p) => (p.type === 'text' ? p.text : '')).join(' ');
}

/** The tokens of what a model is sent, counted when the question is built: an answer keeps this number, not the turns. */
export function promptTokensOf(turns: ChatTurn[]): number {
  return turns.reduce((sum, t) => sum + estimateTokens(turnText(t)), 0);
}

export interface ChatUse {
  /** As the provider reported them; undefined when it did not. */
  reported?: { promptTokens: number; completionTokens: number };
  /** Counted from the turns sent (promptTokensOf), used when the provider reported nothing. */
  promptTokens: number;
  text: string;
  messageId: string;
}

/**
 * The tokens an answer is counted at: as reported, else counted from what
 * was sent and said; nothing said and nothing reported is nothing. The
 * answer keeps these (the data board reads them) and is charged at them.
 */
export function tokensOfUse(use: ChatUse): { promptTokens: number; completionTokens: number } {
  if (use.reported) return use.reported;
  if (!use.text) return { promptTokens: 0, completionTokens: 0 };
  return { promptTokens: use.promptTokens, completionTokens: estimateTokens(use.text) };
}

/** Charges a finished (or stopped, or failed) answer. Nothing said and nothing reported: nothing is charged. */
export async function chargeChat(ctx: ServerContext, hold: ChatCreditHold, use: ChatUse): Promise<{ promptTokens: number; completionTokens: number }> {
  return ctx.db.transaction().execute((trx) => chargeChatWithin(ctx, trx, hold, use));
}

/** chargeChat, inside the caller's transaction (the answer's final save, generation.ts). */
export async function chargeChatWithin(
  ctx: ServerContext,
  trx: Kysely<Database>,
  hold: ChatCreditHold,
  use: ChatUse,
): Promise<{ promptTokens: number; completionTokens: number }> {
  const counted = tokensOfUse(use);
  if (!use.reported && !use.text) {
    await refundWithin(trx, hold, ctx.now());
    return counted;
  }
  const { price, ...held } = hold;
  await settleWithin(
    trx,
    { ...held, refId: use.messageId },
    { cost: chatCost(price, counted.promptTokens, counted.completionTokens), ...counted, note: use.reported ? '' : 'counted' },
    ctx.now(),
  );
  return counted;
}
