// File work of the evaluation area, each run in a worker with limits:
// reading an imported question file, and writing XLSX exports.
import type { ServerContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { ApiError, badRequest, notFound } from '../../http/errors.js';
import { findFile } from '../uploads/index.js';
import { runInWorker, WorkerLimitError, workerUrl } from '../../workers/run-worker.js';
import { FAIR_SHARE_NICE } from '../../workers/background-priority.js';
import type { ServerLocale } from '../../i18n/locales.js';
import type { ImportFileInput } from './import-worker.js';
import type { ImportRow } from './question-import.js';
import type { SheetSpec } from './xlsx-worker.js';
import type { ExchangeInput } from './bank-export-formats.js';

// A teacher waits for an import's preview: at the lowest priority a busy server starved it past its time limit.
const LIMITS = { memoryMb: 256, timeoutMs: 30_000, nice: FAIR_SHARE_NICE };
/**
 * Exports: a school's busiest moments (every teacher exporting at term's
 * end, on a small server) leave a worker waiting for a core, and under tsx it
 * also compiles itself first; two minutes covers a loaded machine.
 */
export const EXPORT_LIMITS = { memoryMb: 256, timeoutMs: 120_000 };
/** How long a client is asked to wait before trying an export that ran out of time again. */
export const EXPORT_RETRY_AFTER_SECONDS = 30;
export const EXPORT_BUSY_MESSAGE = '服务器繁忙，导出没能按时完成，请稍后重试';
/** Question files are small; a bigger one is almost surely the wrong file. */
const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

function kindOf(name: string): ImportFileInput['kind'] {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  if (ext === 'docx') return 'docx';
  if (ext === 'xlsx') return 'xlsx';
  if (ext === 'csv') return 'csv';
  if (ext === 'xml') return 'moodle';
  if (ext === 'gift') return 'gift';
  if (ext === 'txt' || ext === 'md') return 'text';
  throw badRequest('只能导入 Word（.docx）、Excel（.xlsx）、CSV、文本、Moodle XML（.xml）或 GIFT（.gift）文件');
}

/** The caller's own uploaded file, read and parsed into question rows in a worker. */
export async function readQuestionRows(ctx: ServerContext, user: AuthUser, fileId: string, locale: ServerLocale): Promise<ImportRow[]> {
  const file = await findFile(ctx.db, fileId);
  if (!file || file.ownerId !== user.id) throw notFound('文件不存在，请重新上传');
  if (file.size > MAX_IMPORT_BYTES) throw badRequest('题目文件不能超过 5 MB');
  const kind = kindOf(file.name);
  const bytes = await ctx.files.readAll(file.storedName);
  try {
    return await runInWorker<ImportFileInput, ImportRow[]>(workerUrl('./import-worker.js', import.meta.url), { bytes, kind, locale }, LIMITS);
  } catch (error) {
    if (error instanceof WorkerLimitError) throw badRequest(`文件无法读取：${error.message}`);
    throw badRequest('文件已损坏或格式无法识别，请按模板整理后再导入');
  }
}

/**
 * Writes an XLSX workbook in a worker (every area's export goes through here).
 * One that runs out of time answers 503 with Retry-After: the server was busy,
 * and the same export will likely finish a moment later.
 */
export async function writeXlsxInWorker(sheets: SheetSpec[], limits: { memoryMb: number; timeoutMs: number } = EXPORT_LIMITS): Promise<Buffer> {
  try {
    const bytes = await runInWorker<SheetSpec[], Uint8Array>(workerUrl('./xlsx-worker.js', import.meta.url), sheets, limits);
    return Buffer.from(bytes);
  } catch (error) {
    if (error instanceof WorkerLimitError && error.limit === 'time')
      throw new ApiError(503, EXPORT_BUSY_MESSAGE, { 'retry-after': String(EXPORT_RETRY_AFTER_SECONDS) });
    throw error;
  }
}

/** Writes a bank in Moodle XML, GIFT or Aiken in a worker (bank-export-formats.ts). */
export function writeExchangeInWorker(input: ExchangeInput): Promise<string> {
  return runInWorker<ExchangeInput, string>(workerUrl('./bank-export-formats.js', import.meta.url), input, LIMITS);
}
