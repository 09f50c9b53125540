// Bank questions as one workbook sheet in the reader's language, in the
// template's columns: the export and the import template are both written
// here, so whatever the server hands out imports again unchanged
// (question-import.ts reads these words in any language). The headers, type
// names and true/false words come from bank-words.ts rather than through
// sheetsInLocale, because files already written depend on them; what
// teachers wrote (stems, options, tags, explanations) is left as written.
import type { ServerLocale } from '../../i18n/locales.js';
import { translateMessage } from '../../i18n/translate.js';
import { fileColumns, headerIn, listSeparators, OPTION_LETTERS, truthIn, typeIn } from './bank-words.js';
import type { QuestionContent } from './question-columns.js';
import { levelsCell } from './rubric-levels.js';
import type { SheetSpec } from './xlsx-worker.js';

export type SheetQuestion = Pick<QuestionContent, 'type' | 'stem' | 'options' | 'answer' | 'rubric' | 'points' | 'tags' | 'explanation'> & {
  difficulty: number;
};

/** Column widths: type and stem, then each option, then answer … rubric levels. */
const widths = (options: number) => [8, 50, ...Array<number>(options).fill(16), 12, 8, 8, 16, 30, 24, 40];

function answerText(q: SheetQuestion, locale: ServerLocale): string {
  const a = q.answer;
  if (q.type === 'single' && typeof a === 'number') return OPTION_LETTERS[a] ?? '';
  if (q.type === 'multiple' && Array.isArray(a)) return (a as number[]).map((i) => OPTION_LETTERS[i]).join('');
  if (q.type === 'judge') return typeof a === 'boolean' ? truthIn(a, locale) : '';
  if (q.type === 'blank' && Array.isArray(a)) return (a as string[]).join(listSeparators(locale).items);
  return typeof a === 'string' ? a : '';
}

function questionRow(q: SheetQuestion, optionColumns: number, locale: ServerLocale): Array<string | number> {
  const { items, tags } = listSeparators(locale);
  return [
    typeIn(q.type, locale),
    q.stem,
    ...Array.from({ length: optionColumns }, (_, i) => q.options?.[i] ?? ''),
    answerText(q, locale),
    q.points,
    q.difficulty,
    q.tags.join(tags),
    q.explanation,
    (q.rubric ?? []).map((r) => `${r.criterion}:${r.points}`).join(items),
    levelsCell(q.rubric),
  ];
}

/** `name` is the sheet's zh-CN name (题库, 题库导入模板), put into the reader's language by the catalogue. */
export function bankSheet(name: string, questions: SheetQuestion[], locale: ServerLocale): SheetSpec {
  // Every option of every question gets a column: a question with eight options comes back with eight.
  const columns = fileColumns(Math.max(0, ...questions.map((q) => q.options?.length ?? 0)));
  const optionColumns = columns.filter((c) => c.startsWith('option')).length;
  return {
    name: translateMessage(name, locale),
    headers: columns.map((c) => headerIn(c, locale)),
    rows: questions.map((q) => questionRow(q, optionColumns, locale)),
    widths: widths(optionColumns),
  };
}
