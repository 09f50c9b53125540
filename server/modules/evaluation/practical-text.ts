// What the model grades a practical task from (practical reports
// are graded by the course's model against the rubric): the words of the
// documents the student uploaded, read by the knowledge library's parsers in
// their worker under its limits (knowledge/file-text.ts), never on a request
// thread. A task with any file the parsers cannot read (a photo, a video, an
// archive, a file too large) waits for the teacher, saying which file and
// why: a grade from part of the work would be a wrong grade.
import type { ServerContext } from '../../context.js';
import { fileTextInWorker, IndexFailure, readIndexLimits, unreadableReason } from '../knowledge/index.js';
import { findFile } from '../uploads/index.js';

/** Said on a practical task the model does not grade (no model, or no rubric). */
export const PRACTICAL_BY_TEACHER = '实操题由教师查看上传的文件后按量规评分';

/** Report text handed to the model, in characters (a report longer than this is graded from its beginning). */
export const REPORT_CHARS = 24_000;

/** The teacher grades this task; `reason` says which file could not be read and why (stored in zh-CN, read in the reader's language: feedback.ts). */
export const practicalForTeacher = (reason: string) => `${PRACTICAL_BY_TEACHER}：${reason}`;

/** Before queueing, without parsing: why these files cannot go to the model, or null when they may. */
export async function unreadableAnswerFiles(ctx: ServerContext, fileIds: string[]): Promise<string | null> {
  const limits = readIndexLimits(ctx.config.env);
  for (const id of fileIds) {
    const file = await findFile(ctx.db, id);
    const reason = file ? unreadableReason(file, limits) : null;
    if (reason) return practicalForTeacher(reason);
  }
  return null;
}

/** In the grading job: the report's text, or the words telling the teacher why they must read the files instead. */
export async function practicalReportText(ctx: ServerContext, fileIds: string[]): Promise<{ text: string } | { forTeacher: string }> {
  const limits = readIndexLimits(ctx.config.env);
  const parts: string[] = [];
  for (const id of fileIds) {
    const file = await findFile(ctx.db, id);
    if (!file) continue; // deleted since: the rest still stands
    const reason = unreadableReason(file, limits);
    if (reason) return { forTeacher: practicalForTeacher(reason) };
    try {
      parts.push(await fileTextInWorker(ctx, file, REPORT_CHARS));
    } catch (error) {
      if (error instanceof IndexFailure) return { forTeacher: practicalForTeacher(`「${file.name}」无法读取：${error.message}`) };
      throw error; // storage or the like: the queue tries again
    }
  }
  const text = parts.join('\n\n').slice(0, REPORT_CHARS);
  if (!text.trim()) return { forTeacher: practicalForTeacher('上传的文件中没有可读取的文字') };
  return { text };
}
