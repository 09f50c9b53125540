// SQL for courses, their teachers, classes and code-joined members. Rows map
// to camelCase records here; JSON columns are parsed here.
import { sql, type Kysely, type Selectable } from 'kysely';
import { containsText } from '../../db/contains.js';
import { parseIdList } from '../../db/json.js';
import type { Database } from '../../db/schema.js';
import type { CoursesTable, CourseStatus } from '../../db/tables/courses.js';
import { displayName } from '../account/index.js';

type Db = Kysely<Database>;

export interface CourseAi {
  systemPrompt: string;
  assistantId: string | null;
  assistantBy: string | null;
  model: string | null;
  modelVersion: string | null;
  temperature: number | null;
  topP: number | null;
  datasetIds: string[];
}

/** A course AI nobody has set up yet: the school default model, no prompt, no datasets. */
export const EMPTY_AI: CourseAi = {
  systemPrompt: '',
  assistantId: null,
  assistantBy: null,
  model: null,
  modelVersion: null,
  temperature: null,
  topP: null,
  datasetIds: [],
};

export interface CourseRecord {
  id: string;
  title: string;
  description: string;
  cover: string;
  category: string;
  term: string;
  status: CourseStatus;
  joinCode: string | null;
  ai: CourseAi;
  createdBy: string;
  publishedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

export function toCourse(row: Selectable<CoursesTable>): CourseRecord {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    cover: row.cover,
    category: row.category,
    term: row.term,
    status: row.status,
    joinCode: row.join_code,
    ai: {
      systemPrompt: row.ai_system_prompt,
      assistantId: row.ai_assistant_id,
      assistantBy: row.ai_assistant_by,
      model: row.ai_model,
      modelVersion: row.ai_model_version,
      temperature: num(row.ai_temperature),
      topP: num(row.ai_top_p),
      datasetIds: parseIdList(row.ai_dataset_ids),
    },
    createdBy: row.created_by,
    publishedAt: num(row.published_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export async function findCourse(db: Db, id: string): Promise<CourseRecord | null> {
  const row = await db.selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toCourse(row) : null;
}

export async function findCourseByJoinCode(db: Db, code: string): Promise<CourseRecord | null> {
  const row = await db.selectFrom('courses').selectAll().where('join_code', '=', code).executeTakeFirst();
  return row ? toCourse(row) : null;
}

export async function insertCourse(db: Db, course: CourseRecord, teacherId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('courses')
      .values({
        id: course.id,
        title: course.title,
        description: course.description,
        cover: course.cover,
        category: course.category,
        term: course.term,
        status: course.status,
        join_code: course.joinCode,
        ai_system_prompt: course.ai.systemPrompt,
        ai_assistant_id: course.ai.assistantId,
        ai_assistant_by: course.ai.assistantBy,
        ai_model: course.ai.model,
        ai_model_version: course.ai.modelVersion,
        ai_temperature: course.ai.temperature,
        ai_top_p: course.ai.topP,
        ai_dataset_ids: JSON.stringify(course.ai.datasetIds),
        created_by: course.createdBy,
        published_at: course.publishedAt,
        created_at: course.createdAt,
        updated_at: course.updatedAt,
      })
      .execute();
    await trx.insertInto('course_teachers').values({ course_id: course.id, user_id: teacherId, created_at: course.createdAt }).execute();
  });
}

export type CourseChanges = Partial<
  Pick<CourseRecord, 'title' | 'description' | 'cover' | 'category' | 'term' | 'status' | 'joinCode' | 'publishedAt' | 'updatedAt'>
> & {
  ai?: CourseAi;
};

export async function updateCourse(db: Db, id: string, changes: CourseChanges): Promise<void> {
  const values: Partial<Record<keyof CoursesTable, unknown>> = {};
  if (changes.title !== undefined) values.title = changes.title;
  if (changes.description !== undefined) values.description = changes.description;
  if (changes.cover !== undefined) values.cover = changes.cover;
  if (changes.category !== undefined) values.category = changes.category;
  if (changes.term !== undefined) values.term = changes.term;
  if (changes.status !== undefined) values.status = changes.status;
  if (changes.joinCode !== undefined) values.join_code = changes.joinCode;
  if (changes.publishedAt !== undefined) values.published_at = changes.publishedAt;
  if (changes.updatedAt !== undefined) values.updated_at = changes.updatedAt;
  if (changes.ai) {
    values.ai_system_prompt = changes.ai.systemPrompt;
    values.ai_assistant_id = changes.ai.assistantId;
    values.ai_assistant_by = changes.ai.assistantBy;
    values.ai_model = changes.ai.model;
    values.ai_model_version = changes.ai.modelVersion;
    values.ai_temperature = changes.ai.temperature;
    values.ai_top_p = changes.ai.topP;
    values.ai_dataset_ids = JSON.stringify(changes.ai.datasetIds);
  }
  if (Object.keys(values).length === 0) return;
  await db
    .updateTable('courses')
    .set(values as never)
    .where('id', '=', id)
    .execute();
}

export async function deleteCourse(db: Db, id: string): Promise<void> {
  await db.deleteFrom('courses').where('id', '=', id).execute();
}

export interface CourseFilter {
  keyword?: string;
  statuses?: CourseStatus[];
  category?: string;
  term?: string;
}

/** Which courses a list shows: one side's view of the school. */
export type CourseScope = { teacherId: string } | { studentId: string } | { all: true };

/** Ids of the courses a student takes: through a class of theirs or by join code (any status). */
function studentCourseIds(db: Db, studentId: string) {
  return db
    .selectFrom('course_members')
    .select('course_id')
    .where('user_id', '=', studentId)
    .union(
      db
        .selectFrom('course_classes')
        .innerJoin('class_members', 'class_members.class_id', 'course_classes.class_id')
        .select('course_classes.course_id')
        .where('class_members.user_id', '=', studentId)
        .where('class_members.role', '=', 'student'),
    );
}

function scoped(db: Db, scope: CourseScope, filter: CourseFilter) {
  let query = db.selectFrom('courses');
  if ('teacherId' in scope) {
    query = query.where('id', 'in', db.selectFrom('course_teachers').select('course_id').where('user_id', '=', scope.teacherId));
  } else if ('studentId' in scope) {
    query = query.where('id', 'in', studentCourseIds(db, scope.studentId));
  }
  if (filter.statuses?.length) query = query.where('status', 'in', filter.statuses);
  if (filter.category) query = query.where('category', '=', filter.category);
  if (filter.term) query = query.where('term', '=', filter.term);
  const keyword = filter.keyword?.trim();
  if (keyword) query = query.where((eb) => eb.or([containsText('title', keyword), containsText('description', keyword)]));
  return query;
}

export async function listCourses(
  db: Db,
  scope: CourseScope,
  filter: CourseFilter,
  page: { limit: number; offset: number },
): Promise<{ items: CourseRecord[]; total: number }> {
  const [rows, count] = await Promise.all([
    scoped(db, scope, filter).selectAll().orderBy('updated_at', 'desc').orderBy('id').limit(page.limit).offset(page.offset).execute(),
    scoped(db, scope, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
  ]);
  return { items: rows.map(toCourse), total: Number(count?.n ?? 0) };
}

/** The categories and terms in use within a scope, for the list's filters. */
export async function courseFacets(db: Db, scope: CourseScope, statuses?: CourseStatus[]): Promise<{ categories: string[]; terms: string[] }> {
  const rows = await scoped(db, scope, { statuses }).select(['category', 'term']).execute();
  const pick = (values: string[]) => [...new Set(values.filter(Boolean))].sort((a, b) => a.localeCompare(b, 'zh-CN'));
  return { categories: pick(rows.map((r) => r.category)), terms: pick(rows.map((r) => r.term)) };
}

export interface PersonRef {
  id: string;
  name: string;
}

/** Teachers of each course, in the order they joined it. */
export async function teachersOf(db: Db, courseIds: string[]): Promise<Map<string, PersonRef[]>> {
  const map = new Map<string, PersonRef[]>(courseIds.map((id) => [id, []]));
  if (courseIds.length === 0) return map;
  const rows = await db
    .selectFrom('course_teachers')
    .innerJoin('users', 'users.id', 'course_teachers.user_id')
    .select(['course_teachers.course_id', 'users.id', 'users.name', 'users.nickname'])
    .where('course_teachers.course_id', 'in', courseIds)
    .orderBy('course_teachers.created_at')
    .orderBy('users.id')
    .execute();
  for (const r of rows) map.get(r.course_id)?.push({ id: r.id, name: displayName(r) });
  return map;
}

export interface ClassRef {
  id: string;
  name: string;
  term: string;
}

export async function classesOf(db: Db, courseIds: string[]): Promise<Map<string, ClassRef[]>> {
  const map = new Map<string, ClassRef[]>(courseIds.map((id) => [id, []]));
  if (courseIds.length === 0) return map;
  const rows = await db
    .selectFrom('course_classes')
    .innerJoin('classes', 'classes.id', 'course_classes.class_id')
    .select(['course_classes.course_id', 'classes.id', 'classes.name', 'classes.term'])
    .where('course_classes.course_id', 'in', courseIds)
    .orderBy('classes.name')
    .execute();
  for (const r of rows) map.get(r.course_id)?.push({ id: r.id, name: r.name, term: r.term });
  return map;
}

/** Distinct students of each course (class students and code members). */
export async function studentCounts(db: Db, courseIds: string[]): Promise<Map<string, number>> {
  const map = new Map<string, number>(courseIds.map((id) => [id, 0]));
  if (courseIds.length === 0) return map;
  const rows = await sql<{ course_id: string; n: number | string }>`
    select course_id, count(distinct user_id) as n from (
      select course_id, user_id from course_members where course_id in (${sql.join(courseIds)})
      union
      select cc.course_id, cm.user_id from course_classes cc
        join class_members cm on cm.class_id = cc.class_id and cm.role = 'student'
        where cc.course_id in (${sql.join(courseIds)})
    ) enrolled group by course_id
  `.execute(db);
  for (const r of rows.rows) map.set(r.course_id, Number(r.n));
  return map;
}

export async function setCourseTeachers(db: Db, courseId: string, userIds: string[], now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('course_teachers').where('course_id', '=', courseId).where('user_id', 'not in', userIds).execute();
    const existing = new Set((await trx.selectFrom('course_teachers').select('user_id').where('course_id', '=', courseId).execute()).map((r) => r.user_id));
    const added = userIds.filter((id) => !existing.has(id));
    if (added.length)
      await trx
        .insertInto('course_teachers')
        .values(added.map((user_id, i) => ({ course_id: courseId, user_id, created_at: now + i })))
        .execute();
  });
}

export async function setCourseClasses(db: Db, courseId: string, classIds: string[], now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('course_classes').where('course_id', '=', courseId).execute();
    if (classIds.length)
      await trx
        .insertInto('course_classes')
        .values(classIds.map((class_id) => ({ course_id: courseId, class_id, created_at: now })))
        .execute();
  });
}

export async function addCourseMember(db: Db, courseId: string, userId: string, now: number): Promise<void> {
  await db
    .insertInto('course_members')
    .values({ course_id: courseId, user_id: userId, via: 'code', created_at: now })
    .onConflict((oc) => oc.columns(['course_id', 'user_id']).doNothing())
    .execute();
}

export async function removeCourseMember(db: Db, courseId: string, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('course_members').where('course_id', '=', courseId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function isCodeMember(db: Db, courseId: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom('course_members').select('user_id').where('course_id', '=', courseId).where('user_id', '=', userId).executeTakeFirst();
  return !!row;
}

/** Adds one class to a course's classes (nothing when it is there already). */
export async function addCourseClass(db: Db, courseId: string, classId: string, now: number): Promise<void> {
  await db
    .insertInto('course_classes')
    .values({ course_id: courseId, class_id: classId, created_at: now })
    .onConflict((oc) => oc.columns(['course_id', 'class_id']).doNothing())
    .execute();
}
