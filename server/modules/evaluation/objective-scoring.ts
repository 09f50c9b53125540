// Scores a student's value for an objective question at submission.
// Returns null for questions that need rubric grading (short answers) and
// for surveys (nothing to score). Blank answers compare after normalising
// width, case and spacing, so "ＣＰＵ " matches "cpu".
import { isRubricType } from './question-rules.js';
import type { QuestionType } from '../../db/tables/evaluation.js';

export interface ScorableItem {
  type: QuestionType;
  answer: unknown;
  points: number;
}

export type MultipleScoring = 'proportional' | 'all-or-nothing';

export function normaliseBlank(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLowerCase();
}

function sameSet(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v) => b.includes(v));
}

/** Right choices minus wrong ones, as a share of the right ones, never below zero. */
function multipleShare(key: number[], chosen: number[]): number {
  const right = chosen.filter((c) => key.includes(c)).length;
  const wrong = chosen.length - right;
  return Math.max(0, (right - wrong) / key.length);
}

export function scoreObjective(item: ScorableItem, value: unknown, multiple: MultipleScoring): number | null {
  const { type, answer, points } = item;
  if (answer === null || answer === undefined) return isRubricType(type) ? null : 0;
  switch (type) {
    case 'single':
      return value === answer ? points : 0;
    case 'judge':
      return value === answer ? points : 0;
    case 'multiple': {
      if (!Array.isArray(value) || !Array.isArray(answer)) return 0;
      const chosen = [...new Set(value.filter((v): v is number => Number.isInteger(v)))];
      const key = answer as number[];
      if (multiple === 'all-or-nothing') return sameSet(chosen, key) ? points : 0;
      return Math.round(points * multipleShare(key, chosen) * 100) / 100;
    }
    case 'blank': {
      if (typeof value !== 'string' || !Array.isArray(answer)) return 0;
      const given = normaliseBlank(value);
      return (answer as string[]).some((a) => normaliseBlank(a) === given) ? points : 0;
    }
    case 'short':
    case 'practical':
      return null;
  }
}
