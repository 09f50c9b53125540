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
import { readQuestionRows, writeXlsxInWorker } from './files.js';

/** `locale`: the importing teacher's, for what the importer writes itself (an empty rubric's one criterion). */
export async function importQuestions(ctx: ServerContext, user: AuthUser, input: { courseId: string; fileId: string; commit: boolean }, locale: ServerLocale) {
  await requireTeacher(ctx, user.id, user.clientType, input.courseId);
  const rows = await readQuestionRows(ctx, user, input.fileId, locale);
  if (rows.length === 0) throw badRequest('文件里没有找到题目，请按模板或“1. 题干 A. … 答案：B”的格式整理');
  const errors = rows.filter((r) => r.error).length;
  if (!input.commit || errors > 0) return { rows, errors, imported: 0 };
  const { ids } = await addToBank(
    ctx,
    user,
    input.courseId,
    rows.map((r) => r.question!),
  );
  return { rows, errors: 0, imported: ids.length };
}

/** The course's bank as an XLSX in the template's columns and the reader's language, so an export imports again unchanged. */
export async function exportBank(ctx: ServerContext, user: AuthUser, courseId: string, locale: ServerLocale): Promise<Buffer> {
  await requireTeacher(ctx, user.id, user.clientType, courseId);
  const questions = await listQuestions(ctx.db, courseId);
  return writeXlsxInWorker([bankSheet('题库', questions, locale)]);
}
