// The fixed words of a question-bank file (column headers, question types,
// true/false), in every language the product speaks, in this one table. The
// template and the export write the reader's words (the first of each list);
// the importer reads the words of any language, because a school mixes
// teachers and a file one made may be imported by another. The table is kept
// apart from the message catalogue on purpose: files already written depend
// on these words, so they must not change when a message's wording does.
// Words are compared without case or spaces; no word may mean two things
// (test/server/evaluation/evaluation-bank-words.test.ts checks `bankWordClashes`).
import type { QuestionType } from '../../db/tables/evaluation.js';
import { SERVER_LOCALES, type ServerLocale } from '../../i18n/locales.js';

type Words = Record<ServerLocale, readonly string[]>;

/** Option columns a file may hold: as many as a question may have options (schemas.ts, 26). */
export const OPTION_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/**
 * A Russian paper letters its options in its own alphabet (А Б В Г …, without
 * Ё and Й, as Russian lists are lettered): Cyrillic В is the third option,
 * not B, whatever it looks like.
 */
const CYRILLIC_OPTION_LETTERS = 'АБВГДЕЖЗИКЛМНОПРСТУФХЦЧШЩЭЮЯ';
/** Which option a letter names (Latin or Russian, either case), or -1. */
export function optionIndex(letter: string): number {
  const upper = letter.toUpperCase();
  const latin = OPTION_LETTERS.indexOf(upper);
  return latin >= 0 ? latin : CYRILLIC_OPTION_LETTERS.indexOf(upper);
}
/** The template has six option columns; an export has as many as its widest question needs. */
const FEWEST_OPTION_COLUMNS = 6;
export type OptionColumn = `option${string}`;
export type BankColumn = 'type' | 'stem' | OptionColumn | 'answer' | 'points' | 'difficulty' | 'tags' | 'explanation' | 'rubric' | 'levels';

/** How each language names an option column: the prefix, then the letter. */
const OPTION_PREFIXES: Words = {
  'zh-CN': ['选项'],
  'en-US': ['Option ', 'Choice '],
  'zh-TW': ['選項'],
  'ko-KR': ['보기 ', '선택지 '],
  'ru-RU': ['Вариант '],
};

const COLUMN_WORDS: Record<Exclude<BankColumn, OptionColumn>, Words> = {
  type: { 'zh-CN': ['题型'], 'en-US': ['Type', 'Question type'], 'zh-TW': ['題型'], 'ko-KR': ['유형', '문제 유형'], 'ru-RU': ['Тип', 'Тип вопроса'] },
  stem: { 'zh-CN': ['题干'], 'en-US': ['Question', 'Stem'], 'zh-TW': ['題幹'], 'ko-KR': ['문제', '문항'], 'ru-RU': ['Вопрос', 'Текст вопроса'] },
  answer: {
    'zh-CN': ['答案', '正确答案', '参考答案'],
    'en-US': ['Answer', 'Correct answer'],
    'zh-TW': ['答案', '正確答案', '參考答案'],
    'ko-KR': ['정답', '답'],
    'ru-RU': ['Ответ', 'Правильный ответ'],
  },
  points: { 'zh-CN': ['分值', '分数'], 'en-US': ['Points', 'Score'], 'zh-TW': ['分值', '分數'], 'ko-KR': ['배점', '점수'], 'ru-RU': ['Баллы', 'Балл'] },
  difficulty: { 'zh-CN': ['难度'], 'en-US': ['Difficulty'], 'zh-TW': ['難度'], 'ko-KR': ['난이도'], 'ru-RU': ['Сложность'] },
  tags: {
    'zh-CN': ['知识点'],
    'en-US': ['Knowledge points', 'Knowledge point', 'Tags'],
    'zh-TW': ['知識點'],
    'ko-KR': ['지식 포인트', '태그'],
    'ru-RU': ['Темы', 'Тема'],
  },
  explanation: { 'zh-CN': ['解析', '答案解析'], 'en-US': ['Explanation'], 'zh-TW': ['解析', '答案解析'], 'ko-KR': ['해설'], 'ru-RU': ['Пояснение'] },
  rubric: { 'zh-CN': ['评分标准'], 'en-US': ['Rubric'], 'zh-TW': ['評分標準'], 'ko-KR': ['채점 기준'], 'ru-RU': ['Критерии оценки'] },
  // A criterion's level descriptions, one criterion a line: "Principle: Complete | Partly right | Missing".
  levels: {
    'zh-CN': ['评分等级'],
    'en-US': ['Rubric levels', 'Levels'],
    'zh-TW': ['評分等級'],
    'ko-KR': ['채점 등급'],
    'ru-RU': ['Уровни оценки'],
  },
};

/** The first word of each language agrees with the analysis export's type words (server/i18n/catalogue/exports.ts). */
const TYPE_WORDS: Record<QuestionType, Words> = {
  // The internal names (single, multiple, …) were read before any translation; kept so such files still import.
  single: { 'zh-CN': ['单选', '单选题'], 'en-US': ['Single choice', 'single'], 'zh-TW': ['單選', '單選題'], 'ko-KR': ['단일 선택'], 'ru-RU': ['Один ответ'] },
  multiple: {
    'zh-CN': ['多选', '多选题'],
    'en-US': ['Multiple choice', 'multiple'],
    'zh-TW': ['多選', '多選題'],
    'ko-KR': ['복수 선택'],
    'ru-RU': ['Несколько ответов'],
  },
  judge: {
    'zh-CN': ['判断', '判断题'],
    'en-US': ['True or false', 'True/false', 'judge'],
    'zh-TW': ['判斷', '判斷題', '是非題'],
    'ko-KR': ['참/거짓', 'OX'],
    'ru-RU': ['Верно или неверно'],
  },
  blank: {
    'zh-CN': ['填空', '填空题'],
    'en-US': ['Fill in the blank', 'Fill-in-the-blank', 'blank'],
    'zh-TW': ['填空', '填空題'],
    'ko-KR': ['빈칸 채우기'],
    'ru-RU': ['Заполнить пропуск'],
  },
  short: {
    'zh-CN': ['简答', '简答题', '论述', '论述题'],
    'en-US': ['Short answer', 'short'],
    'zh-TW': ['簡答', '簡答題', '論述', '論述題'],
    'ko-KR': ['단답형', '서술형'],
    'ru-RU': ['Краткий ответ'],
  },
  practical: {
    'zh-CN': ['实操', '实操题'],
    'en-US': ['Practical', 'practical'],
    'zh-TW': ['實操', '實操題'],
    'ko-KR': ['실기'],
    'ru-RU': ['Практическое задание'],
  },
};
export const QUESTION_TYPES = Object.keys(TYPE_WORDS) as QuestionType[];

/** A true/false question's answer; the marks (√ × T F Y N X) are read in every language. */
const TRUTH_WORDS: Record<'true' | 'false', Words> = {
  true: {
    'zh-CN': ['对', '正确', '是', '√'],
    'en-US': ['True', 'T', 'Yes', 'Y'],
    'zh-TW': ['對', '正確', '是', '√'],
    'ko-KR': ['참', '맞음', 'O', '○'],
    'ru-RU': ['Верно', 'Да', 'Правда'],
  },
  false: {
    'zh-CN': ['错', '错误', '否', '×'],
    'en-US': ['False', 'F', 'No', 'N', 'X'],
    'zh-TW': ['錯', '錯誤', '否', '×'],
    'ko-KR': ['거짓', '틀림', 'X'],
    'ru-RU': ['Неверно', 'Нет', 'Ложь'],
  },
};

/** The one criterion of an imported question whose rubric cell is empty, in the importing teacher's language. */
const KEY_POINTS: Record<ServerLocale, string> = {
  'zh-CN': '答案要点',
  'en-US': 'Key points',
  'zh-TW': '答案要點',
  'ko-KR': '답안 핵심',
  'ru-RU': 'Ключевые моменты',
};
export const keyPointsIn = (locale: ServerLocale): string => KEY_POINTS[locale];

/** How a word is compared: width-folded (full-width letters), without case or spaces. */
export const normalizeWord = (word: string): string => word.normalize('NFKC').toLowerCase().replace(/\s+/gu, '');

const optionColumn = (letter: string) => `option${letter}` as OptionColumn;

function columnWords(column: BankColumn, locale: ServerLocale): readonly string[] {
  if (!column.startsWith('option')) return COLUMN_WORDS[column as Exclude<BankColumn, OptionColumn>][locale];
  const letter = column.slice('option'.length);
  return OPTION_PREFIXES[locale].map((prefix) => prefix + letter);
}

/** A file's columns, in order, with room for `options` options (at least six, the template's). */
export function fileColumns(options = FEWEST_OPTION_COLUMNS): BankColumn[] {
  const count = Math.min(OPTION_LETTERS.length, Math.max(FEWEST_OPTION_COLUMNS, options));
  return [
    'type',
    'stem',
    ...[...OPTION_LETTERS.slice(0, count)].map(optionColumn),
    'answer',
    'points',
    'difficulty',
    'tags',
    'explanation',
    'rubric',
    'levels',
  ];
}
const ALL_COLUMNS: readonly BankColumn[] = fileColumns(OPTION_LETTERS.length);

// Every word of every language, pointing at what it means ("column:answer", "type:single", "truth:true").
const meanings = new Map<string, Set<string>>();
function learn(words: Words, meaning: string) {
  for (const locale of SERVER_LOCALES) {
    for (const word of words[locale]) {
      const key = normalizeWord(word);
      meanings.set(key, (meanings.get(key) ?? new Set()).add(meaning));
    }
  }
}
for (const column of ALL_COLUMNS) learn(Object.fromEntries(SERVER_LOCALES.map((l) => [l, columnWords(column, l)])) as Words, `column:${column}`);
for (const type of QUESTION_TYPES) learn(TYPE_WORDS[type], `type:${type}`);
learn(TRUTH_WORDS.true, 'truth:true');
learn(TRUTH_WORDS.false, 'truth:false');

/** Words that mean two different things (each with its meanings); must be none. */
export function bankWordClashes(): string[] {
  return [...meanings].filter(([, what]) => what.size > 1).map(([word, what]) => `${word}: ${[...what].join(', ')}`);
}

function meaningOf(word: string, kind: 'column' | 'type' | 'truth'): string | undefined {
  const found = meanings.get(normalizeWord(word));
  if (!found || found.size !== 1) return undefined;
  const meaning = [...found][0]!;
  return meaning.startsWith(`${kind}:`) ? meaning.slice(kind.length + 1) : undefined;
}

// Reading: any language.
export const columnOf = (header: string): BankColumn | undefined => meaningOf(header, 'column') as BankColumn | undefined;
export const typeOf = (word: string): QuestionType | undefined => meaningOf(word, 'type') as QuestionType | undefined;
export function truthOf(word: string): boolean | undefined {
  const meaning = meaningOf(word, 'truth');
  return meaning === undefined ? undefined : meaning === 'true';
}

/** Every word of every language that names one of `columns` (the labels a paper's lines may carry). */
export const columnWordsAll = (columns: readonly BankColumn[]): string[] =>
  columns.flatMap((column) => SERVER_LOCALES.flatMap((locale) => columnWords(column, locale).map((w) => w.trim())));

// Writing: the reader's language.
export const headerIn = (column: BankColumn, locale: ServerLocale): string => columnWords(column, locale)[0]!.trim();
export const typeIn = (type: QuestionType, locale: ServerLocale): string => TYPE_WORDS[type][locale][0]!;
export const truthIn = (value: boolean, locale: ServerLocale): string => TRUTH_WORDS[value ? 'true' : 'false'][locale][0]!;

/** How the language writes a list in a cell: accepted answers and rubric criteria, and knowledge points (the importer reads either). */
export function listSeparators(locale: ServerLocale): { items: string; tags: string } {
  return locale.startsWith('zh') ? { items: '；', tags: '、' } : { items: '; ', tags: ', ' };
}
