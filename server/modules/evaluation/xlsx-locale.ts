// An export in the reader's language: the server builds its workbooks with
// its own words in zh-CN (as it raises messages), and this puts the sheet
// names, the column headers and the cells of label columns (a row's measure,
// a question's type, a record's outcome) into the request's language through
// the server catalogue (server/i18n/catalogue/exports.ts). What people wrote
// (names, stems, tags) is left as written.
import { translateMessage } from '../../i18n/translate.js';
import type { ServerLocale } from '../../i18n/locales.js';
import type { SheetSpec } from './xlsx-worker.js';

/** Excel refuses a sheet name longer than this. */
const SHEET_NAME_MAX = 31;

export function sheetsInLocale(sheets: SheetSpec[], locale: ServerLocale): SheetSpec[] {
  if (locale === 'zh-CN') return sheets;
  const say = (text: string) => translateMessage(text, locale);
  return sheets.map((sheet) => {
    const labels = new Set(sheet.labelColumns ?? []);
    const written = new Set(sheet.writtenHeaders ?? []);
    return {
      ...sheet,
      name: say(sheet.name).slice(0, SHEET_NAME_MAX),
      headers: sheet.headers.map((header, i) => (written.has(i) ? header : say(header))),
      rows: labels.size === 0 ? sheet.rows : sheet.rows.map((row) => row.map((cell, i) => (labels.has(i) && typeof cell === 'string' ? say(cell) : cell))),
    };
  });
}
