// The roster a manager uploads in the browser (CSV or XLSX): read in a
// worker, then checked and written by the same code as `npm run users --
// import` (roster-import.ts). Also the downloadable template.
import type { ServerContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { translateMessage } from '../../i18n/translate.js';
import type { ServerLocale } from '../../i18n/locales.js';
import { importRosterTable, ROSTER_COLUMNS, type RosterProblem, type RosterResult, type RosterTable } from './roster-import.js';
import type { RosterFileInput } from './roster-sheet.js';
import { findFile } from '../uploads/index.js';
import { runInWorker, WorkerLimitError, workerUrl } from '../../workers/run-worker.js';
import { writeXlsxInWorker } from '../evaluation/index.js';

const LIMITS = { memoryMb: 256, timeoutMs: 60_000 };
/** A whole school's roster is well under this. */
const MAX_ROSTER_BYTES = 10 * 1024 * 1024;

function kindOf(name: string): RosterFileInput['kind'] {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (ext === 'xlsx') return 'xlsx';
  if (ext === 'csv') return 'csv';
  throw badRequest('名单只能是 Excel（.xlsx）或 CSV 文件');
}

/** The caller's uploaded roster file, read in a worker into a header and numbered rows. */
async function readRosterUpload(ctx: ServerContext, user: AuthUser, fileId: string): Promise<RosterTable | RosterProblem> {
  const file = await findFile(ctx.db, fileId);
  if (!file || file.ownerId !== user.id) throw notFound('文件不存在，请重新上传');
  if (file.size > MAX_ROSTER_BYTES) throw badRequest('名单文件不能超过 10 MB');
  const kind = kindOf(file.name);
  const bytes = await ctx.files.readAll(file.storedName);
  try {
    return await runInWorker<RosterFileInput, RosterTable | RosterProblem>(workerUrl('./roster-sheet.js', import.meta.url), { bytes, kind }, LIMITS);
  } catch (error) {
    if (error instanceof WorkerLimitError) throw badRequest(`文件无法读取：${error.message}`);
    throw badRequest('文件已损坏或格式无法识别，请按模板整理后再导入');
  }
}

/**
 * Imports the uploaded roster: every row checked first, nothing written when
 * any is wrong. Accounts made here must change the password of their row at
 * first sign-in (it was in a file a manager handed round).
 */
export async function importRosterUpload(ctx: ServerContext, user: AuthUser, fileId: string): Promise<RosterResult> {
  const table = await readRosterUpload(ctx, user, fileId);
  return importRosterTable(ctx.db, table, { now: ctx.now(), mustChangePassword: true });
}

/**
 * A row's reasons in the reader's language: a reason the catalogue knows
 * whole, else each of the reasons joined by '；' on its own.
 */
export function localizedProblems(problems: RosterProblem[], locale: ServerLocale): RosterProblem[] {
  if (locale === 'zh-CN') return problems;
  const joiner = locale === 'zh-TW' ? '；' : '; ';
  const translate = (reason: string) => {
    const whole = translateMessage(reason, locale);
    return whole !== reason
      ? whole
      : reason
          .split('；')
          .map((part) => translateMessage(part, locale))
          .join(joiner);
  };
  return problems.map((p) => ({ line: p.line, reason: translate(p.reason) }));
}

const TEMPLATE_ROWS = [
  ['t2025001', '刘老师', '1', '2025级数控技术1班', 'change-me-001'],
  ['s2025001', '陈小明', '3', '2025级数控技术1班', 'change-me-002'],
  ['dean', '周主任', '2|1', '', 'change-me-003'],
];

export function rosterTemplateCsv(): string {
  // A BOM so Excel opens the Chinese names as UTF-8.
  return `\ufeff${[ROSTER_COLUMNS, ...TEMPLATE_ROWS].map((row) => row.join(',')).join('\r\n')}\r\n`;
}

export function rosterTemplateXlsx(): Promise<Buffer> {
  return writeXlsxInWorker([{ name: 'roster', headers: ROSTER_COLUMNS, rows: TEMPLATE_ROWS, widths: [14, 12, 12, 22, 16] }]);
}
