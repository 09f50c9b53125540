// Course rules: lists for each side of the product, creating and editing a
// course (with its AI settings), publishing and archiving, teachers,
// enrolled classes, join codes and code-joined students.
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { ClientType } from '../../db/schema.js';
import type { CourseStatus } from '../../db/tables/courses.js';
import { badRequest, forbidden, notFound, tooMany, waitText } from '../../http/errors.js';
import { type AttemptLimiter, displayName, parseClientTypes } from '../account/index.js';
import {
  addStudents,
  classRoleOf,
  type ClassSummary,
  existingClassIds,
  findClassByJoinCode,
  freeJoinCode,
  listClassSummaries,
  setClassTerm,
} from '../classes/index.js';
import { COURSE_NOT_FOUND, requireCourseRole, requireTeacher, type CourseRole } from './access.js';
import { enrolledStudents, type EnrolledStudent } from './board-store.js';
import { recentActivity } from './board.js';
import { checkCourseDatasets } from './datasets.js';
import { normalizeJoinCode } from './join-code.js';
import { checkCover } from './media.js';
import { countLessons, listChapters, listLessonHeads } from './outline-store.js';
import { progressOf, progressSummaries } from './progress-store.js';
import {
  addCourseMember,
  classesOf,
  courseFacets,
  deleteCourse,
  findCourse,
  findCourseByJoinCode,
  insertCourse,
  isCodeMember,
  listCourses,
  removeCourseMember,
  setCourseClasses,
  setCourseTeachers,
  studentCounts,
  teachersOf,
  updateCourse,
  type CourseAi,
  EMPTY_AI,
  type CourseRecord,
  type CourseScope,
} from './store.js';
import { aiView, progressView, type CourseCard, type CourseDetail } from './views.js';

export interface CourseFields {
  title?: string;
  description?: string;
  cover?: string;
  category?: string;
  term?: string;
}

export interface CourseAiInput {
  systemPrompt?: string;
  assistantId?: string | null;
  model?: string | null;
  modelVersion?: string | null;
  temperature?: number | null;
  topP?: number | null;
  datasetIds?: string[];
}

async function requireCourse(ctx: ServerContext, id: string): Promise<CourseRecord> {
  const course = await findCourse(ctx.db, id);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  return course;
}

/** Cards with teachers, classes, counts and, per side, progress or recent activity. */
async function cards(ctx: ServerContext, courses: CourseRecord[], extras: { progressFor?: string; activity?: boolean }): Promise<CourseCard[]> {
  const ids = courses.map((c) => c.id);
  const [teachers, classes, lessons, students, progress, activity] = await Promise.all([
    teachersOf(ctx.db, ids),
    classesOf(ctx.db, ids),
    countLessons(ctx.db, ids),
    studentCounts(ctx.db, ids),
    extras.progressFor ? progressSummaries(ctx.db, extras.progressFor, ids) : undefined,
    extras.activity ? recentActivity(ctx, ids) : undefined,
  ]);
  return courses.map((c) => {
    const total = lessons.get(c.id) ?? 0;
    const mine = progress?.get(c.id);
    return {
      id: c.id,
      title: c.title,
      description: c.description,
      cover: c.cover,
      category: c.category,
      term: c.term,
      status: c.status,
      teachers: teachers.get(c.id) ?? [],
      classes: classes.get(c.id) ?? [],
      lessonCount: total,
      studentCount: students.get(c.id) ?? 0,
      publishedAt: c.publishedAt,
      updateTime: c.updatedAt,
      ...(mine ? { progress: progressView(mine.completed, mine.opened, total, mine.lastLessonId) } : {}),
      ...(activity?.get(c.id) ? { activity: activity.get(c.id)! } : {}),
    };
  });
}

export interface ListQuery {
  keyword?: string;
  status?: CourseStatus;
  category?: string;
  term?: string;
  page: number;
  pageSize: number;
}

export interface CourseList {
  items: CourseCard[];
  total: number;
  facets: { categories: string[]; terms: string[] };
}

/**
 * The list each side sees: teachers their own courses (any status),
 * managers the showcase (published; archived on request), students the
 * published courses of their classes or joined by code, with progress.
 */
export async function listForSide(ctx: ServerContext, userId: string, clientType: ClientType, query: ListQuery): Promise<CourseList> {
  let scope: CourseScope;
  let statuses: CourseStatus[] | undefined;
  if (clientType === '1') {
    scope = { teacherId: userId };
    statuses = query.status ? [query.status] : undefined;
  } else if (clientType === '2') {
    scope = { all: true };
    statuses = query.status === 'archived' ? ['archived'] : ['published'];
  } else {
    scope = { studentId: userId };
    statuses = ['published'];
  }
  const filter = { keyword: query.keyword, statuses, category: query.category, term: query.term };
  const [{ items, total }, facets] = await Promise.all([
    listCourses(ctx.db, scope, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    courseFacets(ctx.db, scope, clientType === '1' ? undefined : statuses),
  ]);
  const views = await cards(ctx, items, { progressFor: clientType === '3' ? userId : undefined, activity: clientType !== '3' });
  return { items: views, total, facets };
}

export async function courseDetail(ctx: ServerContext, userId: string, clientType: ClientType, courseId: string): Promise<CourseDetail> {
  const role = await requireCourseRole(ctx, userId, clientType, courseId);
  return detailFor(ctx, userId, role, await requireCourse(ctx, courseId));
}

async function detailFor(ctx: ServerContext, userId: string, role: CourseRole, course: CourseRecord): Promise<CourseDetail> {
  const [[card], chapters, lessons, progress, codeMember] = await Promise.all([
    cards(ctx, [course], { progressFor: role === 'student' ? userId : undefined, activity: role !== 'student' }),
    listChapters(ctx.db, course.id),
    listLessonHeads(ctx.db, course.id),
    role === 'student' ? progressOf(ctx.db, userId, course.id) : undefined,
    role === 'student' ? isCodeMember(ctx.db, course.id, userId) : false,
  ]);
  return {
    ...card!,
    role,
    canEdit: role === 'teacher',
    ...(role === 'student' ? { joinedByCode: codeMember } : {}),
    ...(role === 'teacher' ? { joinCode: course.joinCode, ai: aiView(course) } : {}),
    chapters: chapters.map((ch) => ({
      id: ch.id,
      title: ch.title,
      lessons: lessons
        .filter((l) => l.chapterId === ch.id)
        .map((l) => {
          const p = progress?.get(l.id);
          return {
            id: l.id,
            title: l.title,
            durationMinutes: l.durationMinutes,
            hasVideo: !!l.video,
            attachmentCount: l.attachments.length,
            progress: p ? { openedAt: p.openedAt, completedAt: p.completedAt } : null,
          };
        }),
    })),
  };
}

async function teacherDetail(ctx: ServerContext, userId: string, courseId: string): Promise<CourseDetail> {
  return detailFor(ctx, userId, 'teacher', await requireCourse(ctx, courseId));
}

function cleanFields(input: CourseFields): CourseFields {
  const out: CourseFields = {};
  if (input.title !== undefined) {
    out.title = input.title.trim();
    if (!out.title) throw badRequest('课程名称不能为空');
  }
  if (input.description !== undefined) out.description = input.description.trim();
  if (input.category !== undefined) out.category = input.category.trim();
  if (input.term !== undefined) out.term = input.term.trim();
  return out;
}

/** Checks the course AI settings a teacher sent, merged over what the course has. */
async function checkAi(ctx: ServerContext, userId: string, current: CourseAi, input: CourseAiInput): Promise<CourseAi> {
  const next: CourseAi = { ...current };
  if (input.systemPrompt !== undefined) next.systemPrompt = input.systemPrompt.trim();
  if (input.temperature !== undefined) next.temperature = input.temperature;
  if (input.topP !== undefined) next.topP = input.topP;
  if (input.model !== undefined || input.modelVersion !== undefined) {
    const model = input.model === undefined ? current.model : input.model;
    const version = input.modelVersion === undefined ? (input.model === undefined ? current.modelVersion : null) : input.modelVersion;
    if (model) {
      const resolved = ctx.ai.resolve(model, version ?? undefined);
      if (!resolved) throw badRequest(version ? `模型 ${model} 没有版本 ${version}，请重新选择` : `模型 ${model} 未配置，请在模型列表中重新选择`);
      next.model = resolved.model.name;
      next.modelVersion = version ? (resolved.version ?? null) : null;
    } else {
      next.model = null;
      next.modelVersion = null;
    }
  }
  if (input.assistantId !== undefined && input.assistantId !== current.assistantId) {
    if (input.assistantId) {
      const resolver = ctx.chatPresets.assistant;
      if (!resolver) throw badRequest('助手功能尚未启用，请先不选择助手');
      // Throws 404 when this teacher may not use it; the course then uses it on their behalf.
      await resolver.resolve(ctx, userId, input.assistantId);
      next.assistantId = input.assistantId;
      next.assistantBy = userId;
    } else {
      next.assistantId = null;
      next.assistantBy = null;
    }
  }
  if (input.datasetIds !== undefined) next.datasetIds = await checkCourseDatasets(ctx, userId, input.datasetIds);
  return next;
}

export async function createCourse(ctx: ServerContext, userId: string, input: CourseFields & { title: string; ai?: CourseAiInput }): Promise<CourseDetail> {
  const fields = cleanFields(input);
  const now = ctx.now();
  const course: CourseRecord = {
    id: newId(),
    title: fields.title!,
    description: fields.description ?? '',
    cover: await checkCover(ctx, userId, input.cover ?? ''),
    category: fields.category ?? '',
    term: fields.term ?? '',
    status: 'draft',
    joinCode: await uniqueJoinCode(ctx),
    ai: input.ai ? await checkAi(ctx, userId, EMPTY_AI, input.ai) : EMPTY_AI,
    createdBy: userId,
    publishedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await insertCourse(ctx.db, course, userId);
  return teacherDetail(ctx, userId, course.id);
}

export async function editCourse(
  ctx: ServerContext,
  userId: string,
  clientType: ClientType,
  courseId: string,
  input: CourseFields & { ai?: CourseAiInput },
): Promise<CourseDetail> {
  await requireTeacher(ctx, userId, clientType, courseId);
  const course = await requireCourse(ctx, courseId);
  const fields = cleanFields(input);
  const cover = input.cover !== undefined && input.cover !== course.cover ? await checkCover(ctx, userId, input.cover) : undefined;
  const ai = input.ai ? await checkAi(ctx, userId, course.ai, input.ai) : undefined;
  await updateCourse(ctx.db, courseId, { ...fields, ...(cover !== undefined ? { cover } : {}), ...(ai ? { ai } : {}), updatedAt: ctx.now() });
  return teacherDetail(ctx, userId, courseId);
}

export async function setCourseStatus(
  ctx: ServerContext,
  userId: string,
  clientType: ClientType,
  courseId: string,
  status: CourseStatus,
): Promise<CourseDetail> {
  await requireTeacher(ctx, userId, clientType, courseId);
  const course = await requireCourse(ctx, courseId);
  if (status === 'published' && course.status !== 'published') {
    const lessons = (await countLessons(ctx.db, [courseId])).get(courseId) ?? 0;
    if (lessons === 0) throw badRequest('课程还没有课时，请先添加至少一个课时再发布');
  }
  const now = ctx.now();
  await updateCourse(ctx.db, courseId, {
    status,
    ...(status === 'published' && course.status !== 'published' ? { publishedAt: now } : {}),
    updatedAt: now,
  });
  return teacherDetail(ctx, userId, courseId);
}

export async function removeCourse(ctx: ServerContext, userId: string, clientType: ClientType, courseId: string): Promise<void> {
  await requireTeacher(ctx, userId, clientType, courseId);
  const course = await requireCourse(ctx, courseId);
  // Students' progress hangs on a published course: it is archived first, then deleted.
  if (course.status === 'published') throw badRequest('课程已发布，请先归档再删除');
  await deleteCourse(ctx.db, courseId);
}

// Course and class codes share one space: a student types either into one box.
const uniqueJoinCode = freeJoinCode;

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
