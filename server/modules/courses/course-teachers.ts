// A course's teachers: who teaches it (a teacher cannot remove themselves),
// and the teacher accounts a course can add.
import type { ServerContext } from '../../context.js';
import type { ClientType } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import { displayName, parseClientTypes } from '../account/index.js';
import { requireTeacher } from './access.js';
import { teacherDetail } from './course-cards.js';
import { setCourseTeachers } from './store.js';
import type { CourseDetail } from './views.js';

export async function setTeachers(ctx: ServerContext, userId: string, clientType: ClientType, courseId: string, userIds: string[]): Promise<CourseDetail> {
  await requireTeacher(ctx, userId, clientType, courseId);
  const unique = [...new Set(userIds)];
  if (unique.length === 0) throw badRequest('课程至少需要一位授课教师');
  const rows = await ctx.db.selectFrom('users').select(['id', 'client_types']).where('id', 'in', unique).execute();
  const teachers = new Set(rows.filter((r) => parseClientTypes(r.client_types).includes('1')).map((r) => r.id));
  if (unique.some((id) => !teachers.has(id))) throw badRequest('只能添加教师账号作为授课教师');
  // Otherwise the course would vanish from under the teacher's hands; a co-teacher can remove them.
  if (!unique.includes(userId)) throw badRequest('不能把自己移出授课教师，请由其他授课教师操作');
  await setCourseTeachers(ctx.db, courseId, unique, ctx.now());
  return teacherDetail(ctx, userId, courseId);
}

/** Teachers a course can add (accounts holding client type 1), by name or username. */
export async function findTeachers(ctx: ServerContext, keyword: string | undefined): Promise<Array<{ id: string; name: string; username: string }>> {
  const rows = await ctx.db.selectFrom('users').select(['id', 'name', 'nickname', 'username', 'client_types']).orderBy('username').execute();
  const word = keyword?.trim().toLowerCase();
  return rows
    .filter((r) => parseClientTypes(r.client_types).includes('1'))
    .filter((r) => !word || r.name.toLowerCase().includes(word) || displayName(r).toLowerCase().includes(word) || r.username.includes(word))
    .slice(0, 50)
    .map((r) => ({ id: r.id, name: displayName(r), username: r.username }));
}
