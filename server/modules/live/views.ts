// What each screen is sent: a question without its key until it is
// revealed, the chart's counts, a wall message with or without its
// author's name.
import type { AnswerRecord, QuestionRecord, WallRecord } from './store.js';

export interface QuestionView {
  questionId: string;
  position: number;
  /** single, multiple, judge or blank. */
  questionType: string;
  stem: string;
  options: string[];
  seconds: number;
  shownAt: number;
  closesAt: number;
}

export function questionView(q: QuestionRecord): QuestionView {
  return {
    questionId: q.id,
    position: q.position,
    questionType: q.question.type,
    stem: q.question.stem,
    options: q.question.options ?? [],
    seconds: Math.round((q.closesAt - q.shownAt) / 1000),
    shownAt: q.shownAt,
    closesAt: q.closesAt,
  };
}

/**
 * The chart's bars an answer adds to: a choice's option numbers ("0", "1" …),
 * a true/false question's "true" or "false"; a blank's typed words are not
 * charted before the reveal ("answered").
 */
export function bucketsOf(type: string, value: unknown): string[] {
  if (type === 'single' || type === 'judge') return [String(value)];
  if (type === 'multiple' && Array.isArray(value)) return [...new Set(value)].map(String);
  return ['answered'];
}

export type Tally = {
  questionId: string;
  counts: Record<string, number>;
  answered: number;
};

export function tallyOf(q: QuestionRecord, given: AnswerRecord[]): Tally {
  const counts: Record<string, number> = {};
  for (const a of given) for (const b of bucketsOf(q.question.type, a.value)) counts[b] = (counts[b] ?? 0) + 1;
  return { questionId: q.id, counts, answered: given.length };
}

export function revealView(q: QuestionRecord, given: AnswerRecord[]) {
  return {
    ...tallyOf(q, given),
    answer: q.question.answer ?? null,
    explanation: q.question.explanation ?? null,
    correct: given.filter((a) => a.correct).length,
  };
}

export interface WallView {
  id: string;
  /** null when the message or the whole wall is anonymous. */
  name: string | null;
  text: string;
  at: number;
  hidden?: boolean;
  anonymous?: boolean;
}

/** Students and the projector see no name on an anonymous message; the teacher's list keeps the flags. */
export function wallView(m: WallRecord, wallAnonymous: boolean, forTeacher: boolean): WallView {
  const view: WallView = { id: m.id, name: m.anonymous || wallAnonymous ? null : m.author.name, text: m.text, at: m.createdAt };
  return forTeacher ? { ...view, hidden: m.hidden, anonymous: m.anonymous } : view;
}
