// Reading a roster file into a header and numbered rows, before any check:
// CSV here (the command line and the browser import share it), a spreadsheet
// in roster-sheet.ts. `line` is what a person finds in their editor: the CSV
// line a record ends on, or the spreadsheet's row number.
import type { CsvError } from 'csv-parse/sync';
import { requirePackage } from '../../require-package.js';

export interface RosterProblem {
  line: number;
  reason: string;
}

export interface RosterTable {
  /** Column names, lower-case. */
  header: string[];
  headerLine: number;
  records: Array<{ line: number; cells: string[] }>;
}

export const EMPTY_ROSTER_REASON = '文件是空的；第一行应为表头 username,name,client_type,class,password';

export function parseRosterCsv(text: string): RosterTable | RosterProblem {
  // Loaded with the first roster, not by every start of the server.
  const csv = requirePackage<typeof import('csv-parse/sync')>('csv-parse/sync');
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    // With info: true each record comes with the line it ends on (the typings miss this).
    records = csv.parse(text, { info: true, bom: true, skip_empty_lines: true, trim: true, relax_column_count: true }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof csv.CsvError) return { line: (error as CsvError & { lines?: number }).lines ?? 1, reason: `CSV 格式错误：${error.message}` };
    throw error;
  }
  const [first, ...rest] = records;
  if (!first) return { line: 1, reason: EMPTY_ROSTER_REASON };
  return {
    header: first.record.map((h) => h.toLowerCase()),
    headerLine: first.info.lines,
    records: rest.map((r) => ({ line: r.info.lines, cells: r.record })),
  };
}
