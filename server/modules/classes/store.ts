// SQL for classes (teaching groups) and who is in them.
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids.js';
import type { ClassRole, Database } from '../../db/schema.js';
import { displayName } from '../account/display-name.js';

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

export async function setClassTerm(db: Kysely<Database>, classId: string, term: string): Promise<void> {
  await db.updateTable('classes').set({ term }).where('id', '=', classId).execute();
}

export async function existingClassIds(db: Kysely<Database>, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('classes').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}
