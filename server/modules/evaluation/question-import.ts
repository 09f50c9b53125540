// Turns an imported file's content into bank questions, row by row, so the
// preview can name every wrong row and nothing is written while one is wrong.
// Two sources:
//   text   the usual Chinese paper layout (Word/WPS exports, pasted text):
//            1. 题干            A. 选项 / A、选项        答案：B / AC / 对 / M30；M 30
//            解析：…            知识点：a、b            难度：2     分值：2
//   rows   the spreadsheet template's columns (headers in Chinese, see TEMPLATE_HEADERS)
import type { QuestionType } from '../../db/tables/evaluation.js';
import type { BankInput } from './bank.js';
import { checkQuestion } from './question-rules.js';

export interface ImportRow {
  /** 1-based line (text) or row (spreadsheet) where the question starts. */
  line: number;
  question?: BankInput;
  error?: string;
}

export const TEMPLATE_HEADERS = [
  '题型',
  '题干',
  '选项A',
  '选项B',
  '选项C',
  '选项D',
  '选项E',
  '选项F',
  '答案',
  '分值',
  '难度',
  '知识点',
  '解析',
  '评分标准',
] as const;

const TYPE_NAMES: Record<string, QuestionType> = {
  单选: 'single',
  单选题: 'single',
  多选: 'multiple',
  多选题: 'multiple',
  判断: 'judge',
  判断题: 'judge',
  填空: 'blank',
  填空题: 'blank',
  简答: 'short',
  简答题: 'short',
  论述: 'short',
  论述题: 'short',
  实操: 'practical',
  实操题: 'practical',
  single: 'single',
  multiple: 'multiple',
  judge: 'judge',
  blank: 'blank',
  short: 'short',
  practical: 'practical',
};

const DEFAULT_POINTS: Record<QuestionType, number> = { single: 2, multiple: 3, judge: 1, blank: 2, short: 10, practical: 10 };
const TRUE_WORDS = ['对', '正确', '是', '√', 'T', 'TRUE', 'Y'];
const FALSE_WORDS = ['错', '错误', '否', '×', 'X', 'F', 'FALSE', 'N'];

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const splitList = (text: string) =>
  text
    .split(/[；;|、，,/]/u)
    .map((s) => s.trim())
    .filter(Boolean);

/** "要点:4;步骤:6" or "要点（4分）；步骤（6分）" → rubric; empty → one criterion worth everything. */
function parseRubric(text: string, points: number): BankInput['rubric'] {
  const parts = text
    .split(/[；;\n]/u)
    .map((p) => /^(.+?)[（(:：\s]+(\d+(?:\.\d+)?)\s*分?[)）]?$/u.exec(p.trim()))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => ({ criterion: m[1]!.trim(), points: Number(m[2]) }));
  return parts.length ? parts : [{ criterion: '答案要点', points }];
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
}

/** Decides the type (when not given) and reads the answer in that type's shape. */
export function draftToQuestion(d: Draft): BankInput {
  const raw = (d.answer ?? '').trim();
  const upper = raw.toUpperCase().replace(/[\s,，、]/gu, '');
  let type = d.type;
  if (!type) {
    if (d.options.length >= 2) type = upper.length > 1 ? 'multiple' : 'single';
    else if (TRUE_WORDS.includes(upper) || FALSE_WORDS.includes(upper)) type = 'judge';
    else if (/_{2,}|（\s*）|\(\s*\)/u.test(d.stem)) type = 'blank';
    else type = 'short';
  }
  const points = d.points ?? DEFAULT_POINTS[type];
  const base = { type, stem: d.stem.trim(), points, tags: d.tags, explanation: d.explanation.trim(), ...(d.difficulty ? { difficulty: d.difficulty } : {}) };
  switch (type) {
    case 'single':
      return { ...base, options: d.options, answer: LETTERS.indexOf(upper) };
    case 'multiple':
      return { ...base, options: d.options, answer: [...upper].map((c) => LETTERS.indexOf(c)) };
    case 'judge':
      return { ...base, answer: TRUE_WORDS.includes(upper) ? true : FALSE_WORDS.includes(upper) ? false : (undefined as unknown as boolean) };
    case 'blank':
      return { ...base, answer: splitList(raw) };
    case 'short':
    case 'practical':
      return { ...base, ...(raw ? { answer: raw } : {}), rubric: parseRubric(d.rubric ?? '', points) };
  }
}

function checked(line: number, question: BankInput): ImportRow {
  try {
    checkQuestion(question, { survey: false });
    return { line, question };
  } catch (error) {
    return { line, error: (error as Error).message };
  }
}

const QUESTION_START = /^\s*(?:第\s*)?(\d{1,4})\s*(?:[.．、)）]|题[.．、:：]?)\s*(.+)$/u;
const OPTION = /^\s*([A-Ha-h])\s*[.．、)）:：]\s*(.*)$/u;
const FIELD = /^\s*(答案|正确答案|参考答案|解析|答案解析|知识点|难度|分值|分数|题型|评分标准)\s*[:：]\s*(.*)$/u;

/** Parses the Chinese paper layout; each question becomes a row with its line number. */
export function parseQuestionText(text: string): ImportRow[] {
  const rows: ImportRow[] = [];
  let current: { line: number; draft: Draft; last: 'stem' | 'option' | 'explanation' | 'answer' } | null = null;
  const flush = () => {
    if (current) rows.push(checked(current.line, draftToQuestion(current.draft)));
    current = null;
  };
  const lines = text.normalize('NFKC').split(/\r?\n/u);
  lines.forEach((rawLine, index) => {
    const line = rawLine.trim();
    if (!line) return;
    const start = QUESTION_START.exec(line);
    const field = FIELD.exec(line);
    const option = OPTION.exec(line);
    if (start && !field) {
      flush();
      current = { line: index + 1, draft: { stem: start[2]!, options: [], tags: [], explanation: '' }, last: 'stem' };
      return;
    }
    if (!current) return; // a heading before the first question
    const d = current.draft;
    if (field) {
      const [, name, value = ''] = field;
      if (/答案$/u.test(name!) && name !== '答案解析') {
        d.answer = value;
        current.last = 'answer';
      } else if (/解析/u.test(name!)) {
        d.explanation = value;
        current.last = 'explanation';
      } else if (name === '知识点') d.tags = splitList(value);
      else if (name === '难度') d.difficulty = Number(value) || undefined;
      else if (name === '分值' || name === '分数') d.points = Number.parseFloat(value) || undefined;
      else if (name === '题型') d.type = TYPE_NAMES[value.trim()];
      else if (name === '评分标准') d.rubric = value;
      return;
    }
    if (option && (current.last === 'stem' || current.last === 'option')) {
      d.options.push(option[2]!.trim());
      current.last = 'option';
      return;
    }
    // A continuation line belongs to what came before it.
    if (current.last === 'stem') d.stem += `\n${line}`;
    else if (current.last === 'explanation') d.explanation += `\n${line}`;
    else if (current.last === 'option') d.options[d.options.length - 1] += ` ${line}`;
  });
  flush();
  return rows;
}

/** Spreadsheet rows keyed by the template's headers (first row). */
export function parseQuestionRows(records: Array<Record<string, string>>, firstDataRow = 2): ImportRow[] {
  return records
    .map((r, i) => ({ r, line: i + firstDataRow }))
    .filter(({ r }) => Object.values(r).some((v) => String(v ?? '').trim()))
    .map(({ r, line }) => {
      const typeName = String(r['题型'] ?? '').trim();
      const type = typeName ? TYPE_NAMES[typeName] : undefined;
      if (typeName && !type) return { line, error: `题型“${typeName}”无法识别（可用：单选、多选、判断、填空、简答、实操）` };
      const options = LETTERS.slice(0, 8)
        .split('')
        .map((l) => String(r[`选项${l}`] ?? '').trim())
        .filter(Boolean);
      const draft: Draft = {
        ...(type ? { type } : {}),
        stem: String(r['题干'] ?? ''),
        options,
        answer: String(r['答案'] ?? ''),
        points: Number.parseFloat(String(r['分值'] ?? '')) || undefined,
        difficulty: Number.parseInt(String(r['难度'] ?? ''), 10) || undefined,
        tags: splitList(String(r['知识点'] ?? '')),
        explanation: String(r['解析'] ?? ''),
        rubric: String(r['评分标准'] ?? ''),
      };
      return checked(line, draftToQuestion(draft));
    });
}
