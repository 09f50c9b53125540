// SQL behind the course board: what students did in a course since a moment.
// Teachers of the course are left out everywhere (their test questions and
// previews are not student activity), and questions count only from the
// course's students (not a manager trying the course AI).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

const notTeacher = (courseColumn: string, userColumn: string) =>
  sql`not exists (select 1 from course_teachers t where t.course_id = ${sql.ref(courseColumn)} and t.user_id = ${sql.ref(userColumn)})`;

/** The user is a student of the course now (a manager trying the course AI is not). */
const enrolledStudent = (courseColumn: string, userColumn: string) =>
  sql`(exists (select 1 from course_members cm where cm.course_id = ${sql.ref(courseColumn)} and cm.user_id = ${sql.ref(userColumn)})
    or exists (select 1 from course_classes cc join class_members k on k.class_id = cc.class_id and k.role = 'student'
               where cc.course_id = ${sql.ref(courseColumn)} and k.user_id = ${sql.ref(userColumn)}))`;

export interface QuestionRow {
  courseId: string;
  userId: string;
  content: string;
  contentType: string;
  createdAt: number;
}

/** Students' questions to the AI in chats of these courses since `since`, newest first, at most `limit`. */
export async function courseQuestions(db: Db, courseIds: string[], since: number, limit: number): Promise<QuestionRow[]> {
  if (courseIds.length === 0) return [];
  const rows = await db
    .selectFrom('chat_messages as m')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .select(['c.course_id', 'c.user_id', 'm.content', 'm.content_type', 'm.created_at'])
    .where('c.course_id', 'in', courseIds)
    .where('m.role', '=', 'user')
    .where('m.created_at', '>=', since)
    .where(notTeacher('c.course_id', 'c.user_id') as never)
    .where(enrolledStudent('c.course_id', 'c.user_id') as never)
    .orderBy('m.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ courseId: r.course_id!, userId: r.user_id, content: r.content, contentType: r.content_type, createdAt: Number(r.created_at) }));
}

/** Days (YYYY-MM-DD) each student opened a lesson, since `sinceDay`. */
export async function courseVisits(db: Db, courseIds: string[], sinceDay: string): Promise<Array<{ courseId: string; userId: string; day: string }>> {
  if (courseIds.length === 0) return [];
  const rows = await db
    .selectFrom('course_visits as v')
    .select(['v.course_id', 'v.user_id', 'v.day'])
    .where('v.course_id', 'in', courseIds)
    .where('v.day', '>=', sinceDay)
    .where(notTeacher('v.course_id', 'v.user_id') as never)
    .execute();
  return rows.map((r) => ({ courseId: r.course_id, userId: r.user_id, day: r.day }));
}

export interface LessonProgressRow {
  lessonId: string;
  userId: string;
  openedAt: number;
  completedAt: number | null;
}

/** Every student's progress row in the course (lessons still in it). */
export async function courseProgressRows(db: Db, courseId: string): Promise<LessonProgressRow[]> {
  const rows = await db
    .selectFrom('lesson_progress as p')
    .select(['p.lesson_id', 'p.user_id', 'p.opened_at', 'p.completed_at'])
    .where('p.course_id', '=', courseId)
    .where(notTeacher('p.course_id', 'p.user_id') as never)
    .execute();
  return rows.map((r) => ({
    lessonId: r.lesson_id,
    userId: r.user_id,
    openedAt: Number(r.opened_at),
    completedAt: r.completed_at === null ? null : Number(r.completed_at),
  }));
}

export interface EnrolledStudent {
  id: string;
  name: string;
  username: string;
  /** Class names they come through; empty when joined by code only. */
  classes: string[];
  viaCode: boolean;
}

/** The students of a course: through its classes and by join code, each once. */
export async function enrolledStudents(db: Db, courseId: string): Promise<EnrolledStudent[]> {
  const [byClass, byCode] = await Promise.all([
    db
      .selectFrom('course_classes as cc')
      .innerJoin('class_members as cm', 'cm.class_id', 'cc.class_id')
      .innerJoin('classes as k', 'k.id', 'cc.class_id')
      .innerJoin('users as u', 'u.id', 'cm.user_id')
      .select(['u.id', 'u.name', 'u.username', 'k.name as class_name'])
      .where('cc.course_id', '=', courseId)
      .where('cm.role', '=', 'student')
      .execute(),
    db
      .selectFrom('course_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.name', 'u.username'])
      .where('m.course_id', '=', courseId)
      .execute(),
  ]);
  const students = new Map<string, EnrolledStudent>();
  for (const r of byClass) {
    const s = students.get(r.id) ?? { id: r.id, name: r.name, username: r.username, classes: [], viaCode: false };
    s.classes.push(r.class_name);
    students.set(r.id, s);
  }
  for (const r of byCode) {
    const s = students.get(r.id) ?? { id: r.id, name: r.name, username: r.username, classes: [], viaCode: false };
    s.viaCode = true;
    students.set(r.id, s);
  }
  return [...students.values()].sort((a, b) => a.username.localeCompare(b.username));
}
