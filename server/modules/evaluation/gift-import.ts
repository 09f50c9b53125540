// Reads a GIFT question bank (docs.moodle.org/en/GIFT_format) into import
// rows with gift-pegjs, in the import worker. Questions are separated by a
// blank line, as Moodle reads them; each is parsed on its own, so one
// question GIFT cannot read is named with its line and the rest still come.
// What maps:
//   {=a ~b}              → single          {~%50%a ~%50%b ~c} → multiple
//   {T} {F}              → judge           {=a =b}, {#3.14}   → blank
//   {}                   → short (one criterion worth all its points, to be refined)
//   $CATEGORY: a/b       → knowledge point b for the questions after it
//   // [tag:x]           → knowledge point x
// Matching questions and descriptions come back as rows naming them.
import { parse, type GIFTQuestion, type NumericalChoice, type NumericalFormat, type TextFormat } from 'gift-pegjs';
import { htmlToText } from '../../files/html-text.js';
import type { ServerLocale } from '../../i18n/locales.js';
import type { BankInput } from './bank.js';
import { keyPointsIn } from './bank-words.js';
import { categoryPoint, importedPoints, questionNotes, unmappedReason } from './bank-exchange.js';
import { checkedQuestion, type ImportRow } from './question-import.js';

/** A GIFT text in its declared format: [html] is read to plain text; Moodle's, plain and Markdown are kept as written. */
function plain(text: TextFormat | null | undefined): { text: string; images: number } {
  if (!text) return { text: '', images: 0 };
  return text.format === 'html' ? htmlToText(text.text, { compact: true }) : { text: text.text.trim(), images: 0 };
}

type Mapped = { question: BankInput; notes: string[] } | { skipped: string };

function numericalAnswers(choices: NumericalChoice[] | NumericalFormat, notes: string[]): string[] | undefined {
  const formats = Array.isArray(choices) ? choices.filter((c) => c.isCorrect && (c.weight ?? 100) >= 100).map((c) => c.text) : [choices];
  if (Array.isArray(choices) && formats.length < choices.length) notes.push(questionNotes.partialCredit);
  const accepted: string[] = [];
  for (const f of formats) {
    if (f.type === 'high-low' || f.number === undefined) return undefined;
    if (f.type === 'range' && f.range) notes.push(questionNotes.tolerance(String(f.range)));
    accepted.push(String(f.number));
  }
  return accepted;
}

function mapQuestion(q: Exclude<GIFTQuestion, { type: 'Category' }>, base: Omit<BankInput, 'type' | 'points'>, locale: ServerLocale): Mapped {
  const notes: string[] = [];
  switch (q.type) {
    case 'MC': {
      const options = q.choices.map((c) => plain(c.text).text);
      // "=" marks the one right option; "~%50%" marks one of several.
      const right = q.choices.flatMap((c, i) => (c.isCorrect || (c.weight ?? 0) > 0 ? [i] : []));
      const multiple = q.choices.some((c) => !c.isCorrect && (c.weight ?? 0) > 0);
      if (multiple) return { question: { ...base, type: 'multiple', options, answer: right, points: importedPoints('multiple', undefined) }, notes };
      if (q.choices.some((c) => c.weight !== null && c.weight > 0 && c.weight < 100)) notes.push(questionNotes.partialCredit);
      const best = q.choices.findIndex((c) => c.isCorrect);
      return { question: { ...base, type: 'single', options, answer: best, points: importedPoints('single', undefined) }, notes };
    }
    case 'TF':
      return { question: { ...base, type: 'judge', answer: q.isTrue, points: importedPoints('judge', undefined) }, notes };
    case 'Short': {
      const full = q.choices.filter((c) => c.isCorrect && (c.weight ?? 100) >= 100);
      if (full.length < q.choices.length) notes.push(questionNotes.partialCredit);
      const answer = [...new Set(full.map((c) => plain(c.text).text).filter(Boolean))];
      return { question: { ...base, type: 'blank', answer, points: importedPoints('blank', undefined) }, notes };
    }
    case 'Numerical': {
      const answer = numericalAnswers(q.choices, notes);
      if (!answer) return { skipped: '数值范围答案无法作为填空题的答案，未导入' };
      return { question: { ...base, type: 'blank', answer, points: importedPoints('blank', undefined) }, notes };
    }
    case 'Essay': {
      const points = importedPoints('short', undefined);
      notes.push(questionNotes.rubricToFill);
      return { question: { ...base, type: 'short', points, rubric: [{ criterion: keyPointsIn(locale), points }] }, notes };
    }
    case 'Matching':
    case 'Description':
      return { skipped: unmappedReason(q.type) };
  }
}

/** One question's text with its first line; blank lines end a question. */
function blocksOf(text: string): Array<{ line: number; text: string }> {
  const blocks: Array<{ line: number; lines: string[] }> = [];
  let open = false;
  text.split(/\r?\n/u).forEach((line, index) => {
    if (!line.trim()) {
      open = false;
      return;
    }
    if (!open) blocks.push({ line: index + 1, lines: [] });
    open = true;
    blocks.at(-1)!.lines.push(line);
  });
  // A block of comments alone (a file's heading) holds no question.
  return blocks.filter((b) => b.lines.some((l) => !l.trim().startsWith('//'))).map((b) => ({ line: b.line, text: b.lines.join('\n') }));
}

/** `locale`: the importing teacher's (the one criterion of an essay's rubric). */
export function parseGift(text: string, locale: ServerLocale): ImportRow[] {
  const rows: ImportRow[] = [];
  let category: string | undefined;
  for (const block of blocksOf(text.replace(/^\uFEFF/u, ''))) {
    let questions: GIFTQuestion[];
    try {
      questions = parse(`${block.text}\n`);
    } catch (error) {
      const found = (error as { found?: string | null }).found;
      rows.push({ line: block.line, error: found ? `GIFT 格式无法识别（在“${found}”处）` : 'GIFT 格式无法识别' });
      continue;
    }
    for (const q of questions) {
      if (q.type === 'Category') {
        category = categoryPoint(q.title);
        continue;
      }
      const stem = plain(q.stem);
      const base = {
        stem: stem.text,
        tags: [...new Set([...(category ? [category] : []), ...(q.tags ?? [])])],
        explanation: q.type === 'Description' ? '' : plain(q.globalFeedback).text,
      };
      const mapped = mapQuestion(q, base, locale);
      if ('skipped' in mapped) {
        rows.push({ line: block.line, skipped: mapped.skipped, stem: stem.text || (q.title ?? '') });
        continue;
      }
      if (stem.images) mapped.notes.unshift(questionNotes.images(stem.images));
      rows.push(checkedQuestion(block.line, mapped.question, mapped.notes));
    }
  }
  return rows;
}

/** Whether a text file is GIFT rather than the paper layout: a category line, a "::title::" or an answer block in braces. */
export function looksLikeGift(text: string): boolean {
  return text
    .split(/\r?\n/u)
    .some((line) => /^\s*(?:\$CATEGORY:|::.+?::)/u.test(line) || /(?<!\\)\{\s*(?:[=~#]|T(?:RUE)?\s*\}|F(?:ALSE)?\s*\}|\})/u.test(line));
}
