// Runs in a worker thread: writes sheets of plain values to an XLSX file
// (question bank export and template, analysis export). Kept generic so every
// export in the area goes through this one writer.
import ExcelJS from 'exceljs';

export interface SheetSpec {
  name: string;
  headers: string[];
  rows: Array<Array<string | number | null>>;
  /** Column widths in characters, optional. */
  widths?: number[];
  /** Columns whose text is the server's own words (a row's label, a type, an outcome): put into the reader's language with the headers (xlsx-locale.ts). */
  labelColumns?: number[];
  /** Headers that are people's words, already in the reader's language (an indicator a manager named): left as they are. */
  writtenHeaders?: number[];
}

export default async function writeXlsx(sheets: SheetSpec[]): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Zhixue';
  for (const spec of sheets) {
    const sheet = workbook.addWorksheet(spec.name.slice(0, 31));
    sheet.addRow(spec.headers).font = { bold: true };
    for (const row of spec.rows) sheet.addRow(row);
    spec.headers.forEach((h, i) => (sheet.getColumn(i + 1).width = spec.widths?.[i] ?? Math.max(10, Math.min(50, h.length * 2 + 4))));
    sheet.views = [{ state: 'frozen', ySplit: 1 }];
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
