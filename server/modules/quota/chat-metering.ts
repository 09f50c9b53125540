// Metering at the chat path: before any provider is asked, one hold per
// answering model (refused with 600 at zero); when the answer ends, its
// tokens as the provider reported them (or counted, when it did not) are
// charged against that hold, at the price the hold was taken at (the price
// a person asked under; read once per question). The built-in
// engine is free and never refused.
import type { ChatTurn } from '../../ai/types.js';
import { estimateTokens } from '../../ai/tokens.js';
import type { ServerContext } from '../../context.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { refund, refundWithin, reserveCredits, settleWithin, type CreditHold } from './holds.js';
import { chatCost, isFreeModel, priceOf, type ModelPrice } from './prices.js';
import { quotaEnabled } from './switch.js';

/** Tokens set aside for an answer's length before it is known. */
const EXPECTED_ANSWER_TOKENS = 1_000;

/** A chat answer's hold, with the model's price when it was taken. */
export interface ChatCreditHold extends CreditHold {
  price: ModelPrice;
}

/** One hold per model, in order; undefined entries for free models or when metering is off. Refunds them all if one is refused. */
export async function holdChatCredits(ctx: ServerContext, userId: string, models: string[], questionText: string): Promise<Array<ChatCreditHold | undefined>> {
  if (!quotaEnabled(ctx)) return models.map(() => undefined);
  const holds: Array<ChatCreditHold | undefined> = [];
  try {
    for (const model of models) {
      if (isFreeModel(model)) {
        holds.push(undefined);
        continue;
      }
      const price = await priceOf(ctx.db, model);
      const amount = chatCost(price, estimateTokens(questionText), EXPECTED_ANSWER_TOKENS);
      holds.push({ ...(await reserveCredits(ctx.db, { userId, amount, kind: 'chat', model }, ctx.now())), price });
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
