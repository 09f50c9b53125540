// Per-model prices for the board's cost estimate, from the environment:
//   ZX_MODEL_PRICES='{"deepseek-chat": {"input": 2, "output": 8}, "*": {"input": 1, "output": 2}}'
// in currency units per million tokens (input = prompt, output = completion);
// "*" prices any model not listed. ZX_MODEL_PRICE_CURRENCY names the
// currency (CNY by default). No prices: the board shows tokens and no cost.
import { ConfigError, type Env } from '../../config.js';

export interface ModelPrice {
  input: number;
  output: number;
}

export interface PriceList {
  currency: string;
  prices: Map<string, ModelPrice>;
}

function isPrice(value: unknown): value is ModelPrice {
  const v = value as ModelPrice;
  return typeof v === 'object' && v !== null && Number.isFinite(v.input) && Number.isFinite(v.output) && v.input >= 0 && v.output >= 0;
}

export function loadPrices(env: Env): PriceList {
  const currency = (env.ZX_MODEL_PRICE_CURRENCY ?? 'CNY').trim() || 'CNY';
  const raw = env.ZX_MODEL_PRICES?.trim();
  const prices = new Map<string, ModelPrice>();
  if (!raw) return { currency, prices };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('ZX_MODEL_PRICES must be JSON like {"model": {"input": 2, "output": 8}} (per million tokens)');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ConfigError('ZX_MODEL_PRICES must be a JSON object keyed by model name');
  for (const [model, price] of Object.entries(parsed)) {
    if (!isPrice(price)) throw new ConfigError(`ZX_MODEL_PRICES["${model}"] needs non-negative numbers "input" and "output"`);
    prices.set(model, { input: price.input, output: price.output });
  }
  return { currency, prices };
}

/** Estimated cost of the tokens, or null when the model has no price. */
export function costOf(list: PriceList, model: string, promptTokens: number, completionTokens: number): number | null {
  const price = list.prices.get(model) ?? list.prices.get('*');
  if (!price) return null;
  return Math.round(((promptTokens * price.input + completionTokens * price.output) / 1_000_000) * 100) / 100;
}
