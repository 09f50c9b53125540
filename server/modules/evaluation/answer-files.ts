// Files a student answers a practical task with ("the student
// uploads a report, photo or video of a practical operation through the
// chunked uploader"). The answer holds the ids of the student's own uploads;
// who may read them is checked on every read: the student who uploaded them
// (the owner), and the teachers and managers of the course whose submission
// names them (registered with uploads, so GET /app/api/file/{id} serves them).
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { fileAccessToken, FILE_URL_PREFIX, findFile, type FileReader } from '../uploads/index.js';
import { courseRoleFor, holdsClientType, isCourseTeacher } from '../courses/index.js';
import { parseJson } from '../../db/json.js';

/** Files one practical task takes at most. */
export const MAX_ANSWER_FILES = 10;

export interface AnswerFile {
  id: string;
  name: string;
  size: number;
  mime: string;
  /** A signed link for this reader (downloads cannot send a token). */
  url: string;
}

/** Every file id the answers name for the practical tasks among `items`. */
export function practicalFileIds(items: Array<{ id: string; type: string }>, answers: Record<string, unknown>): string[] {
  return items.filter((i) => i.type === 'practical').flatMap((i) => (Array.isArray(answers[i.id]) ? (answers[i.id] as string[]) : []));
}

/** Refuses an answer naming a file that is not the student's own upload. */
export async function checkOwnFiles(ctx: ServerContext, userId: string, ids: string[]): Promise<void> {
  for (const id of ids) {
    const file = await findFile(ctx.db, id);
    if (!file || file.ownerId !== userId) throw badRequest('答案中的文件不存在或不是你上传的，请重新上传');
  }
}

/** The files an answer names, each with a link signed for this reader; files since deleted are left out. */
export async function answerFiles(ctx: ServerContext, reader: FileReader, ids: string[]): Promise<AnswerFile[]> {
  const out: AnswerFile[] = [];
  for (const id of ids) {
    const file = await findFile(ctx.db, id);
    if (!file) continue;
    const access = await fileAccessToken(ctx, id, reader);
    out.push({ id, name: file.name, size: file.size, mime: file.mime, url: `${FILE_URL_PREFIX}${id}?access=${access}&download=1` });
  }
  return out;
}

/**
 * Uploads' read check: a file named in a submitted answer is readable by the
 * teachers and managers of that evaluation's course. Never by other students.
 */
export async function mayReadAnswerFile(ctx: ServerContext, fileId: string, userId: string): Promise<boolean> {
  // Only the owner's own submissions can name the file: look there, not through every answer.
  const file = await findFile(ctx.db, fileId);
  if (!file) return false;
  const rows = await ctx.db
    .selectFrom('submissions')
    .innerJoin('evaluations', 'evaluations.id', 'submissions.evaluation_id')
    .select(['submissions.answers', 'evaluations.course_id'])
    .where('submissions.student_id', '=', file.ownerId)
    .where('submissions.status', '!=', 'in_progress')
    // LIKE wildcards in an id (`_` is one) only widen the match; the parse below decides.
    .where('submissions.answers', 'like', `%"${fileId}"%`)
    .limit(20)
    .execute();
  for (const row of rows) {
    const named = Object.values(parseJson<Record<string, unknown>>(row.answers, {})).some((v) => Array.isArray(v) && v.includes(fileId));
    if (!named) continue;
    if (await isCourseTeacher(ctx, userId, row.course_id)) return true;
    if ((await holdsClientType(ctx, userId, '2')) && (await courseRoleFor(ctx, userId, '2', row.course_id)) === 'manager') return true;
  }
  return false;
}
