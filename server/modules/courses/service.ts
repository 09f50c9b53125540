// Course rules: the list each side sees, creating and editing a course
// (with its AI settings), publishing, archiving and deleting. Students and
// join codes are in enrolment.ts, classes in course-classes.ts, teachers in
// course-teachers.ts, cards and details in course-cards.ts.
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { ClientType } from '../../db/schema.js';
import type { CourseStatus } from '../../db/tables/courses.js';
import { badRequest } from '../../http/errors.js';
import { requireTeacher } from './access.js';
import { cards, requireCourse, teacherDetail } from './course-cards.js';
import { checkCourseDatasets } from './datasets.js';
import { uniqueJoinCode } from './enrolment.js';
import { checkCover } from './media.js';
import { countLessons } from './outline-store.js';
import { courseFacets, deleteCourse, insertCourse, listCourses, updateCourse, type CourseAi, EMPTY_AI, type CourseRecord, type CourseScope } from './store.js';
import type { CourseCard, CourseDetail } from './views.js';

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
