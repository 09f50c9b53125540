// Turns an imported file's content into bank questions, row by row, so the
// preview can name every wrong row and nothing is written while one is wrong.
// Two sources:
//   text   the usual paper layout (Word/WPS exports, pasted text):
//            1. 题干            A. 选项 / A、选项        答案：B / AC / 对 / M30；M 30
//            解析：…            知识点：a、b            难度：2     分值：2
//          with the labels (答案, Answer, Ответ, …) and true/false words of any language
//   rows   the spreadsheet template's columns, headed in any language
// The fixed words of both are in bank-words.ts.
import type { QuestionType } from '../../db/tables/evaluation.js';
import type { ServerLocale } from '../../i18n/locales.js';
import type { BankInput } from './bank.js';
import {
  columnOf,
  columnWordsAll,
  headerIn,
  keyPointsIn,
  optionIndex,
  OPTION_LETTERS,
  QUESTION_TYPES,
  truthOf,
  typeIn,
  typeOf,
  type BankColumn,
} from './bank-words.js';
import { Compile } from 'typebox/compile';
import { validationMessage, type SchemaError } from '../../http/validation-messages.js';
import { checkQuestion } from './question-rules.js';
import { Question } from './question-schema.js';
import { withLevels } from './rubric-levels.js';

export interface ImportRow {
  /** 1-based line (text) or row (spreadsheet) where the question starts. */
  line: number;
  question?: BankInput;
  error?: string;
  /**
   * Why a question of the file is left out (a type with no counterpart here,
   * such as matching or cloze): named in the preview, never dropped silently,
   * and not a mistake the teacher must fix before the rest imports.
   */
  skipped?: string;
  /** The stem of a question left out, so the preview can show which one it is. */
  stem?: string;
  /** What of the question did not come across (an image, a tolerance, partial credit): it imports, and the teacher is told. */
  notes?: string[];
}

export const DEFAULT_POINTS: Record<QuestionType, number> = { single: 2, multiple: 3, judge: 1, blank: 2, short: 10, practical: 10 };

const splitOn = (separators: RegExp) => (text: string) =>
  text
    .split(separators)
    .map((s) => s.trim())
    .filter(Boolean);
/** Knowledge points: any list mark a teacher types. */
const splitList = splitOn(/[；;|、，,/]/u);
/**
 * A blank's accepted answers: only marks an answer does not contain. "3/4"
 * and "1,000" are one answer each (split on the comma and the slash, an
 * exported bank came back with answers it never had).
 */
const splitAnswers = splitOn(/[；;|、\n]/u);

/**
 * A number typed at either width ("４", "2.5"). Only the fields that are
 * numbers, letters or fixed words are width-folded: stems, options and
 * explanations stay as written (folding them turned "？" into "?" and
 * "mm²" into "mm2").
 */
const numberIn = (text: string): number | undefined => Number.parseFloat(text.normalize('NFKC')) || undefined;

/** "要点:4;步骤:6" or "要点（4分）；步骤（6分）" → rubric; empty → one criterion worth everything. */
function parseRubric(text: string, points: number, locale: ServerLocale): BankInput['rubric'] {
  const parts = text
    .split(/[；;\n]/u)
    .map((p) => /^(.+?)[（(:：\s]+([0-9０-９]+(?:[.．][0-9０-９]+)?)\s*分?[)）]?$/u.exec(p.trim()))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => ({ criterion: m[1]!.trim(), points: numberIn(m[2]!) ?? 0 }));
  return parts.length ? parts : [{ criterion: keyPointsIn(locale), points }];
}

interface Draft {
  type?: QuestionType;
  stem: string;
  options: string[];
  answer?: string;
  points?: number;
  difficulty?: number;
  tags: string[];
  explanation: string;
  rubric?: string;
  /** The rubric's level descriptions, one criterion a line (rubric-levels.ts). */
  levels?: string;
  /** What was written but could not be read ("难度：很难"): the row is wrong until it is fixed. */
  problems?: string[];
  /** What of the question's text was not read at all (a line after its answer): the preview names it. */
  unread?: string[];
}

/** Decides the type (when not given) and reads the answer in that type's shape. */
export function draftToQuestion(d: Draft, locale: ServerLocale): BankInput {
  const raw = (d.answer ?? '').trim();
  // Option letters and true/false words may be typed full-width ("ＡＢ"); a blank's accepted answers stay as written.
  const folded = raw.normalize('NFKC');
  const upper = folded.toUpperCase().replace(/[\s,，、]/gu, '');
  const truth = truthOf(folded.replace(/[,，、]/gu, ''));
  let type = d.type;
  if (!type) {
    if (d.options.length >= 2) type = upper.length > 1 ? 'multiple' : 'single';
    else if (truth !== undefined) type = 'judge';
    else if (/[_＿]{2,}|（\s*）|\(\s*\)/u.test(d.stem)) type = 'blank';
    else type = 'short';
  }
  const points = d.points ?? DEFAULT_POINTS[type];
  const base = { type, stem: d.stem.trim(), points, tags: d.tags, explanation: d.explanation.trim(), ...(d.difficulty ? { difficulty: d.difficulty } : {}) };
  switch (type) {
    case 'single':
      return { ...base, options: d.options, answer: upper.length === 1 ? optionIndex(upper) : -1 };
    case 'multiple':
      return { ...base, options: d.options, answer: [...upper].map(optionIndex) };
    case 'judge':
      return { ...base, answer: truth as boolean };
    case 'blank':
      return { ...base, answer: splitAnswers(raw) };
    case 'short':
    case 'practical':
      return { ...base, ...(raw ? { answer: raw } : {}), rubric: parseRubric(d.rubric ?? '', points, locale) };
  }
}

/** Compiled once per worker: every imported row is held to the editor's limits (lengths, counts). */
const questionShape = Compile(Question);

/** A file's question (a paper's or a row's) as an import row: the question, or what is wrong with it. */
function checked(line: number, draft: Draft, locale: ServerLocale): ImportRow {
  const notes = draft.unread ?? [];
  if (draft.problems?.length) return { line, error: draft.problems[0]!, ...(notes.length ? { notes } : {}) };
  let question = draftToQuestion(draft, locale);
  if (question.rubric && draft.levels?.trim()) {
    const leveled = withLevels(question.rubric, draft.levels);
    if ('error' in leveled) return { line, error: leveled.error };
    question = { ...question, rubric: leveled.rubric };
  }
  return checkedQuestion(line, question, notes);
}

/** A question read from any file, held to the rules and limits the editor holds it to. */
export function checkedQuestion(line: number, question: BankInput, notes: string[] = []): ImportRow {
  const noted = notes.length ? { notes } : {};
  try {
    checkQuestion(question, { survey: false });
    // A row past the editor's limits would import and then never save again from the editor.
    if (!questionShape.Check(question))
      return { line, error: validationMessage(questionShape.Errors(question) as unknown as SchemaError[], 'body', Question), ...noted };
    return { line, question, ...noted };
  } catch (error) {
    return { line, error: (error as Error).message, ...noted };
  }
}

// Numbers and letters at either width ("１．", "Ａ．"): Word and WPS papers typed in a Chinese input method have both.
// Option letters are Latin or Russian (A–H, А–З).
const QUESTION_START = /^\s*(?:第\s*)?([0-9０-９]{1,4})\s*(?:[.．、)）]|题[.．、:：]?)\s*(.+)$/u;
const OPTION = /^\s*([A-Ha-hＡ-Ｈａ-ｈА-За-з])\s*[.．、)）:：]\s*(.*)$/u;
/** A "label: value" line; it is a field only when the label names one of TEXT_FIELDS. */
const LABELLED = /^\s*([^:：]{1,30}?)\s*[:：]\s*(.*)$/u;
const TEXT_FIELDS: readonly BankColumn[] = ['answer', 'explanation', 'tags', 'difficulty', 'points', 'type', 'rubric', 'levels'];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
/**
 * A field's label where a line may hold several ("知识点：刀补 难度：1 分值：2",
 * colons of either width): a label word of any language at the start or
 * after a space, then a colon. Longest words first, so "答案解析" is not read
 * as "答案".
 */
const LABEL_IN_LINE = new RegExp(
  `(?:^|(?<=\\s))(${[...new Set(columnWordsAll(TEXT_FIELDS))]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|')})\\s*[:：]`,
  'giu',
);

interface Field {
  column: BankColumn;
  /** The label as written, to name it in a message. */
  label: string;
  value: string;
}

/** Every "label: value" of a line that starts with a label; none when it does not. */
function fieldsOf(line: string): Field[] | undefined {
  const found = [...line.matchAll(LABEL_IN_LINE)].flatMap((m) => {
    const column = columnOf(m[1]!);
    return column ? [{ column, label: m[1]!, start: m.index!, end: m.index! + m[0].length }] : [];
  });
  if (found[0]?.start !== 0) {
    // A label typed oddly ("正确 答案 ："), read the one way as before: the whole line is its value.
    const labelled = LABELLED.exec(line);
    const column = labelled ? columnOf(labelled[1]!) : undefined;
    return column && TEXT_FIELDS.includes(column) ? [{ column, label: labelled![1]!, value: labelled![2] ?? '' }] : undefined;
  }
  return found.map((f, i) => ({ column: f.column, label: f.label, value: line.slice(f.end, found[i + 1]?.start ?? line.length).trim() }));
}

/** A number field as written: its value, or what is wrong with it (a typed value that is no number is never dropped quietly). */
function readNumber(label: string, text: string, whole: boolean): { value?: number; problem?: string } {
  const folded = text.normalize('NFKC').trim();
  if (!folded) return {};
  const value = whole ? Number.parseInt(folded, 10) : Number.parseFloat(folded);
  if (Number.isNaN(value))
    return { problem: whole ? `“${label}”应是 1 到 5 的整数，这里写的是“${text.trim()}”` : `“${label}”应是数字，这里写的是“${text.trim()}”` };
  return { value: value || undefined };
}

/** Puts one field into the draft; returns what the lines after it continue, if anything. */
function applyField(d: Draft, { column, label, value }: Field): 'answer' | 'explanation' | 'levels' | undefined {
  const problem = (text: string) => (d.problems ??= []).push(text);
  switch (column) {
    case 'answer':
      d.answer = value;
      return 'answer';
    case 'explanation':
      d.explanation = value;
      return 'explanation';
    case 'tags':
      d.tags = splitList(value);
      return undefined;
    case 'difficulty':
    case 'points': {
      const read = readNumber(label, value, column === 'difficulty');
      if (read.problem) problem(read.problem);
      else d[column] = read.value;
      return undefined;
    }
    case 'type': {
      const type = typeOf(value);
      if (value.trim() && !type) problem(`题型“${value.trim()}”无法识别，可用的题型：${TYPE_CHOICES}`);
      d.type = type;
      return undefined;
    }
    case 'rubric':
      d.rubric = value;
      return undefined;
    case 'levels':
      // One criterion a line: the label's line, then the lines after it.
      d.levels = value;
      return 'levels';
    default:
      return undefined;
  }
}

/** The type names a row may use, as the message lists them (translated with the message, one name a slot). */
const TYPE_CHOICES = QUESTION_TYPES.map((t) => typeIn(t, 'zh-CN')).join('、');

/**
 * Parses the paper layout; each question becomes a row with its line number.
 * `locale`: the importing teacher's. A file in which no question is numbered
 * (Aiken, Moodle's plain-text multiple choice: "Question / A. … / ANSWER: B")
 * starts a question at each line that is neither an option nor a label once
 * the question before has its answer.
 */
export function parseQuestionText(text: string, locale: ServerLocale): ImportRow[] {
  const rows: ImportRow[] = [];
  const lines = text.split(/\r?\n/u);
  const numbered = lines.some((l) => QUESTION_START.test(l.trim()) && !fieldsOf(l.trim()));
  let current: { line: number; draft: Draft; last: 'stem' | 'option' | 'explanation' | 'answer' | 'levels' } | null = null;
  const flush = () => {
    if (current) rows.push(checked(current.line, current.draft, locale));
    current = null;
  };
  lines.forEach((rawLine, index) => {
    const line = rawLine.trim();
    if (!line) return;
    const start = QUESTION_START.exec(line);
    const fields = fieldsOf(line);
    const option = OPTION.exec(line);
    const unnumberedStart = !numbered && !fields && !(option && current) && (!current || current.draft.answer !== undefined);
    if ((start && !fields) || unnumberedStart) {
      flush();
      current = { line: index + 1, draft: { stem: numbered ? start![2]! : line, options: [], tags: [], explanation: '' }, last: 'stem' };
      return;
    }
    if (!current) return; // a heading before the first question
    const d = current.draft;
    if (fields) {
      for (const field of fields) {
        const continues = applyField(d, field);
        if (continues) current.last = continues;
      }
      return;
    }
    if (option && (current.last === 'stem' || current.last === 'option')) {
      d.options.push(option[2]!.trim());
      current.last = 'option';
      return;
    }
    // A continuation line belongs to what came before it; after an answer nothing continues, and the preview says so.
    if (current.last === 'stem') d.stem += `\n${line}`;
    else if (current.last === 'explanation') d.explanation += `\n${line}`;
    else if (current.last === 'levels') d.levels += `\n${line}`;
    else if (current.last === 'option') d.options[d.options.length - 1] += ` ${line}`;
    else (d.unread ??= []).push(`第 ${index + 1} 行没有读入：“${line.length > 40 ? `${line.slice(0, 40)}…` : line}”`);
  });
  flush();
  return rows;
}

/** A spreadsheet row's cells by column, whatever language its headers are in; what sits under unknown headers is named. */
function byColumn(record: Record<string, string>): { cells: Partial<Record<BankColumn, string>>; unknown: string[] } {
  const cells: Partial<Record<BankColumn, string>> = {};
  const unknown: string[] = [];
  for (const [header, value] of Object.entries(record)) {
    const column = columnOf(header);
    if (column && cells[column] === undefined) cells[column] = String(value ?? '');
    else if (!column && String(value ?? '').trim()) unknown.push(`“${header}”一栏不是模板的栏目，没有读入`);
  }
  return { cells, unknown };
}

/**
 * A cell that holds other fields after its own ("刀补 难度：1 分值：2" under
 * 知识点): each goes to its column when that column is empty; written in both
 * places differently, the row is wrong.
 */
function splitCells(cells: Partial<Record<BankColumn, string>>, problems: string[]): void {
  for (const column of TEXT_FIELDS) {
    const text = cells[column];
    if (!text) continue;
    const found = [...text.matchAll(LABEL_IN_LINE)].filter((m) => m.index! > 0 && columnOf(m[1]!));
    if (!found.length) continue;
    cells[column] = text.slice(0, found[0]!.index).trim();
    found.forEach((m, i) => {
      const other = columnOf(m[1]!)!;
      const value = text.slice(m.index! + m[0].length, found[i + 1]?.index ?? text.length).trim();
      const own = (cells[other] ?? '').trim();
      if (own && own !== value) problems.push(`“${m[1]}”写了两处（“${value}”和“${own}”），请只在这一栏填写`);
      else cells[other] = value;
    });
  }
}

/** Spreadsheet rows keyed by the template's headers (first row). `locale`: the importing teacher's. */
export function parseQuestionRows(records: Array<Record<string, string>>, locale: ServerLocale, firstDataRow = 2): ImportRow[] {
  return records
    .map((r, i) => ({ r, line: i + firstDataRow }))
    .filter(({ r }) => Object.values(r).some((v) => String(v ?? '').trim()))
    .map(({ r, line }) => {
      const { cells, unknown } = byColumn(r);
      const problems: string[] = [];
      splitCells(cells, problems);
      const typeName = (cells.type ?? '').trim();
      const type = typeName ? typeOf(typeName) : undefined;
      if (typeName && !type) return { line, error: `题型“${typeName}”无法识别，可用的题型：${TYPE_CHOICES}` };
      const options = [...OPTION_LETTERS].map((l) => (cells[`option${l}` as BankColumn] ?? '').trim()).filter(Boolean);
      const points = readNumber(headerOf(r, 'points'), cells.points ?? '', false);
      const difficulty = readNumber(headerOf(r, 'difficulty'), cells.difficulty ?? '', true);
      const draft: Draft = {
        ...(type ? { type } : {}),
        stem: cells.stem ?? '',
        options,
        answer: cells.answer ?? '',
        points: points.value,
        difficulty: difficulty.value,
        tags: splitList(cells.tags ?? ''),
        explanation: cells.explanation ?? '',
        rubric: cells.rubric ?? '',
        levels: cells.levels ?? '',
        problems: [...problems, ...[points.problem, difficulty.problem].filter((p): p is string => !!p)],
        unread: unknown,
      };
      return checked(line, draft, locale);
    });
}

/** The header a row's file uses for a column (for a message), or the zh-CN word. */
function headerOf(record: Record<string, string>, column: BankColumn): string {
  return Object.keys(record).find((h) => columnOf(h) === column) ?? headerIn(column, 'zh-CN');
}
