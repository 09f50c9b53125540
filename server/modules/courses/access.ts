// Who may do what with a course. Every course call goes through here, and
// other areas (assistants and resources publish or share to a course, the
// knowledge library links datasets to one) call canReadCourse and
// isCourseTeacher instead of reading the course tables themselves.
//
//   teacher  a row in course_teachers: reads and edits the course in any status
//   student  a published course of one of their classes, or joined with its code
//   manager  a user holding client type 2: reads published and archived courses
// Anyone else gets 404: we never confirm that a course exists.
import { sql } from 'kysely';
import type { ServerContext } from '../../context.js';
import type { ClientType } from '../../db/schema.js';
import type { CourseStatus } from '../../db/tables/courses.js';
import { notFound } from '../../http/errors.js';
import { parseClientTypes } from '../account/index.js';

export const COURSE_NOT_FOUND = '课程不存在、未发布或你不在这门课程中';
export const LESSON_NOT_FOUND = '课时不存在或已删除';

export type CourseRole = 'teacher' | 'student' | 'manager';

/** Statuses a manager's showcase and detail may show. */
const SHOWN_TO_MANAGERS: readonly CourseStatus[] = ['published', 'archived'];

export async function isCourseTeacher(ctx: ServerContext, userId: string, courseId: string): Promise<boolean> {
  const row = await ctx.db.selectFrom('course_teachers').select('user_id').where('course_id', '=', courseId).where('user_id', '=', userId).executeTakeFirst();
  return !!row;
}

/** Whether the user is enrolled (through a class as a student, or by join code), whatever the status. */
export async function isCourseStudent(ctx: ServerContext, userId: string, courseId: string): Promise<boolean> {
  const row = await sql<{ one: number }>`
    select 1 as one from course_members where course_id = ${courseId} and user_id = ${userId}
    union all
    select 1 as one from course_classes cc
      join class_members cm on cm.class_id = cc.class_id and cm.role = 'student'
      where cc.course_id = ${courseId} and cm.user_id = ${userId}
    limit 1
  `.execute(ctx.db);
  return row.rows.length > 0;
}

async function courseStatus(ctx: ServerContext, courseId: string): Promise<CourseStatus | null> {
  const row = await ctx.db.selectFrom('courses').select('status').where('id', '=', courseId).executeTakeFirst();
  return row?.status ?? null;
}

/** Whether the account may sign in as this client type (a file read check has no token to say which side it is on). */
export async function holdsClientType(ctx: ServerContext, userId: string, type: ClientType): Promise<boolean> {
  const row = await ctx.db.selectFrom('users').select('client_types').where('id', '=', userId).executeTakeFirst();
  return !!row && parseClientTypes(row.client_types).includes(type);
}

/**
 * The user's role in the course as seen from one side of the product
 * (client type of their token), or null when that side may not open it.
 */
export async function courseRoleFor(ctx: ServerContext, userId: string, clientType: ClientType, courseId: string): Promise<CourseRole | null> {
  const status = await courseStatus(ctx, courseId);
  if (!status) return null;
  if (clientType === '1') return (await isCourseTeacher(ctx, userId, courseId)) ? 'teacher' : null;
  if (clientType === '2') return SHOWN_TO_MANAGERS.includes(status) ? 'manager' : null;
  return status === 'published' && (await isCourseStudent(ctx, userId, courseId)) ? 'student' : null;
}

/**
 * Whether the user may read the course from any side they hold: its
 * teachers always; students of its classes or joined by code when it is
 * published; managers when it is published or archived.
 */
export async function canReadCourse(ctx: ServerContext, userId: string, courseId: string): Promise<boolean> {
  const status = await courseStatus(ctx, courseId);
  if (!status) return false;
  if (await isCourseTeacher(ctx, userId, courseId)) return true;
  if (status === 'published' && (await isCourseStudent(ctx, userId, courseId))) return true;
  return SHOWN_TO_MANAGERS.includes(status) && (await holdsClientType(ctx, userId, '2'));
}

/** The caller's role in the course, or 404. */
export async function requireCourseRole(ctx: ServerContext, userId: string, clientType: ClientType, courseId: string): Promise<CourseRole> {
  const role = await courseRoleFor(ctx, userId, clientType, courseId);
  if (!role) throw notFound(COURSE_NOT_FOUND);
  return role;
}

/** Only the course's teachers (on the teacher side) may change it; anyone else gets 404. */
export async function requireTeacher(ctx: ServerContext, userId: string, clientType: ClientType, courseId: string): Promise<void> {
  if ((await courseRoleFor(ctx, userId, clientType, courseId)) !== 'teacher') throw notFound(COURSE_NOT_FOUND);
}
