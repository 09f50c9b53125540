// Reads a Moodle XML question bank (docs.moodle.org/en/Moodle_XML_format)
// into import rows, in the import worker. The XML is parsed with htmlparser2
// in XML mode, never with patterns over the markup; the texts inside are
// HTML and are read to plain text as every other import is
// (server/files/html-text.ts). What maps:
//   multichoice (single)  → single     multichoice (multiple) → multiple
//   truefalse             → judge      shortanswer, numerical → blank
//   essay                 → short (one criterion worth all its points, to be refined),
//                           or practical when it asks for files only
//   category              → the knowledge point of the questions after it
// Every other type (matching, cloze, description, drag and drop, …) comes
// back as a row naming it, never dropped without a word.
import { DomUtils, ElementType, parseDocument } from 'htmlparser2';
import { htmlToText } from '../../files/html-text.js';
import type { ServerLocale } from '../../i18n/locales.js';
import type { BankInput } from './bank.js';
import { keyPointsIn } from './bank-words.js';
import { categoryPoint, importedPoints, lineAt, questionNotes, unmappedReason } from './bank-exchange.js';
import { checkedQuestion, type ImportRow } from './question-import.js';

type XmlNode = ReturnType<typeof parseDocument>['children'][number];
type Element = Extract<XmlNode, { attribs: unknown }>;
const isElement = (node: XmlNode, name: string): node is Element => node.type === ElementType.Tag && (node as Element).name === name;
const child = (parent: Element, name: string): Element | undefined => parent.children.find((c): c is Element => isElement(c, name));
const children = (parent: Element, name: string): Element[] => parent.children.filter((c): c is Element => isElement(c, name));

/** The text of `<name><text>…</text></name>`: HTML read to plain text unless its format says otherwise. */
function textOf(element: Element | undefined): { text: string; images: number } {
  if (!element) return { text: '', images: 0 };
  const inner = child(element, 'text');
  const raw = DomUtils.textContent(inner ?? element);
  const format = element.attribs.format ?? 'html';
  if (format === 'html' || format === 'moodle_auto_format') return htmlToText(raw, { compact: true });
  return { text: raw.trim(), images: 0 };
}

const plainOf = (element: Element | undefined) => textOf(element).text;
/** A setting's value (`<single>true</single>`, `<defaultgrade>2.0</defaultgrade>`). */
const valueOf = (element: Element | undefined) => (element ? DomUtils.textContent(element).trim() : '');
const fractionOf = (answer: Element) => Number.parseFloat(answer.attribs.fraction ?? '0') || 0;

/** A number as an answer is written ("3.14", not "3.1400000"). */
const numberText = (text: string) => {
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? String(value) : text.trim();
};

interface Mapped {
  question?: BankInput;
  skipped?: string;
  notes: string[];
}

function mapQuestion(q: Element, type: string, base: Omit<BankInput, 'type' | 'points'>, grade: number | undefined, locale: ServerLocale): Mapped {
  const notes: string[] = [];
  const answers = children(q, 'answer');
  const points = (t: BankInput['type']) => importedPoints(t, grade);
  switch (type) {
    case 'multichoice': {
      const single = !/^(?:false|0)$/iu.test(valueOf(child(q, 'single')));
      const options = answers.map((a) => plainOf(a));
      const fractions = answers.map(fractionOf);
      if (single) {
        const best = Math.max(...fractions);
        if (fractions.some((f) => f > 0 && f < 100)) notes.push(questionNotes.partialCredit);
        return { question: { ...base, type: 'single', options, answer: fractions.indexOf(best), points: points('single') }, notes };
      }
      const right = fractions.flatMap((f, i) => (f > 0 ? [i] : []));
      return { question: { ...base, type: 'multiple', options, answer: right, points: points('multiple') }, notes };
    }
    case 'truefalse': {
      const right = answers.find((a) => fractionOf(a) >= 100);
      return { question: { ...base, type: 'judge', answer: plainOf(right).toLowerCase() === 'true', points: points('judge') }, notes };
    }
    case 'shortanswer':
    case 'numerical': {
      const full = answers.filter((a) => fractionOf(a) >= 100);
      if (full.length < answers.length) notes.push(questionNotes.partialCredit);
      if (type === 'numerical') {
        const tolerance = Math.max(0, ...full.map((a) => Number.parseFloat(valueOf(child(a, 'tolerance'))) || 0));
        if (tolerance > 0) notes.push(questionNotes.tolerance(String(tolerance)));
      }
      const accepted = full.map((a) => (type === 'numerical' ? numberText(plainOf(a)) : plainOf(a))).filter(Boolean);
      return { question: { ...base, type: 'blank', answer: [...new Set(accepted)], points: points('blank') }, notes };
    }
    case 'essay': {
      // "Files only" (no text box) is what a practical task asks for.
      const practical = valueOf(child(q, 'responseformat')) === 'noinline';
      const kind = practical ? 'practical' : 'short';
      const total = points(kind);
      const model = plainOf(child(q, 'graderinfo'));
      notes.push(questionNotes.rubricToFill);
      return {
        question: { ...base, type: kind, ...(model ? { answer: model } : {}), points: total, rubric: [{ criterion: keyPointsIn(locale), points: total }] },
        notes,
      };
    }
    default:
      return { skipped: unmappedReason(type), notes };
  }
}

/** `locale`: the importing teacher's (the one criterion of an essay's rubric). */
export function parseMoodleXml(xml: string, locale: ServerLocale): ImportRow[] {
  const document = parseDocument(xml, { xmlMode: true, withStartIndices: true });
  const quiz = DomUtils.findOne((e) => e.name === 'quiz', document.children, true);
  if (!quiz) return [];
  const rows: ImportRow[] = [];
  let category: string | undefined;
  for (const q of children(quiz, 'question')) {
    const type = q.attribs.type ?? '';
    const line = lineAt(xml, q.startIndex ?? 0);
    if (type === 'category') {
      category = categoryPoint(plainOf(child(q, 'category')));
      continue;
    }
    const stem = textOf(child(q, 'questiontext'));
    const tags = children(child(q, 'tags') ?? q, 'tag').map((t) => plainOf(t));
    const gradeText = valueOf(child(q, 'defaultgrade'));
    const grade = gradeText ? Number.parseFloat(gradeText) : undefined;
    const base = {
      stem: stem.text,
      tags: [...new Set([...(category ? [category] : []), ...tags.filter(Boolean)])],
      explanation: plainOf(child(q, 'generalfeedback')),
    };
    const mapped = mapQuestion(q, type, base, grade, locale);
    if (stem.images) mapped.notes.unshift(questionNotes.images(stem.images));
    rows.push(
      mapped.question ? checkedQuestion(line, mapped.question, mapped.notes) : { line, skipped: mapped.skipped!, stem: stem.text || plainOf(child(q, 'name')) },
    );
  }
  return rows;
}
