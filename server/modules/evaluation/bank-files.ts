// Importing questions from a file (preview, then all-or-nothing commit) and
// exporting the bank (the template a teacher fills in is bank-template.ts).
import type { ServerContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import type { ServerLocale } from '../../i18n/locales.js';
import { requireTeacher } from '../courses/index.js';
import { addToBank } from './bank.js';
import { bankSheet } from './bank-sheet.js';
import { listQuestions } from './bank-store.js';
import { readQuestionRows, writeExchangeInWorker, writeXlsxInWorker } from './files.js';
import type { ExchangeFormat } from './bank-export-formats.js';

/** `locale`: the importing teacher's, for what the importer writes itself (an empty rubric's one criterion). */
export async function importQuestions(ctx: ServerContext, user: AuthUser, input: { courseId: string; fileId: string; commit: boolean }, locale: ServerLocale) {
  await requireTeacher(ctx, user.id, user.clientType, input.courseId);
  const rows = await readQuestionRows(ctx, user, input.fileId, locale);
  if (rows.length === 0) throw badRequest('文件里没有找到题目，请按模板或“1. 题干 A. … 答案：B”的格式整理');
  const errors = rows.filter((r) => r.error).length;
  // Questions of a type with no counterpart here are named in every row list and left out; they never block the rest.
  const skipped = rows.filter((r) => r.skipped).length;
  const questions = rows.flatMap((r) => (r.question ? [r.question] : []));
  if (!input.commit || errors > 0 || questions.length === 0) return { rows, errors, skipped, imported: 0 };
  const { ids } = await addToBank(ctx, user, input.courseId, questions);
  return { rows, errors: 0, skipped, imported: ids.length };
}

export type BankFileFormat = 'xlsx' | ExchangeFormat;

/**
 * The course's bank as an XLSX in the template's columns and the reader's
 * language, so an export imports again unchanged; or in Moodle XML, GIFT or
 * Aiken for other systems (bank-export-formats.ts says what each holds).
 */
export async function exportBank(
  ctx: ServerContext,
  user: AuthUser,
  courseId: string,
  locale: ServerLocale,
  format: BankFileFormat = 'xlsx',
): Promise<Buffer | string> {
  await requireTeacher(ctx, user.id, user.clientType, courseId);
  const questions = await listQuestions(ctx.db, courseId);
  if (format === 'xlsx') return writeXlsxInWorker([bankSheet('题库', questions, locale)]);
  return writeExchangeInWorker({ format, questions });
}
