// Class management: a teacher makes their classes, adds students
// (picked from a search, a pasted list of usernames, or the class's join
// code students type) and removes them. A teacher manages only classes they
// teach (class_members.role = 'teacher'); a manager sees every class.
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { ClientType } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import { displayName, normalizeUsername, parseClientTypes } from '../account/index.js';
import { generateJoinCode } from '../courses/index.js';
import {
  addStudents,
  classNameTaken,
  classRoleOf,
  deleteClass,
  findClass,
  insertClass,
  joinCodeTaken,
  membersOfClass,
  removeClassMember,
  setClassJoinCode,
  type ClassRecord,
} from './store.js';

const CLASS_NOT_FOUND = '班级不存在或你不是该班级的教师';
export const MAX_PASTED_USERNAMES = 300;

export interface PersonView {
  id: string;
  name: string;
  username: string;
}

export interface ClassDetail {
  id: string;
  name: string;
  term: string;
  /** The class's teachers only (null when off; absent for managers). */
  joinCode?: string | null;
  mine: boolean;
  teachers: PersonView[];
  students: PersonView[];
}

/** A join code free in both classes and courses: one box takes either. */
export async function freeJoinCode(ctx: ServerContext): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const code = generateJoinCode();
    if (!(await joinCodeTaken(ctx.db, code))) return code;
  }
  throw new Error('could not find a free join code');
}

/** The class, if this user may manage it (its teacher), else 404: we never confirm it exists. */
async function requireOwnClass(ctx: ServerContext, userId: string, classId: string): Promise<ClassRecord> {
  const found = await findClass(ctx.db, classId);
  if (!found || (await classRoleOf(ctx.db, classId, userId)) !== 'teacher') throw notFound(CLASS_NOT_FOUND);
  return found;
}

async function detail(ctx: ServerContext, c: ClassRecord, userId: string, clientType: ClientType): Promise<ClassDetail> {
  const members = await membersOfClass(ctx.db, c.id);
  const person = (m: (typeof members)[number]): PersonView => ({ id: m.id, name: displayName(m), username: m.username });
  const mine = members.some((m) => m.role === 'teacher' && m.id === userId);
  return {
    id: c.id,
    name: c.name,
    term: c.term,
    ...(mine && clientType === '1' ? { joinCode: c.joinCode } : {}),
    mine,
    teachers: members.filter((m) => m.role === 'teacher').map(person),
    students: members.filter((m) => m.role === 'student').map(person),
  };
}

export async function createClass(ctx: ServerContext, userId: string, input: { name: string; term?: string }): Promise<ClassDetail> {
  const name = input.name.trim();
  if (!name) throw badRequest('请填写班级名称');
  // Names identify classes in the roster import, so they stay unique.
  if (await classNameTaken(ctx.db, name)) throw badRequest(`已有名为“${name}”的班级，请换一个名称（可加上年级或专业）`);
  const c: ClassRecord = { id: newId(), name, term: input.term?.trim() ?? '', joinCode: await freeJoinCode(ctx) };
  await insertClass(ctx.db, c, userId, ctx.now());
  return detail(ctx, c, userId, '1');
}

/** A teacher reads their own class; a manager any class (read only). */
export async function readClass(ctx: ServerContext, userId: string, clientType: ClientType, classId: string): Promise<ClassDetail> {
  if (clientType === '2') {
    const found = await findClass(ctx.db, classId);
    if (!found) throw notFound('班级不存在');
    return detail(ctx, found, userId, clientType);
  }
  return detail(ctx, await requireOwnClass(ctx, userId, classId), userId, clientType);
}

export async function removeClass(ctx: ServerContext, userId: string, classId: string): Promise<void> {
  await requireOwnClass(ctx, userId, classId);
  await deleteClass(ctx.db, classId);
}

/** Student accounts a teacher can add, by name, nickname or username (at most 20). */
export async function findStudents(ctx: ServerContext, keyword: string): Promise<PersonView[]> {
  const word = keyword.trim().toLowerCase();
  if (!word) return [];
  const rows = await ctx.db.selectFrom('users').select(['id', 'username', 'name', 'nickname', 'client_types']).orderBy('username').execute();
  return rows
    .filter((r) => parseClientTypes(r.client_types).includes('3'))
    .filter((r) => r.username.includes(word) || r.name.toLowerCase().includes(word) || displayName(r).toLowerCase().includes(word))
    .slice(0, 20)
    .map((r) => ({ id: r.id, name: displayName(r), username: r.username }));
}

export interface AddStudentsResult {
  class: ClassDetail;
  /** Usernames added now. */
  added: string[];
  /** Already in the class. */
  already: string[];
  /** No such account. */
  unknown: string[];
  /** Accounts that are not students (teachers, managers). */
  notStudents: string[];
}

/** Adds students by id (picked from the search) or by username (a pasted list). */
export async function addClassStudents(
  ctx: ServerContext,
  userId: string,
  classId: string,
  input: { userIds?: string[]; usernames?: string[] },
): Promise<AddStudentsResult> {
  const c = await requireOwnClass(ctx, userId, classId);
  const usernames = [...new Set((input.usernames ?? []).map(normalizeUsername).filter(Boolean))];
  const ids = [...new Set(input.userIds ?? [])];
  if (usernames.length + ids.length === 0) throw badRequest('请选择或填写要加入的学生');
  if (usernames.length > MAX_PASTED_USERNAMES) throw badRequest(`一次最多添加 ${MAX_PASTED_USERNAMES} 名学生`);
  const rows = await ctx.db
    .selectFrom('users')
    .select(['id', 'username', 'client_types'])
    .where((eb) => eb.or([...(usernames.length ? [eb('username', 'in', usernames)] : []), ...(ids.length ? [eb('id', 'in', ids)] : [])]))
    .execute();
  const byUsername = new Map(rows.map((r) => [r.username, r]));
  const picked = new Map(rows.filter((r) => ids.includes(r.id)).map((r) => [r.id, r]));
  const unknown = [...usernames.filter((u) => !byUsername.has(u)), ...ids.filter((id) => !picked.has(id))];
  const found = [...new Map(rows.map((r) => [r.id, r])).values()];
  const students = found.filter((r) => parseClientTypes(r.client_types).includes('3'));
  const notStudents = found.filter((r) => !parseClientTypes(r.client_types).includes('3')).map((r) => r.username);
  const addedIds = new Set(
    await addStudents(
      ctx.db,
      classId,
      students.map((r) => r.id),
      ctx.now(),
    ),
  );
  return {
    class: await detail(ctx, c, userId, '1'),
    added: students.filter((r) => addedIds.has(r.id)).map((r) => r.username),
    already: students.filter((r) => !addedIds.has(r.id)).map((r) => r.username),
    unknown,
    notStudents,
  };
}

export async function removeClassStudent(ctx: ServerContext, userId: string, classId: string, studentId: string): Promise<ClassDetail> {
  const c = await requireOwnClass(ctx, userId, classId);
  if (!(await removeClassMember(ctx.db, classId, studentId, 'student'))) throw notFound('该学生不在这个班级中');
  return detail(ctx, c, userId, '1');
}

export async function changeClassJoinCode(
  ctx: ServerContext,
  userId: string,
  classId: string,
  action: 'regenerate' | 'disable',
): Promise<{ joinCode: string | null }> {
  await requireOwnClass(ctx, userId, classId);
  const joinCode = action === 'regenerate' ? await freeJoinCode(ctx) : null;
  await setClassJoinCode(ctx.db, classId, joinCode);
  return { joinCode };
}
