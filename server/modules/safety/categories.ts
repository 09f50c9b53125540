// The word-list categories, with the names a school's spreadsheet may use
// for them (the key, or its Chinese name).
import type { SafetyCategory } from '../../db/tables/safety.js';

export const CATEGORIES: readonly SafetyCategory[] = ['politics', 'violence', 'sexual', 'abuse', 'self-harm', 'illegal', 'custom'];

const NAMES: Record<string, SafetyCategory> = {
  政治: 'politics',
  涉政: 'politics',
  暴力: 'violence',
  暴恐: 'violence',
  色情: 'sexual',
  涉黄: 'sexual',
  辱骂: 'abuse',
  谩骂: 'abuse',
  自伤: 'self-harm',
  自杀: 'self-harm',
  自残: 'self-harm',
  违法: 'illegal',
  违禁: 'illegal',
  自定义: 'custom',
  其他: 'custom',
};

/** The category a cell names, or `fallback` when it names none. */
export function categoryOf(cell: string | undefined, fallback: SafetyCategory): SafetyCategory {
  const text = (cell ?? '').trim().toLowerCase();
  if ((CATEGORIES as readonly string[]).includes(text)) return text as SafetyCategory;
  return NAMES[text] ?? fallback;
}
