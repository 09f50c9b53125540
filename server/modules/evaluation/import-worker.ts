// Runs in a worker thread (server/workers/run-worker.ts): reads an imported
// question file into text (Word, plain text, Aiken) or header-keyed rows
// (spreadsheet, CSV), then parses those into questions, row by row; Moodle
// XML and GIFT banks are read by their own readers. A .txt file may be any
// of the text formats (Moodle exports GIFT and Aiken as .txt): its content
// says which.
// Decompression, XML parsing and the questions' parsing stay off the request
// thread, under the worker's memory and time limits: parsing the largest
// paper accepted (5 MB, some 10,000 questions) takes a quarter of a second.
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import mammoth from 'mammoth';
import { decodeText } from '../../files/text-decoding.js';
import type { ServerLocale } from '../../i18n/locales.js';
import { looksLikeGift, parseGift } from './gift-import.js';
import { parseMoodleXml } from './moodle-xml-import.js';
import { parseQuestionRows, parseQuestionText, type ImportRow } from './question-import.js';

export interface ImportFileInput {
  bytes: Uint8Array;
  kind: 'docx' | 'text' | 'xlsx' | 'csv' | 'moodle' | 'gift';
  /** The importing teacher's language (what the importer writes itself, question-import.ts). */
  locale: ServerLocale;
}

type FileContent = { kind: 'text' | 'moodle' | 'gift'; text: string } | { kind: 'rows'; records: Array<Record<string, string>> };

/** A text file's format by its content: Moodle XML, GIFT, or the paper layout (which reads Aiken too). */
function textKind(text: string): 'text' | 'moodle' | 'gift' {
  if (/^\s*(?:<\?xml[^>]*>\s*)?<quiz[\s>]/u.test(text.replace(/^\uFEFF/u, ''))) return 'moodle';
  return looksLikeGift(text) ? 'gift' : 'text';
}

/** A spreadsheet larger than this is refused rather than read. */
const MAX_ROWS = 5_000;

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return String(value.result ?? '');
    if (value instanceof Date) return value.toISOString().slice(0, 10);
  }
  return String(value);
}

async function readXlsx(bytes: Uint8Array): Promise<Array<Record<string, string>>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  if (sheet.rowCount > MAX_ROWS + 1) throw new Error(`表格最多 ${MAX_ROWS} 行`);
  const headers: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, col) => (headers[col] = cellText(cell.value).trim()));
  const records: Array<Record<string, string>> = [];
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const record: Record<string, string> = {};
    headers.forEach((h, col) => h && (record[h] = cellText(row.getCell(col).value)));
    records.push(record);
  }
  return records;
}

export default async function readImportFile(input: ImportFileInput): Promise<ImportRow[]> {
  const content = await readContent(input);
  switch (content.kind) {
    case 'rows':
      return parseQuestionRows(content.records, input.locale);
    case 'moodle':
      return parseMoodleXml(content.text, input.locale);
    case 'gift':
      return parseGift(content.text, input.locale);
    case 'text':
      return parseQuestionText(content.text, input.locale);
  }
}

async function readContent(input: ImportFileInput): Promise<FileContent> {
  const bytes = Buffer.from(input.bytes);
  switch (input.kind) {
    case 'docx':
      return { kind: 'text', text: (await mammoth.extractRawText({ buffer: bytes })).value };
    case 'text': {
      // UTF-8 or GBK (older Notepad, Excel's CSV on a Chinese Windows), as every uploaded text file is read.
      const text = decodeText(bytes);
      return { kind: textKind(text), text };
    }
    case 'moodle':
    case 'gift':
      return { kind: input.kind, text: decodeText(bytes) };
    case 'csv': {
      const records = parseCsv(decodeText(bytes), {
        columns: true,
        skip_empty_lines: true,
        relax_column_count: true,
        to: MAX_ROWS + 1,
      }) as Array<Record<string, string>>;
      if (records.length > MAX_ROWS) throw new Error(`表格最多 ${MAX_ROWS} 行`);
      return { kind: 'rows', records };
    }
    case 'xlsx':
      return { kind: 'rows', records: await readXlsx(bytes) };
  }
}
