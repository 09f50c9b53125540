// SQL for a course's chapters and lessons, in order.
import { sql, type Kysely, type Selectable } from 'kysely';
import { parseJson } from '../../db/json.js';
import type { Database } from '../../db/schema.js';
import type { ChaptersTable, LessonsTable } from '../../db/tables/courses.js';

type Db = Kysely<Database>;

export interface LessonVideo {
  url: string;
  name: string;
  fileId?: string;
}

export interface LessonAttachment {
  fileId: string;
  name: string;
  size: number;
  mime: string;
  url: string;
}

export interface ChapterRecord {
  id: string;
  courseId: string;
  title: string;
  position: number;
}

export interface LessonRecord {
  id: string;
  courseId: string;
  chapterId: string;
  title: string;
  content: string;
  durationMinutes: number;
  video: LessonVideo | null;
  attachments: LessonAttachment[];
  position: number;
  createdAt: number;
  updatedAt: number;
}

const toChapter = (row: Selectable<ChaptersTable>): ChapterRecord => ({
  id: row.id,
  courseId: row.course_id,
  title: row.title,
  position: Number(row.position),
});

function toLesson(row: Selectable<LessonsTable>): LessonRecord {
  return {
    id: row.id,
    courseId: row.course_id,
    chapterId: row.chapter_id,
    title: row.title,
    content: row.content,
    durationMinutes: Number(row.duration_minutes),
    video: parseJson<LessonVideo | null>(row.video, null),
    attachments: parseJson<LessonAttachment[]>(row.attachments, []),
    position: Number(row.position),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export async function listChapters(db: Db, courseId: string): Promise<ChapterRecord[]> {
  const rows = await db.selectFrom('chapters').selectAll().where('course_id', '=', courseId).orderBy('position').orderBy('created_at').execute();
  return rows.map(toChapter);
}

/** Lessons of a course without their content (the outline). */
export async function listLessonHeads(db: Db, courseId: string): Promise<Array<Omit<LessonRecord, 'content'>>> {
  const rows = await db
    .selectFrom('lessons')
    .select(['id', 'course_id', 'chapter_id', 'title', 'duration_minutes', 'video', 'attachments', 'position', 'created_at', 'updated_at'])
    .where('course_id', '=', courseId)
    .orderBy('position')
    .orderBy('created_at')
    .execute();
  return rows.map((row) => {
    const { content: _content, ...head } = toLesson({ ...row, content: '' });
    return head;
  });
}

export async function countLessons(db: Db, courseIds: string[]): Promise<Map<string, number>> {
  const map = new Map<string, number>(courseIds.map((id) => [id, 0]));
  if (courseIds.length === 0) return map;
  const rows = await db
    .selectFrom('lessons')
    .select(['course_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('course_id', 'in', courseIds)
    .groupBy('course_id')
    .execute();
  for (const r of rows) map.set(r.course_id, Number(r.n));
  return map;
}

export async function findChapter(db: Db, id: string): Promise<ChapterRecord | null> {
  const row = await db.selectFrom('chapters').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toChapter(row) : null;
}

/**
 * Lessons whose video or attachments may name a file (the caller checks the
 * parsed lists: `_` in an id is a LIKE wildcard, so this can over-match).
 */
export async function lessonsHoldingFile(db: Db, fileId: string): Promise<Array<Pick<LessonRecord, 'courseId' | 'video' | 'attachments' | 'content'>>> {
  const pattern = `%"fileId":"${fileId}"%`;
  const rows = await db
    .selectFrom('lessons')
    .select(['course_id', 'video', 'attachments', 'content'])
    .where((eb) => eb.or([eb('attachments', 'like', pattern), eb('video', 'like', pattern), eb('content', 'like', `%/api/file/${fileId}%`)]))
    .execute();
  return rows.map((row) => ({
    courseId: row.course_id,
    content: row.content,
    video: parseJson<LessonVideo | null>(row.video, null),
    attachments: parseJson<LessonAttachment[]>(row.attachments, []),
  }));
}

export async function findLesson(db: Db, id: string): Promise<LessonRecord | null> {
  const row = await db.selectFrom('lessons').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toLesson(row) : null;
}

/** The next position at the end of a course's chapters or a chapter's lessons. */
export async function nextPosition(db: Db, table: 'chapters' | 'lessons', column: 'course_id' | 'chapter_id', id: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max<number>('position').as('p'))
    .where(sql.ref(column), '=', id)
    .executeTakeFirst();
  return row?.p === null || row?.p === undefined ? 0 : Number(row.p) + 1;
}

export async function insertChapter(db: Db, chapter: ChapterRecord, now: number): Promise<void> {
  await db
    .insertInto('chapters')
    .values({ id: chapter.id, course_id: chapter.courseId, title: chapter.title, position: chapter.position, created_at: now, updated_at: now })
    .execute();
}

export async function renameChapter(db: Db, id: string, title: string, now: number): Promise<void> {
  await db.updateTable('chapters').set({ title, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteChapter(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('lessons').where('chapter_id', '=', id).execute();
    await trx.deleteFrom('chapters').where('id', '=', id).execute();
  });
}

export async function insertLesson(db: Db, lesson: LessonRecord): Promise<void> {
  await db
    .insertInto('lessons')
    .values({
      id: lesson.id,
      course_id: lesson.courseId,
      chapter_id: lesson.chapterId,
      title: lesson.title,
      content: lesson.content,
      duration_minutes: lesson.durationMinutes,
      video: lesson.video ? JSON.stringify(lesson.video) : null,
      attachments: JSON.stringify(lesson.attachments),
      position: lesson.position,
      created_at: lesson.createdAt,
      updated_at: lesson.updatedAt,
    })
    .execute();
}

export type LessonChanges = Partial<Pick<LessonRecord, 'title' | 'content' | 'durationMinutes' | 'video' | 'attachments'>>;

export async function updateLesson(db: Db, id: string, changes: LessonChanges, now: number): Promise<void> {
  await db
    .updateTable('lessons')
    .set({
      ...(changes.title !== undefined ? { title: changes.title } : {}),
      ...(changes.content !== undefined ? { content: changes.content } : {}),
      ...(changes.durationMinutes !== undefined ? { duration_minutes: changes.durationMinutes } : {}),
      ...(changes.video !== undefined ? { video: changes.video ? JSON.stringify(changes.video) : null } : {}),
      ...(changes.attachments !== undefined ? { attachments: JSON.stringify(changes.attachments) } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteLesson(db: Db, id: string): Promise<void> {
  await db.deleteFrom('lessons').where('id', '=', id).execute();
}

/** Writes a whole new order in one transaction: chapters by index, lessons by chapter and index. */
export async function writeOutlineOrder(db: Db, order: Array<{ chapterId: string; lessonIds: string[] }>, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [ci, chapter] of order.entries()) {
      await trx.updateTable('chapters').set({ position: ci, updated_at: now }).where('id', '=', chapter.chapterId).execute();
      for (const [li, lessonId] of chapter.lessonIds.entries()) {
        await trx.updateTable('lessons').set({ chapter_id: chapter.chapterId, position: li }).where('id', '=', lessonId).execute();
      }
    }
  });
}
