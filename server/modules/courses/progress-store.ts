// SQL for students' progress: lessons opened and completed, and the days
// they were active in a course.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

export interface ProgressRecord {
  lessonId: string;
  openedAt: number;
  completedAt: number | null;
}

/** The first opening is kept; later ones only add the day to the visits. */
export async function recordOpened(db: Db, input: { userId: string; lessonId: string; courseId: string; now: number; day: string }): Promise<void> {
  await db
    .insertInto('lesson_progress')
    .values({ user_id: input.userId, lesson_id: input.lessonId, course_id: input.courseId, opened_at: input.now, completed_at: null })
    .onConflict((oc) => oc.columns(['user_id', 'lesson_id']).doNothing())
    .execute();
  await recordVisit(db, input.courseId, input.userId, input.day);
}

export async function recordVisit(db: Db, courseId: string, userId: string, day: string): Promise<void> {
  await db
    .insertInto('course_visits')
    .values({ course_id: courseId, user_id: userId, day })
    .onConflict((oc) => oc.columns(['course_id', 'day', 'user_id']).doNothing())
    .execute();
}

export async function setCompleted(
  db: Db,
  input: { userId: string; lessonId: string; courseId: string; completedAt: number | null; now: number },
): Promise<void> {
  await db
    .insertInto('lesson_progress')
    .values({ user_id: input.userId, lesson_id: input.lessonId, course_id: input.courseId, opened_at: input.now, completed_at: input.completedAt })
    .onConflict((oc) => oc.columns(['user_id', 'lesson_id']).doUpdateSet({ completed_at: input.completedAt }))
    .execute();
}

export async function progressOf(db: Db, userId: string, courseId: string): Promise<Map<string, ProgressRecord>> {
  const rows = await db
    .selectFrom('lesson_progress')
    .select(['lesson_id', 'opened_at', 'completed_at'])
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .execute();
  return new Map(
    rows.map((r) => [
      r.lesson_id,
      { lessonId: r.lesson_id, openedAt: Number(r.opened_at), completedAt: r.completed_at === null ? null : Number(r.completed_at) },
    ]),
  );
}

export interface ProgressSummary {
  completed: number;
  opened: number;
  /** The lesson opened most recently, to resume from. */
  lastLessonId: string | null;
}

/** Per course: how many lessons this student completed and opened (lessons still in the course only). */
export async function progressSummaries(db: Db, userId: string, courseIds: string[]): Promise<Map<string, ProgressSummary>> {
  const map = new Map<string, ProgressSummary>(courseIds.map((id) => [id, { completed: 0, opened: 0, lastLessonId: null }]));
  if (courseIds.length === 0) return map;
  const rows = await db
    .selectFrom('lesson_progress')
    .select(['course_id', 'lesson_id', 'opened_at', 'completed_at'])
    .where('user_id', '=', userId)
    .where('course_id', 'in', courseIds)
    .orderBy('opened_at', 'desc')
    .execute();
  for (const r of rows) {
    const s = map.get(r.course_id)!;
    s.opened += 1;
    if (r.completed_at !== null) s.completed += 1;
    s.lastLessonId ??= r.lesson_id;
  }
  return map;
}
