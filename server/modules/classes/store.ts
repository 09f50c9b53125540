// SQL for classes (teaching groups) and who is in them.
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids.js';
import type { ClassRole, Database } from '../../db/schema.js';

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
