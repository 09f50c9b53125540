// Chapters and lessons: the teacher's editor (create, rename, edit, delete,
// reorder by drag and drop) and the reader (a lesson opened by a student
// records progress; marking it complete).
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { ClientType } from '../../db/schema.js';
import { ApiError, badRequest, notFound } from '../../http/errors.js';
import type { ServerLocale } from '../../i18n/locales.js';
import { translateMessage } from '../../i18n/translate.js';
import { findFile } from '../uploads/index.js';
import { LESSON_NOT_FOUND, requireCourseRole, requireTeacher, type CourseRole } from './access.js';
import { dayOf } from './days.js';
import { checkAttachments, checkContent, checkVideo, fileUrl, lessonFileIds } from './media.js';
import {
  deleteChapter,
  deleteLesson,
  findChapter,
  findLesson,
  insertChapter,
  insertLesson,
  listChapters,
  listLessonHeads,
  nextPosition,
  renameChapter,
  updateLesson,
  writeOutlineOrder,
  type ChapterRecord,
  type LessonChanges,
  type LessonRecord,
} from './outline-store.js';
import { progressOf, recordOpened, setCompleted } from './progress-store.js';
import { updateCourse } from './store.js';
import { lessonView, type LessonView } from './views.js';

const CHAPTER_NOT_FOUND = '章节不存在或已删除';
/** 409 when a generated video would replace the lesson's own: the client asks, then sends replaceVideo. */
export const VIDEO_TAKEN = '这个课时已有视频，确认替换后再插入';
/**
 * The words under an inserted picture the teacher gave none for. They become
 * part of the lesson text (the teacher may edit them), so they are written in
 * the inserting teacher's language, not translated for each reader.
 */
export const PICTURE_CAPTION = 'AI生成';

export interface LessonInput {
  title?: string;
  content?: string;
  durationMinutes?: number;
  video?: { fileId?: string; url?: string; name?: string } | null;
  attachments?: Array<{ fileId: string }>;
}

/** A chapter or lesson whose course the caller teaches; anything else is "not found" with `missing`. */
async function teachersItem<T extends { courseId: string }>(
  ctx: ServerContext,
  userId: string,
  clientType: ClientType,
  item: T | null,
  missing: string,
): Promise<T> {
  if (!item) throw notFound(missing);
  await requireTeacher(ctx, userId, clientType, item.courseId).catch(() => {
    throw notFound(missing);
  });
  return item;
}

const teachersChapter = async (ctx: ServerContext, userId: string, clientType: ClientType, id: string) =>
  teachersItem(ctx, userId, clientType, await findChapter(ctx.db, id), CHAPTER_NOT_FOUND);
const teachersLesson = async (ctx: ServerContext, userId: string, clientType: ClientType, id: string) =>
  teachersItem(ctx, userId, clientType, await findLesson(ctx.db, id), LESSON_NOT_FOUND);

const touch = (ctx: ServerContext, courseId: string) => updateCourse(ctx.db, courseId, { updatedAt: ctx.now() });

export async function addChapter(ctx: ServerContext, userId: string, clientType: ClientType, courseId: string, title: string): Promise<ChapterRecord> {
  await requireTeacher(ctx, userId, clientType, courseId);
  const clean = title.trim();
  if (!clean) throw badRequest('章节名称不能为空');
  const chapter: ChapterRecord = { id: newId(), courseId, title: clean, position: await nextPosition(ctx.db, 'chapters', 'course_id', courseId) };
  await insertChapter(ctx.db, chapter, ctx.now());
  await touch(ctx, courseId);
  return chapter;
}

export async function editChapter(ctx: ServerContext, userId: string, clientType: ClientType, chapterId: string, title: string): Promise<ChapterRecord> {
  const chapter = await teachersChapter(ctx, userId, clientType, chapterId);
  const clean = title.trim();
  if (!clean) throw badRequest('章节名称不能为空');
  await renameChapter(ctx.db, chapter.id, clean, ctx.now());
  await touch(ctx, chapter.courseId);
  return { ...chapter, title: clean };
}

export async function removeChapter(ctx: ServerContext, userId: string, clientType: ClientType, chapterId: string): Promise<void> {
  const chapter = await teachersChapter(ctx, userId, clientType, chapterId);
  await deleteChapter(ctx.db, chapter.id);
  await touch(ctx, chapter.courseId);
}

/** `current` is the lesson being edited: its files may stay even when a co-teacher uploaded them. */
async function checkedLessonChanges(ctx: ServerContext, userId: string, input: LessonInput, current: LessonRecord | null = null): Promise<LessonChanges> {
  const kept = lessonFileIds(current);
  const changes: LessonChanges = {};
  if (input.title !== undefined) {
    changes.title = input.title.trim();
    if (!changes.title) throw badRequest('课时名称不能为空');
  }
  if (input.content !== undefined) changes.content = await checkContent(ctx, userId, input.content, kept);
  if (input.durationMinutes !== undefined) changes.durationMinutes = input.durationMinutes;
  if (input.video !== undefined) changes.video = await checkVideo(ctx, userId, input.video, kept);
  if (input.attachments !== undefined) changes.attachments = await checkAttachments(ctx, userId, input.attachments, kept);
  return changes;
}

export async function addLesson(
  ctx: ServerContext,
  userId: string,
  clientType: ClientType,
  chapterId: string,
  input: LessonInput & { title: string },
): Promise<LessonView> {
  const chapter = await teachersChapter(ctx, userId, clientType, chapterId);
  const changes = await checkedLessonChanges(ctx, userId, input);
  const now = ctx.now();
  const lesson: LessonRecord = {
    id: newId(),
    courseId: chapter.courseId,
    chapterId: chapter.id,
    title: changes.title!,
    content: changes.content ?? '',
    durationMinutes: changes.durationMinutes ?? 0,
    video: changes.video ?? null,
    attachments: changes.attachments ?? [],
    position: await nextPosition(ctx.db, 'lessons', 'chapter_id', chapter.id),
    createdAt: now,
    updatedAt: now,
  };
  await insertLesson(ctx.db, lesson);
  await touch(ctx, chapter.courseId);
  return lessonView(lesson, null);
}

export async function editLesson(ctx: ServerContext, userId: string, clientType: ClientType, lessonId: string, input: LessonInput): Promise<LessonView> {
  const lesson = await teachersLesson(ctx, userId, clientType, lessonId);
  const changes = await checkedLessonChanges(ctx, userId, input, lesson);
  const now = ctx.now();
  await updateLesson(ctx.db, lesson.id, changes, now);
  await touch(ctx, lesson.courseId);
  return lessonView({ ...lesson, ...changes, updatedAt: now }, null);
}

export async function removeLesson(ctx: ServerContext, userId: string, clientType: ClientType, lessonId: string): Promise<void> {
  const lesson = await teachersLesson(ctx, userId, clientType, lessonId);
  await deleteLesson(ctx.db, lesson.id);
  await touch(ctx, lesson.courseId);
}

/**
 * Saves a new order of the whole outline. The client sends every chapter of
 * the course with every lesson in it, so a stale editor (another teacher
 * changed the outline meanwhile) is refused instead of losing lessons.
 */
export async function reorderOutline(
  ctx: ServerContext,
  userId: string,
  clientType: ClientType,
  courseId: string,
  order: Array<{ id: string; lessonIds: string[] }>,
): Promise<void> {
  await requireTeacher(ctx, userId, clientType, courseId);
  const [chapters, lessons] = await Promise.all([listChapters(ctx.db, courseId), listLessonHeads(ctx.db, courseId)]);
  const sentChapters = order.map((c) => c.id);
  const sentLessons = order.flatMap((c) => c.lessonIds);
  const same = (a: string[], b: string[]) => a.length === b.length && new Set(a).size === a.length && a.every((id) => b.includes(id));
  if (
    !same(
      sentChapters,
      chapters.map((c) => c.id),
    ) ||
    !same(
      sentLessons,
      lessons.map((l) => l.id),
    )
  ) {
    throw badRequest('课程目录已被修改，请刷新后重新排序');
  }
  await writeOutlineOrder(
    ctx.db,
    order.map((c) => ({ chapterId: c.id, lessonIds: c.lessonIds })),
    ctx.now(),
  );
  await touch(ctx, courseId);
}

/** A lesson of a course the caller may open from their side, with their role in it. */
async function readableLesson(
  ctx: ServerContext,
  userId: string,
  clientType: ClientType,
  lessonId: string,
): Promise<{ lesson: LessonRecord; role: CourseRole }> {
  const lesson = await findLesson(ctx.db, lessonId);
  if (!lesson) throw notFound(LESSON_NOT_FOUND);
  const role = await requireCourseRole(ctx, userId, clientType, lesson.courseId).catch(() => {
    throw notFound(LESSON_NOT_FOUND);
  });
  return { lesson, role };
}

/** A lesson as its reader may see it; a student's first opening is recorded, and every day they come back. */
export async function readLesson(ctx: ServerContext, userId: string, clientType: ClientType, lessonId: string): Promise<LessonView> {
  const { lesson, role } = await readableLesson(ctx, userId, clientType, lessonId);
  if (role !== 'student') return lessonView(lesson, null);
  const now = ctx.now();
  await recordOpened(ctx.db, { userId, lessonId: lesson.id, courseId: lesson.courseId, now, day: dayOf(now) });
  return lessonView(lesson, (await progressOf(ctx.db, userId, lesson.courseId)).get(lesson.id) ?? null);
}

export async function markCompleted(ctx: ServerContext, userId: string, clientType: ClientType, lessonId: string, completed: boolean): Promise<LessonView> {
  const { lesson, role } = await readableLesson(ctx, userId, clientType, lessonId);
  if (role !== 'student') throw badRequest('只有学生可以记录学习进度');
  const now = ctx.now();
  await setCompleted(ctx.db, { userId, lessonId: lesson.id, courseId: lesson.courseId, completedAt: completed ? now : null, now });
  await recordOpened(ctx.db, { userId, lessonId: lesson.id, courseId: lesson.courseId, now, day: dayOf(now) });
  return lessonView(lesson, (await progressOf(ctx.db, userId, lesson.courseId)).get(lesson.id) ?? null);
}

export interface LessonInsert {
  /** The teacher's own file: a generated picture or video, or a mind map exported as a picture. */
  fileId: string;
  /** Words under a picture (its alt text). */
  caption?: string;
  /** The lesson already has a video: replace it (the teacher confirmed). */
  replaceVideo?: boolean;
}

/**
 * Puts a generated result into a lesson as the content the lesson has for it:
 * a picture goes into the lesson text (published, like any picture there), a
 * video becomes the lesson video. A lesson's existing video is replaced only
 * when the teacher said so (409 first, so nothing is lost by a stray click).
 * `locale`: the teacher's language, for a picture's default caption.
 */
export async function insertIntoLesson(
  ctx: ServerContext,
  userId: string,
  clientType: ClientType,
  lessonId: string,
  input: LessonInsert,
  locale: ServerLocale,
): Promise<LessonView> {
  const lesson = await teachersLesson(ctx, userId, clientType, lessonId);
  const file = await findFile(ctx.db, input.fileId);
  // Only the teacher's own result: naming someone else's file reads as a missing one.
  if (!file || file.ownerId !== userId) throw badRequest('要插入的文件不存在或不属于你');
  let changes: LessonInput;
  if (file.mime.startsWith('image/')) {
    const caption =
      (input.caption ?? '')
        // Brackets would end the markdown image early; the words stay on one line.
        .replace(/[[\]()\s]+/gu, ' ')
        .trim()
        .slice(0, 60) || translateMessage(PICTURE_CAPTION, locale);
    const picture = `![${caption}](${fileUrl(file.id)})`;
    changes = { content: lesson.content.trim() ? `${lesson.content.trimEnd()}\n\n${picture}\n` : `${picture}\n` };
  } else if (file.mime.startsWith('video/')) {
    if (lesson.video && lesson.video.fileId !== file.id && !input.replaceVideo) throw new ApiError(409, VIDEO_TAKEN);
    changes = { video: { fileId: file.id, name: input.caption?.trim().slice(0, 100) || file.name } };
  } else {
    throw badRequest('只能插入图片或视频');
  }
  return editLesson(ctx, userId, clientType, lesson.id, changes);
}
