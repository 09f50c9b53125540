// Runs in a worker thread (server/workers/run-worker.ts): reads an imported
// word list, TXT with one word a line or XLSX with the word in the first
// column and its category in the second, so decompressing and parsing a
// spreadsheet stays off the request thread.
import ExcelJS from 'exceljs';
import { decodeText } from '../../files/text-decoding.js';

export interface WordFileInput {
  bytes: Uint8Array;
  kind: 'txt' | 'xlsx';
}

export interface ReadWord {
  word: string;
  category?: string;
}

/** A list longer than this is refused rather than read. */
export const MAX_IMPORT_WORDS = 100_000;
const MAX_WORD_LENGTH = 64;

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && !(value instanceof Date)) {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return String(value.result ?? '');
  }
  return String(value);
}

async function readXlsx(bytes: Uint8Array): Promise<ReadWord[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const words: ReadWord[] = [];
  if (!sheet) return words;
  for (let n = 1; n <= Math.min(sheet.rowCount, MAX_IMPORT_WORDS + 1); n += 1) {
    const row = sheet.getRow(n);
    words.push({ word: cellText(row.getCell(1).value).trim(), category: cellText(row.getCell(2).value).trim() });
  }
  return words;
}

function readTxt(bytes: Uint8Array): ReadWord[] {
  return decodeText(Buffer.from(bytes))
    .split(/\r?\n/u)
    .slice(0, MAX_IMPORT_WORDS)
    .map((line) => ({ word: line.trim() }));
}

export default async function readWordFile(input: WordFileInput): Promise<ReadWord[]> {
  const words = input.kind === 'xlsx' ? await readXlsx(input.bytes) : readTxt(input.bytes);
  return words.filter((w) => w.word.length > 0 && w.word.length <= MAX_WORD_LENGTH && !/^(word|词|敏感词)$/iu.test(w.word));
}
