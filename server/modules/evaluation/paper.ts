// A student's paper: the items in this attempt's order, options in this
// attempt's order, and nothing a student must not see before release
// (answers, rubrics, explanations, sources). Shuffled option indices are
// mapped back to the teacher's order before scoring.
import { randomInt } from 'node:crypto';
import type { ItemRecord } from './store.js';
import { MAX_ANSWER_FILES } from './answer-files.js';

export interface PaperQuestion {
  id: string;
  type: ItemRecord['type'];
  stem: string;
  options?: string[];
  points: number;
}

function shuffled<T>(list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The order of items and of each choice item's options for a new attempt. */
export function attemptOrder(items: ItemRecord[], shuffle: boolean): { itemOrder: string[]; optionOrder: Record<string, number[]> } {
  const itemOrder = (shuffle ? shuffled(items) : items).map((i) => i.id);
  const optionOrder: Record<string, number[]> = {};
  if (shuffle) {
    for (const item of items) {
      if (item.options && (item.type === 'single' || item.type === 'multiple')) optionOrder[item.id] = shuffled(item.options.map((_, i) => i));
    }
  }
  return { itemOrder, optionOrder };
}

export function paperQuestions(items: ItemRecord[], itemOrder: string[], optionOrder: Record<string, number[]>): PaperQuestion[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  const ordered = itemOrder.map((id) => byId.get(id)).filter((i): i is ItemRecord => !!i);
  return ordered.map((item) => {
    const order = optionOrder[item.id];
    const options = item.options ? (order ? order.map((i) => item.options![i]!) : item.options) : undefined;
    return { id: item.id, type: item.type, stem: item.stem, ...(options ? { options } : {}), points: item.points };
  });
}

/** A displayed option index (or list) back to the teacher's index, for scoring and analysis. */
export function originalChoice(value: unknown, order: number[] | undefined): unknown {
  if (!order) return value;
  const map = (v: unknown) => (Number.isInteger(v) && (v as number) >= 0 && (v as number) < order.length ? order[v as number] : -1);
  return Array.isArray(value) ? value.map(map) : map(value);
}

/** What a student may send as an answer to each type; anything else is dropped. */
export function cleanAnswer(type: ItemRecord['type'], value: unknown): unknown {
  switch (type) {
    case 'single':
      return Number.isInteger(value) ? value : undefined;
    case 'multiple':
      return Array.isArray(value) && value.every(Number.isInteger) ? [...new Set(value as number[])].slice(0, 50) : undefined;
    case 'judge':
      return typeof value === 'boolean' ? value : undefined;
    case 'blank':
    case 'short':
      return typeof value === 'string' ? value.slice(0, 20_000) : undefined;
    case 'practical':
      return Array.isArray(value) && value.every((v) => typeof v === 'string' && v) ? [...new Set(value as string[])].slice(0, MAX_ANSWER_FILES) : undefined;
  }
}
