// The feedback the server itself writes on an item (why it waits for the
// teacher, a task left unanswered) is stored in zh-CN, like a knowledge
// document's error, and put into the reader's language when a submission is
// read (and the note after a criterion's comment scored without evidence).
// Only those sentences are: a teacher's or the model's own words stay
// exactly as written (looked up in the catalogue, a teacher's "步骤不正确"
// would match "{0}不正确" and come out half English).
import type { ServerLocale } from '../../i18n/locales.js';
import { translateMessage } from '../../i18n/translate.js';
import { PRACTICAL_BY_TEACHER } from './practical-text.js';
import { FLAGGED_NOTE, NO_EVIDENCE, type CriterionGrade } from './rubric-grading.js';

/** Said on a rubric item handed in empty (scored 0). */
export const NOT_ANSWERED = '未作答';

/** Said on a rubric item when no model can grade it. */
export const NO_MODEL_FOR_RUBRICS = '当前只有内置离线引擎，量规评分需要教师人工完成';

const serverWritten = (feedback: string) =>
  feedback === NOT_ANSWERED || feedback === NO_MODEL_FOR_RUBRICS || feedback === PRACTICAL_BY_TEACHER || feedback.startsWith(`${PRACTICAL_BY_TEACHER}：`);

/**
 * The flag note in the reader's language. Only the sentence is translated and
 * the quote re-punctuated: the student's words are never looked up (they could
 * match a catalogue template and come out half translated).
 */
export function flaggedInLocale(flagged: string | null, locale: ServerLocale): string | null {
  const [head, tail] = FLAGGED_NOTE.split('{0}') as [string, string];
  // The catalogue's template quotes the words, and a quoted value is never looked up (translate.ts).
  return flagged?.startsWith(head) && flagged.endsWith(tail) ? translateMessage(flagged, locale) : flagged;
}

/** An item's stored feedback as its reader sees it. */
export function feedbackInLocale(feedback: string, locale: ServerLocale): string {
  return serverWritten(feedback) ? translateMessage(feedback, locale) : feedback;
}

/**
 * A criterion's comment as its reader sees it: the model's (or teacher's)
 * words as written, and only the note the server adds when the model gave
 * points without quoting the answer put into the reader's language.
 */
export function commentInLocale(comment: string, locale: ServerLocale): string {
  const note = `（${NO_EVIDENCE}）`;
  if (!comment.endsWith(note) || locale === 'zh-CN') return comment;
  const words = comment.slice(0, -note.length);
  const sentence = translateMessage(NO_EVIDENCE, locale);
  return locale === 'zh-TW' ? `${words}（${sentence}）` : `${words} (${sentence})`.trimStart();
}

/**
 * A comment a teacher sends back as they read it (the grading screen starts
 * from the comments shown): the note in their language goes back to its
 * stored zh-CN form, so the next reader still reads it in theirs rather than
 * in this teacher's language.
 */
export function commentAsStored(comment: string, locale: ServerLocale): string {
  if (locale === 'zh-CN') return comment;
  const shown = commentInLocale(`（${NO_EVIDENCE}）`, locale);
  if (!comment.endsWith(shown)) return comment;
  return `${comment.slice(0, -shown.length).trimEnd()}（${NO_EVIDENCE}）`;
}

export const criteriaInLocale = (criteria: CriterionGrade[], locale: ServerLocale): CriterionGrade[] =>
  criteria.map((c) => ({ ...c, comment: commentInLocale(c.comment, locale) }));
