// Per-model prices, set by managers (credits per 1,000 tokens in and out,
// per image, per video second). A model without its own price uses the '*'
// row, and without that the built-in default below. The built-in engine is
// always free.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BUILTIN_MODEL_NAME } from '../../ai/builtin-engine.js';
import { precompiled } from '../../db/precompiled.js';
import { MILLI } from './units.js';

export interface ModelPrice {
  model: string;
  /** Millicredits per 1,000 tokens. */
  inputPer1k: number;
  outputPer1k: number;
  /** Millicredits per image and per video second. */
  perImage: number;
  perSecond: number;
}

/** The default row's name: applies to every model without a price of its own. */
export const DEFAULT_PRICE_MODEL = '*';

/** Until a manager says otherwise: 1 credit per 1,000 tokens, 10 per image, 5 per video second. */
export const FALLBACK_PRICE: Omit<ModelPrice, 'model'> = { inputPer1k: MILLI, outputPer1k: MILLI, perImage: 10 * MILLI, perSecond: 5 * MILLI };

const FREE: Omit<ModelPrice, 'model'> = { inputPer1k: 0, outputPer1k: 0, perImage: 0, perSecond: 0 };

export function isFreeModel(model: string): boolean {
  return model === BUILTIN_MODEL_NAME;
}

/** A model's own price and the default row (every question reads them: built once, server/db/precompiled.ts). */
const pricesOf = precompiled((db, slot) =>
  db
    .selectFrom('model_prices')
    .selectAll()
    .where('model', 'in', [slot(0), DEFAULT_PRICE_MODEL]),
);

export async function priceOf(db: Kysely<Database>, model: string): Promise<ModelPrice> {
  if (isFreeModel(model)) return { model, ...FREE };
  const rows = await pricesOf(db, model);
  const row = rows.find((r) => r.model === model) ?? rows.find((r) => r.model === DEFAULT_PRICE_MODEL);
  if (!row) return { model, ...FALLBACK_PRICE };
  return {
    model,
    inputPer1k: Number(row.input_per_1k),
    outputPer1k: Number(row.output_per_1k),
    perImage: Number(row.per_image),
    perSecond: Number(row.per_second),
  };
}

/** Millicredits for a chat use, rounded up. */
export function chatCost(price: ModelPrice, promptTokens: number, completionTokens: number): number {
  return Math.ceil((promptTokens * price.inputPer1k + completionTokens * price.outputPer1k) / 1000);
}

export async function listPrices(db: Kysely<Database>): Promise<ModelPrice[]> {
  const rows = await db.selectFrom('model_prices').selectAll().orderBy('model').execute();
  return rows.map((r) => ({
    model: r.model,
    inputPer1k: Number(r.input_per_1k),
    outputPer1k: Number(r.output_per_1k),
    perImage: Number(r.per_image),
    perSecond: Number(r.per_second),
  }));
}

export async function savePrice(db: Kysely<Database>, price: ModelPrice, now: number): Promise<void> {
  const values = { input_per_1k: price.inputPer1k, output_per_1k: price.outputPer1k, per_image: price.perImage, per_second: price.perSecond, updated_at: now };
  await db
    .insertInto('model_prices')
    .values({ model: price.model, ...values })
    .onConflict((oc) => oc.column('model').doUpdateSet(values))
    .execute();
}

export async function removePrice(db: Kysely<Database>, model: string): Promise<void> {
  await db.deleteFrom('model_prices').where('model', '=', model).execute();
}
