// Runs in a worker thread (server/workers/run-worker.ts): reads a roster
// uploaded in the browser, CSV or XLSX, into a RosterTable. Decompressing
// and parsing a spreadsheet stays off the request thread.
import ExcelJS from 'exceljs';
import { decodeText } from '../../files/text-decoding.js';
import { EMPTY_ROSTER_REASON, parseRosterCsv, type RosterProblem, type RosterTable } from './roster-table.js';

export interface RosterFileInput {
  bytes: Uint8Array;
  kind: 'csv' | 'xlsx';
}

/** A roster bigger than this is refused rather than read (a whole school is a few thousand). */
export const MAX_ROSTER_ROWS = 20_000;

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return String(value.result ?? '');
  }
  return String(value);
}

async function readXlsx(bytes: Uint8Array): Promise<RosterTable | RosterProblem> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    return { line: 1, reason: '文件不是有效的 Excel（.xlsx）表格' };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount === 0) return { line: 1, reason: EMPTY_ROSTER_REASON };
  if (sheet.rowCount > MAX_ROSTER_ROWS + 1) return { line: MAX_ROSTER_ROWS + 2, reason: `表格最多 ${MAX_ROSTER_ROWS} 行` };
  const width = sheet.columnCount;
  const rowCells = (n: number) => {
    const row = sheet.getRow(n);
    const cells: string[] = [];
    for (let c = 1; c <= width; c += 1) cells.push(cellText(row.getCell(c).value).trim());
    // Trailing empty cells are not columns (as a CSV line has none).
    while (cells.length && cells[cells.length - 1] === '') cells.pop();
    return cells;
  };
  let headerLine = 1;
  while (headerLine <= sheet.rowCount && rowCells(headerLine).length === 0) headerLine += 1;
  if (headerLine > sheet.rowCount) return { line: 1, reason: EMPTY_ROSTER_REASON };
  const header = rowCells(headerLine).map((h) => h.toLowerCase());
  const records: RosterTable['records'] = [];
  for (let line = headerLine + 1; line <= sheet.rowCount; line += 1) {
    const cells = rowCells(line);
    if (cells.length === 0) continue; // a blank row, as skip_empty_lines does for CSV
    // Columns left empty at the end of a row still count as the header's columns.
    while (cells.length < header.length) cells.push('');
    records.push({ line, cells });
  }
  return { header, headerLine, records };
}

export default async function readRosterFile(input: RosterFileInput): Promise<RosterTable | RosterProblem> {
  if (input.kind === 'xlsx') return readXlsx(input.bytes);
  // Excel on a Chinese Windows saves CSV as GBK: read as every uploaded text file is.
  return parseRosterCsv(decodeText(Buffer.from(input.bytes)));
}
