// SQL for classes (teaching groups) and who is in them.
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids.js';
import type { ClassRole, Database } from '../../db/schema.js';
import { displayName } from '../account/index.js';

/** The id of the class with this name, creating it when missing. */
export async function ensureClass(db: Kysely<Database>, name: string, now: number): Promise<{ id: string; created: boolean }> {
  const existing = await db.selectFrom('classes').select('id').where('name', '=', name).executeTakeFirst();
  if (existing) return { id: existing.id, created: false };
  const id = newId();
  await db.insertInto('classes').values({ id, name, created_at: now }).execute();
  return { id, created: true };
}

export async function addClassMember(db: Kysely<Database>, classId: string, userId: string, role: ClassRole, now: number): Promise<void> {
  await db.insertInto('class_members').values({ class_id: classId, user_id: userId, role, created_at: now }).execute();
}

export async function listClassMembers(db: Kysely<Database>, className: string): Promise<Array<{ username: string; role: ClassRole }>> {
  return db
    .selectFrom('class_members')
    .innerJoin('classes', 'classes.id', 'class_members.class_id')
    .innerJoin('users', 'users.id', 'class_members.user_id')
    .select(['users.username', 'class_members.role'])
    .where('classes.name', '=', className)
    .orderBy('users.username')
    .execute();
}

export interface ClassSummary {
  id: string;
  name: string;
  term: string;
  studentCount: number;
  teachers: Array<{ id: string; name: string }>;
}

/** Every class with its term, number of students and teachers (for enrolling a course). */
export async function listClassSummaries(db: Kysely<Database>): Promise<ClassSummary[]> {
  const [classes, members] = await Promise.all([
    db.selectFrom('classes').select(['id', 'name', 'term']).orderBy('name').execute(),
    db
      .selectFrom('class_members')
      .innerJoin('users', 'users.id', 'class_members.user_id')
      .select(['class_members.class_id', 'class_members.role', 'users.id', 'users.name', 'users.nickname'])
      .orderBy('users.name')
      .execute(),
  ]);
  const byId = new Map<string, ClassSummary>(classes.map((c) => [c.id, { id: c.id, name: c.name, term: c.term, studentCount: 0, teachers: [] }]));
  for (const m of members) {
    const c = byId.get(m.class_id);
    if (!c) continue;
    if (m.role === 'student') c.studentCount += 1;
    else c.teachers.push({ id: m.id, name: displayName(m) });
  }
  return [...byId.values()];
}

export async function classRoleOf(db: Kysely<Database>, classId: string, userId: string): Promise<ClassRole | null> {
  const row = await db.selectFrom('class_members').select('role').where('class_id', '=', classId).where('user_id', '=', userId).executeTakeFirst();
  return row?.role ?? null;
}

/** Makes the account a member of exactly these classes, in the role its client types give it. */
export async function setClassesOf(db: Kysely<Database>, userId: string, classIds: string[], role: ClassRole, now: number): Promise<void> {
  await db.deleteFrom('class_members').where('user_id', '=', userId).execute();
  if (classIds.length === 0) return;
  await db
    .insertInto('class_members')
    .values(classIds.map((classId) => ({ class_id: classId, user_id: userId, role, created_at: now })))
    .execute();
}

/** A class the school makes (school administration), with its major and term; returns its id. */
export async function addSchoolClass(db: Kysely<Database>, input: { name: string; major: string; term: string }, now: number): Promise<string> {
  const id = newId();
  await db.insertInto('classes').values({ id, name: input.name, major: input.major, term: input.term, join_code: null, created_at: now }).execute();
  return id;
}

/** Changes what is given of a class's name, major and term. */
export async function updateClassDetails(db: Kysely<Database>, id: string, input: { name?: string; major?: string; term?: string }): Promise<void> {
  if (input.name === undefined && input.major === undefined && input.term === undefined) return;
  await db
    .updateTable('classes')
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.major !== undefined ? { major: input.major } : {}),
      ...(input.term !== undefined ? { term: input.term } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function setClassTerm(db: Kysely<Database>, classId: string, term: string): Promise<void> {
  await db.updateTable('classes').set({ term }).where('id', '=', classId).execute();
}

export async function existingClassIds(db: Kysely<Database>, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('classes').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export interface ClassRecord {
  id: string;
  name: string;
  term: string;
  joinCode: string | null;
}

export async function findClass(db: Kysely<Database>, id: string): Promise<ClassRecord | null> {
  const row = await db.selectFrom('classes').select(['id', 'name', 'term', 'join_code']).where('id', '=', id).executeTakeFirst();
  return row ? { id: row.id, name: row.name, term: row.term, joinCode: row.join_code } : null;
}

export async function classNameTaken(db: Kysely<Database>, name: string): Promise<boolean> {
  return !!(await db.selectFrom('classes').select('id').where('name', '=', name).executeTakeFirst());
}

/** A new class with its first teacher, in one transaction. */
export async function insertClass(db: Kysely<Database>, c: ClassRecord, teacherId: string, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('classes').values({ id: c.id, name: c.name, term: c.term, join_code: c.joinCode, created_at: now }).execute();
    await trx.insertInto('class_members').values({ class_id: c.id, user_id: teacherId, role: 'teacher', created_at: now }).execute();
  });
}

export async function deleteClass(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('classes').where('id', '=', id).execute();
}

export async function setClassJoinCode(db: Kysely<Database>, id: string, code: string | null): Promise<void> {
  await db.updateTable('classes').set({ join_code: code }).where('id', '=', id).execute();
}

export async function joinCodeTaken(db: Kysely<Database>, code: string): Promise<boolean> {
  const [inClasses, inCourses] = await Promise.all([
    db.selectFrom('classes').select('id').where('join_code', '=', code).executeTakeFirst(),
    db.selectFrom('courses').select('id').where('join_code', '=', code).executeTakeFirst(),
  ]);
  return !!(inClasses || inCourses);
}

export async function findClassByJoinCode(db: Kysely<Database>, code: string): Promise<ClassRecord | null> {
  const row = await db.selectFrom('classes').select(['id', 'name', 'term', 'join_code']).where('join_code', '=', code).executeTakeFirst();
  return row ? { id: row.id, name: row.name, term: row.term, joinCode: row.join_code } : null;
}

export interface ClassMemberView {
  id: string;
  username: string;
  name: string;
  nickname: string;
  role: ClassRole;
}

export async function membersOfClass(db: Kysely<Database>, classId: string): Promise<ClassMemberView[]> {
  return db
    .selectFrom('class_members')
    .innerJoin('users', 'users.id', 'class_members.user_id')
    .select(['users.id', 'users.username', 'users.name', 'users.nickname', 'class_members.role'])
    .where('class_members.class_id', '=', classId)
    .orderBy('users.username')
    .execute();
}

/** Adds students not yet in the class; returns the ids added. */
export async function addStudents(db: Kysely<Database>, classId: string, userIds: string[], now: number): Promise<string[]> {
  if (userIds.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const present = new Set(
      (await trx.selectFrom('class_members').select('user_id').where('class_id', '=', classId).where('user_id', 'in', userIds).execute()).map((r) => r.user_id),
    );
    const fresh = userIds.filter((id) => !present.has(id));
    if (fresh.length)
      await trx
        .insertInto('class_members')
        .values(fresh.map((user_id) => ({ class_id: classId, user_id, role: 'student' as const, created_at: now })))
        .execute();
    return fresh;
  });
}

export async function removeClassMember(db: Kysely<Database>, classId: string, userId: string, role: ClassRole): Promise<boolean> {
  const result = await db.deleteFrom('class_members').where('class_id', '=', classId).where('user_id', '=', userId).where('role', '=', role).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
