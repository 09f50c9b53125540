// The classes a course is taught to: enrolling them (only a teacher of the
// class or a manager adds one), the list a teacher picks from, and a class's
// term.
import type { ServerContext } from '../../context.js';
import type { ClientType } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { parseClientTypes } from '../account/index.js';
import { classRoleOf, type ClassSummary, existingClassIds, listClassSummaries, setClassTerm } from '../classes/index.js';
import { requireTeacher } from './access.js';
import { teacherDetail } from './course-cards.js';
import { setCourseClasses, updateCourse } from './store.js';
import type { CourseDetail } from './views.js';

/**
 * Enrolling a class shows its students to the course's teachers, so only a
 * teacher of that class (or a manager) may add it. Classes already enrolled
 * may stay whoever saves the list (a co-teacher edits the rest).
 */
async function requireMayEnrol(ctx: ServerContext, userId: string, courseId: string, classIds: string[]): Promise<void> {
  const enrolled = new Set((await ctx.db.selectFrom('course_classes').select('class_id').where('course_id', '=', courseId).execute()).map((r) => r.class_id));
  const added = classIds.filter((id) => !enrolled.has(id));
  if (added.length === 0) return;
  const user = await ctx.db.selectFrom('users').select('client_types').where('id', '=', userId).executeTakeFirst();
  if (user && parseClientTypes(user.client_types).includes('2')) return;
  for (const id of added) {
    if ((await classRoleOf(ctx.db, id, userId)) !== 'teacher') throw forbidden('只能选择你任教的班级，其他班级请联系该班教师或管理员');
  }
}

export async function setClasses(ctx: ServerContext, userId: string, clientType: ClientType, courseId: string, classIds: string[]): Promise<CourseDetail> {
  await requireTeacher(ctx, userId, clientType, courseId);
  const unique = [...new Set(classIds)];
  const known = await existingClassIds(ctx.db, unique);
  if (unique.some((id) => !known.has(id))) throw badRequest('所选班级不存在，请刷新后重新选择');
  await requireMayEnrol(ctx, userId, courseId, unique);
  await setCourseClasses(ctx.db, courseId, unique, ctx.now());
  await updateCourse(ctx.db, courseId, { updatedAt: ctx.now() });
  return teacherDetail(ctx, userId, courseId);
}

export async function listClasses(ctx: ServerContext, userId: string): Promise<Array<ClassSummary & { mine: boolean }>> {
  const classes = await listClassSummaries(ctx.db);
  const withMine = classes.map((c) => ({ ...c, mine: c.teachers.some((t) => t.id === userId) }));
  // The teacher's own classes first: those are the ones they usually enrol.
  return withMine.sort((a, b) => Number(b.mine) - Number(a.mine));
}

/** A teacher of a class sets its term. */
export async function changeClassTerm(ctx: ServerContext, userId: string, classId: string, term: string): Promise<void> {
  if ((await classRoleOf(ctx.db, classId, userId)) !== 'teacher') throw notFound('班级不存在或你不是该班级的教师');
  await setClassTerm(ctx.db, classId, term.trim());
}
