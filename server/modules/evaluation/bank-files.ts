// Importing questions from a file (preview, then all-or-nothing commit),
// exporting the bank, and the spreadsheet template a teacher fills in.
import type { ServerContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { requireTeacher } from '../courses/index.js';
import { addToBank } from './bank.js';
import { listQuestions, type BankQuestion } from './bank-store.js';
import { readQuestionFile, writeXlsxInWorker } from './files.js';
import { parseQuestionRows, parseQuestionText, TEMPLATE_HEADERS, type ImportRow } from './question-import.js';

const TYPE_LABELS = { single: '单选', multiple: '多选', judge: '判断', blank: '填空', short: '简答', practical: '实操' } as const;
const LETTERS = 'ABCDEFGH';

export async function importQuestions(ctx: ServerContext, user: AuthUser, input: { courseId: string; fileId: string; commit: boolean }) {
  await requireTeacher(ctx, user.id, user.clientType, input.courseId);
  const content = await readQuestionFile(ctx, user, input.fileId);
  const rows: ImportRow[] = content.kind === 'text' ? parseQuestionText(content.text) : parseQuestionRows(content.records);
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

function answerText(q: BankQuestion): string {
  const a = q.answer;
  if (q.type === 'single' && typeof a === 'number') return LETTERS[a] ?? '';
  if (q.type === 'multiple' && Array.isArray(a)) return (a as number[]).map((i) => LETTERS[i]).join('');
  if (q.type === 'judge') return a === true ? '对' : a === false ? '错' : '';
  if (q.type === 'blank' && Array.isArray(a)) return (a as string[]).join('；');
  return typeof a === 'string' ? a : '';
}

function bankRow(q: BankQuestion): Array<string | number> {
  const options = Array.from({ length: 6 }, (_, i) => q.options?.[i] ?? '');
  return [
    TYPE_LABELS[q.type],
    q.stem,
    ...options,
    answerText(q),
    q.points,
    q.difficulty,
    q.tags.join('、'),
    q.explanation,
    (q.rubric ?? []).map((r) => `${r.criterion}:${r.points}`).join('；'),
  ];
}

/** The course's bank as an XLSX in the import template's columns, so an export imports again unchanged. */
export async function exportBank(ctx: ServerContext, user: AuthUser, courseId: string): Promise<Buffer> {
  await requireTeacher(ctx, user.id, user.clientType, courseId);
  const questions = await listQuestions(ctx.db, courseId);
  return writeXlsxInWorker([
    { name: '题库', headers: [...TEMPLATE_HEADERS], rows: questions.map(bankRow), widths: [8, 50, 16, 16, 16, 16, 16, 16, 12, 8, 8, 16, 30, 24] },
  ]);
}

const TEMPLATE_EXAMPLES: Array<Array<string | number>> = [
  ['单选', '数控车床的主轴功能字是？', 'S', 'F', 'T', 'M', '', '', 'A', 2, 2, '指令', 'S 指定主轴转速。', ''],
  ['多选', '以下哪些是插补指令？', 'G01', 'G02', 'M03', 'G03', '', '', 'ABD', 3, 3, '指令', '', ''],
  ['判断', 'G00 是快速定位指令。', '', '', '', '', '', '', '对', 1, 1, '指令', '', ''],
  ['填空', '程序结束并返回的指令是 ____。', '', '', '', '', '', '', 'M30；M 30', 2, 2, '程序结构', '', ''],
  ['简答', '简述对刀的原理和步骤。', '', '', '', '', '', '', '确定工件坐标系……', 10, 3, '对刀', '', '原理:6；步骤:4'],
];

export async function bankTemplate(): Promise<Buffer> {
  return writeXlsxInWorker([
    { name: '题库导入模板', headers: [...TEMPLATE_HEADERS], rows: TEMPLATE_EXAMPLES, widths: [8, 50, 16, 16, 16, 16, 16, 16, 12, 8, 8, 16, 30, 24] },
  ]);
}
