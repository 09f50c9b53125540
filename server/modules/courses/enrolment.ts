// Students in a course: join codes (a course's or a class's, one space,
// guesses slowed down like passwords), joining, leaving, a teacher removing
// a code-joined student, and the course's students with their progress.
import type { ServerContext } from '../../context.js';
import type { ClientType } from '../../db/schema.js';
import { badRequest, notFound, tooMany, waitText } from '../../http/errors.js';
import type { AttemptLimiter } from '../account/index.js';
import { addStudents, findClassByJoinCode, freeJoinCode } from '../classes/index.js';
import { COURSE_NOT_FOUND, requireCourseRole, requireTeacher } from './access.js';
import { enrolledStudents, type EnrolledStudent } from './board-store.js';
import { cards } from './course-cards.js';
import { normalizeJoinCode } from './join-code.js';
import { listLessonHeads } from './outline-store.js';
import { addCourseMember, findCourseByJoinCode, removeCourseMember, updateCourse } from './store.js';
import type { CourseCard } from './views.js';

// Course and class codes share one space: a student types either into one box.
export const uniqueJoinCode = freeJoinCode;

export async function changeJoinCode(
  ctx: ServerContext,
  userId: string,
  clientType: ClientType,
  courseId: string,
  action: 'regenerate' | 'disable',
): Promise<{ joinCode: string | null }> {
  await requireTeacher(ctx, userId, clientType, courseId);
  const joinCode = action === 'regenerate' ? await uniqueJoinCode(ctx) : null;
  await updateCourse(ctx.db, courseId, { joinCode, updatedAt: ctx.now() });
  return { joinCode };
}

const BAD_CODE = '加入码无效或已停用，请向老师确认';

/** Codes are short enough to type, so guessing them is slowed down like passwords are. */
export const JOIN_CODE_LIMITS = { perUser: 10, perIp: 60, windowMs: 15 * 60_000 };

/** What a class code joined: the class, and how many published courses it brings. */
export interface ClassJoined {
  class: { id: string; name: string };
}

/**
 * A student joins a published course with its code, or a class with the
 * class's code. The guess is counted before the code is looked up (so
 * concurrent guesses cannot all be checked) and given back when it was right.
 */
export async function joinByCode(
  ctx: ServerContext,
  userId: string,
  code: string,
  guard: { limiter: AttemptLimiter; ip: string },
): Promise<CourseCard | ClassJoined> {
  const reservation = await guard.limiter.reserve(
    [
      { key: `u:${userId}`, limit: JOIN_CODE_LIMITS.perUser },
      { key: `ip:${guard.ip}`, limit: JOIN_CODE_LIMITS.perIp },
    ],
    ctx.now(),
  );
  const wait = reservation.retryAfterSeconds;
  if (wait > 0) throw tooMany(`加入码输错次数过多，请 ${waitText(wait)}后再试`, wait);
  const normalized = normalizeJoinCode(code);
  const course = normalized ? await findCourseByJoinCode(ctx.db, normalized) : null;
  const joinedClass = !course && normalized ? await findClassByJoinCode(ctx.db, normalized) : null;
  if (joinedClass) {
    reservation.release();
    await addStudents(ctx.db, joinedClass.id, [userId], ctx.now());
    return { class: { id: joinedClass.id, name: joinedClass.name } };
  }
  if (!course || course.status === 'archived') throw badRequest(BAD_CODE);
  reservation.release();
  if (course.status !== 'published') throw badRequest('这门课程还没有发布，请等老师发布后再加入');
  await addCourseMember(ctx.db, course.id, userId, ctx.now());
  const [card] = await cards(ctx, [course], { progressFor: userId });
  return card!;
}

/** A student leaves a course they joined by code (class enrolment is the teacher's to change). */
export async function leaveCourse(ctx: ServerContext, userId: string, courseId: string): Promise<void> {
  if (!(await removeCourseMember(ctx.db, courseId, userId))) throw notFound('你没有通过加入码加入这门课程，无需退出');
}

export async function removeMember(ctx: ServerContext, userId: string, clientType: ClientType, courseId: string, memberId: string): Promise<void> {
  await requireTeacher(ctx, userId, clientType, courseId);
  if (!(await removeCourseMember(ctx.db, courseId, memberId))) throw notFound('该学生不是通过加入码加入的，请在班级设置中调整');
}

export interface StudentRow extends EnrolledStudent {
  completed: number;
  opened: number;
}

/** The course's students with their progress (teachers and managers). */
export async function courseStudents(ctx: ServerContext, userId: string, clientType: ClientType, courseId: string): Promise<StudentRow[]> {
  const role = await requireCourseRole(ctx, userId, clientType, courseId);
  if (role === 'student') throw notFound(COURSE_NOT_FOUND);
  const [students, lessons, rows] = await Promise.all([
    enrolledStudents(ctx.db, courseId),
    listLessonHeads(ctx.db, courseId),
    ctx.db.selectFrom('lesson_progress').select(['user_id', 'lesson_id', 'completed_at']).where('course_id', '=', courseId).execute(),
  ]);
  const lessonIds = new Set(lessons.map((l) => l.id));
  return students.map((s) => {
    const own = rows.filter((r) => r.user_id === s.id && lessonIds.has(r.lesson_id));
    return { ...s, opened: own.length, completed: own.filter((r) => r.completed_at !== null).length };
  });
}
