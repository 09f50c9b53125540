// A question's columns as stored in both the bank (eval_questions) and a
// paper (evaluation_items): read into the record shape and written back, in
// one place so the two tables never drift apart.
import { parseJson } from '../../db/json.js';
import type { QuestionType } from '../../db/tables/evaluation.js';
import type { RubricCriterion } from './question-rules.js';

export interface ItemSource {
  kind: 'lesson' | 'passage';
  id: string;
  title: string;
  excerpt: string;
}

export interface QuestionColumns {
  type: QuestionType;
  stem: string;
  options: string | null;
  answer: string | null;
  rubric: string | null;
  points: number | string;
  tags: string;
  explanation: string;
  source: string | null;
}

export interface QuestionContent {
  type: QuestionType;
  stem: string;
  options: string[] | null;
  answer: unknown;
  rubric: RubricCriterion[] | null;
  points: number;
  tags: string[];
  explanation: string;
  source: ItemSource | null;
}

export const readQuestion = (r: QuestionColumns): QuestionContent => ({
  type: r.type,
  stem: r.stem,
  options: parseJson<string[] | null>(r.options, null),
  answer: parseJson<unknown>(r.answer, null),
  rubric: parseJson<RubricCriterion[] | null>(r.rubric, null),
  points: Number(r.points),
  tags: parseJson<string[]>(r.tags, []),
  explanation: r.explanation,
  source: parseJson<ItemSource | null>(r.source, null),
});

export const writeQuestion = (q: QuestionContent) => ({
  type: q.type,
  stem: q.stem,
  options: q.options ? JSON.stringify(q.options) : null,
  answer: q.answer === null || q.answer === undefined ? null : JSON.stringify(q.answer),
  rubric: q.rubric ? JSON.stringify(q.rubric) : null,
  points: q.points,
  tags: JSON.stringify(q.tags),
  explanation: q.explanation,
  source: q.source ? JSON.stringify(q.source) : null,
});
