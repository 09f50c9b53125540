// Runs in a worker thread: writes a course's bank in the formats other
// systems read (docs.moodle.org/en/Import_questions), so a school can take
// its questions to Moodle and back:
//   Moodle XML  every type; knowledge points as tags, points as the default
//               grade, the explanation as general feedback, a short answer's
//               model answer as information for graders, a practical task as
//               an essay answered with files only. Rubrics have no place in
//               Moodle and stay here.
//   GIFT        every type but practical; knowledge points as [tag:…]
//               comments. GIFT holds no points: they come back as the type's usual.
//   Aiken       single choice only (all the format holds), stems on one line.
// The importers (moodle-xml-import.ts, gift-import.ts, question-import.ts)
// read each of these back to the same questions.
import type { SheetQuestion } from './bank-sheet.js';
import { OPTION_LETTERS } from './bank-words.js';

export type ExchangeFormat = 'moodle' | 'gift' | 'aiken';

export interface ExchangeInput {
  format: ExchangeFormat;
  questions: SheetQuestion[];
}

const xmlEscape = (text: string) => text.replace(/[&<>"']/gu, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
/** Plain text as the HTML Moodle stores (line breaks kept), escaped for the XML around it. */
const htmlText = (text: string) => xmlEscape(`<p>${xmlEscape(text).replace(/\n/gu, '<br>')}</p>`);
const textElement = (name: string, text: string, format = 'html') =>
  `<${name} format="${format}"><text>${format === 'html' ? htmlText(text) : xmlEscape(text)}</text></${name}>`;
/** A share of 100 as Moodle writes grade fractions (five decimals, as its grade list holds them: 33.33333). */
const fraction = (share: number) => String(Number(share.toFixed(5)));

function moodleAnswers(q: SheetQuestion): string[] {
  const answer = q.answer;
  switch (q.type) {
    case 'single':
      return [
        '<single>true</single>',
        ...(q.options ?? []).map((o, i) => `<answer fraction="${i === answer ? 100 : 0}" format="html"><text>${htmlText(o)}</text></answer>`),
      ];
    case 'multiple': {
      const right = (answer as number[] | null) ?? [];
      const share = fraction(100 / Math.max(1, right.length));
      return [
        '<single>false</single>',
        ...(q.options ?? []).map((o, i) => `<answer fraction="${right.includes(i) ? share : 0}" format="html"><text>${htmlText(o)}</text></answer>`),
      ];
    }
    case 'judge':
      return [true, false].map((v) => `<answer fraction="${v === answer ? 100 : 0}" format="moodle_auto_format"><text>${v}</text></answer>`);
    case 'blank':
      return [
        '<usecase>0</usecase>',
        ...((answer as string[] | null) ?? []).map((a) => `<answer fraction="100" format="moodle_auto_format"><text>${xmlEscape(a)}</text></answer>`),
      ];
    case 'short':
    case 'practical': {
      const filesOnly = q.type === 'practical';
      return [
        `<responseformat>${filesOnly ? 'noinline' : 'editor'}</responseformat>`,
        `<responserequired>${filesOnly ? 0 : 1}</responserequired>`,
        `<attachments>${filesOnly ? -1 : 0}</attachments>`,
        `<attachmentsrequired>${filesOnly ? 1 : 0}</attachmentsrequired>`,
        textElement('graderinfo', typeof answer === 'string' ? answer : ''),
      ];
    }
  }
}

const MOODLE_TYPE = { single: 'multichoice', multiple: 'multichoice', judge: 'truefalse', blank: 'shortanswer', short: 'essay', practical: 'essay' } as const;

function moodleXml(questions: SheetQuestion[]): string {
  const items = questions.map((q, index) =>
    [
      `  <question type="${MOODLE_TYPE[q.type]}">`,
      `    <name><text>${xmlEscape(`${index + 1}. ${q.stem.split('\n')[0]!.slice(0, 60)}`)}</text></name>`,
      `    ${textElement('questiontext', q.stem)}`,
      `    ${textElement('generalfeedback', q.explanation)}`,
      `    <defaultgrade>${q.points}</defaultgrade>`,
      ...moodleAnswers(q).map((line) => `    ${line}`),
      q.tags.length ? `    <tags>${q.tags.map((t) => `<tag><text>${xmlEscape(t)}</text></tag>`).join('')}</tags>` : '',
      '  </question>',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${items.join('\n')}\n</quiz>\n`;
}

/** GIFT's marks (~ = # { } :) and the backslash, escaped; line breaks as \n. */
const giftEscape = (text: string) => text.replace(/[\\~=#{}:]/gu, (c) => `\\${c}`).replace(/\r?\n/gu, '\\n');

function giftAnswers(q: SheetQuestion): string | undefined {
  const answer = q.answer;
  switch (q.type) {
    case 'single':
      return (q.options ?? []).map((o, i) => `${i === answer ? '=' : '~'}${giftEscape(o)}`).join(' ');
    case 'multiple': {
      const right = (answer as number[] | null) ?? [];
      const share = fraction(100 / Math.max(1, right.length));
      return (q.options ?? []).map((o, i) => (right.includes(i) ? `~%${share}%` : '~') + giftEscape(o)).join(' ');
    }
    case 'judge':
      return answer ? 'TRUE' : 'FALSE';
    case 'blank':
      return ((answer as string[] | null) ?? []).map((a) => `=${giftEscape(a)}`).join(' ');
    case 'short':
      return '';
    case 'practical':
      return undefined;
  }
}

function gift(questions: SheetQuestion[]): string {
  return questions
    .flatMap((q) => {
      const answers = giftAnswers(q);
      if (answers === undefined) return [];
      const tags = q.tags.length ? [`// ${q.tags.map((t) => `[tag:${t.replace(/[\]\n]/gu, ' ')}]`).join(' ')}`] : [];
      const feedback = q.explanation ? ` ####${giftEscape(q.explanation)}` : '';
      return [[...tags, `${giftEscape(q.stem)} {${answers}${feedback}}`].join('\n')];
    })
    .join('\n\n')
    .concat('\n');
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/gu, ' ').trim();

function aiken(questions: SheetQuestion[]): string {
  return questions
    .filter((q) => q.type === 'single' && typeof q.answer === 'number' && (q.options?.length ?? 0) <= OPTION_LETTERS.length)
    .map((q) =>
      [oneLine(q.stem), ...(q.options ?? []).map((o, i) => `${OPTION_LETTERS[i]}. ${oneLine(o)}`), `ANSWER: ${OPTION_LETTERS[q.answer as number]}`].join('\n'),
    )
    .join('\n\n')
    .concat('\n');
}

export default function writeExchange(input: ExchangeInput): string {
  switch (input.format) {
    case 'moodle':
      return moodleXml(input.questions);
    case 'gift':
      return gift(input.questions);
    case 'aiken':
      return aiken(input.questions);
  }
}
