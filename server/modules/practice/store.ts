// SQL for external practice apps and the inquiry-practice records (the
// chats students had with guided-inquiry assistants).
import type { Kysely } from 'kysely';
import { containsText } from '../../db/contains.js';
import type { Database } from '../../db/schema.js';
import { displayName } from '../account/index.js';

type Db = Kysely<Database>;

export interface PracticeAppRecord {
  id: string;
  ownerId: string;
  ownerName: string;
  title: string;
  description: string;
  url: string;
  icon: string;
  createdAt: number;
  updatedAt: number;
}

export async function listPracticeApps(db: Db, title?: string): Promise<PracticeAppRecord[]> {
  let q = db
    .selectFrom('practice_apps')
    .innerJoin('users', 'users.id', 'practice_apps.owner_id')
    .select([
      'practice_apps.id',
      'practice_apps.owner_id',
      'users.nickname',
      'users.name',
      'practice_apps.title',
      'practice_apps.description',
      'practice_apps.url',
      'practice_apps.icon',
      'practice_apps.created_at',
      'practice_apps.updated_at',
    ]);
  if (title) q = q.where((eb) => eb.or([containsText('practice_apps.title', title), containsText('practice_apps.description', title)]));
  const rows = await q.orderBy('practice_apps.created_at', 'desc').orderBy('practice_apps.id').execute();
  return rows.map((r) => ({
    id: r.id,
    ownerId: r.owner_id,
    ownerName: displayName(r),
    title: r.title,
    description: r.description,
    url: r.url,
    icon: r.icon,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  }));
}

export async function findPracticeApp(db: Db, id: string): Promise<{ id: string; ownerId: string } | null> {
  const row = await db.selectFrom('practice_apps').select(['id', 'owner_id']).where('id', '=', id).executeTakeFirst();
  return row ? { id: row.id, ownerId: row.owner_id } : null;
}

export interface PracticeAppFields {
  title: string;
  description: string;
  url: string;
  icon: string;
}

export async function insertPracticeApp(db: Db, id: string, ownerId: string, fields: PracticeAppFields, now: number): Promise<void> {
  await db
    .insertInto('practice_apps')
    .values({ id, owner_id: ownerId, ...fields, created_at: now, updated_at: now })
    .execute();
}

export async function updatePracticeApp(db: Db, id: string, fields: PracticeAppFields, now: number): Promise<void> {
  await db
    .updateTable('practice_apps')
    .set({ ...fields, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deletePracticeApp(db: Db, id: string): Promise<void> {
  await db.deleteFrom('practice_apps').where('id', '=', id).execute();
}

export interface InquiryRecordRow {
  chatNumber: string;
  title: string;
  assistantId: string;
  assistantTitle: string;
  studentId: string;
  studentName: string;
  questions: number;
  createdAt: number;
  updatedAt: number;
}

/** Ids of the students in classes this user teaches. */
export function studentsTaughtBy(db: Db, teacherId: string) {
  return db
    .selectFrom('class_members as s')
    .innerJoin('class_members as t', 't.class_id', 's.class_id')
    .select('s.user_id')
    .where('t.user_id', '=', teacherId)
    .where('t.role', '=', 'teacher')
    .where('s.role', '=', 'student');
}

/** Inquiry chats of the given owners (a student's own, or a teacher's students'), newest first. */
export async function listInquiryRecords(
  db: Db,
  who: { userId: string } | { teacherId: string },
  filter: { assistantId?: string; chatNumber?: string; limit: number; offset: number },
): Promise<InquiryRecordRow[]> {
  let q = db
    .selectFrom('chats')
    .innerJoin('assistants', 'assistants.id', 'chats.assistant_id')
    .innerJoin('users', 'users.id', 'chats.user_id')
    .select((eb) => [
      'chats.id',
      'chats.title',
      'chats.assistant_id',
      'assistants.title as assistant_title',
      'chats.user_id',
      'users.nickname',
      'users.name',
      'chats.created_at',
      'chats.updated_at',
      eb
        .selectFrom('chat_messages')
        .select((m) => m.fn.countAll<number>().as('n'))
        .whereRef('chat_messages.chat_id', '=', 'chats.id')
        .where('chat_messages.role', '=', 'user')
        .as('questions'),
    ])
    .where('assistants.kind', '=', 'inquiry');
  q = 'userId' in who ? q.where('chats.user_id', '=', who.userId) : q.where('chats.user_id', 'in', studentsTaughtBy(db, who.teacherId));
  if (filter.assistantId) q = q.where('chats.assistant_id', '=', filter.assistantId);
  if (filter.chatNumber) q = q.where('chats.id', '=', filter.chatNumber);
  const rows = await q.orderBy('chats.updated_at', 'desc').orderBy('chats.id').limit(filter.limit).offset(filter.offset).execute();
  return rows.map((r) => ({
    chatNumber: r.id,
    title: r.title,
    assistantId: r.assistant_id!,
    assistantTitle: r.assistant_title,
    studentId: r.user_id,
    studentName: displayName(r),
    questions: Number(r.questions ?? 0),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  }));
}

export async function teachesStudent(db: Db, teacherId: string, studentId: string): Promise<boolean> {
  const row = await studentsTaughtBy(db, teacherId).where('s.user_id', '=', studentId).executeTakeFirst();
  return !!row;
}
