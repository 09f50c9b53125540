// What a course looks like to each side: its card (teachers, classes,
// counts, and per side progress or recent activity) and its detail (the
// outline with the student's progress, or the teacher's settings).
import type { ServerContext } from '../../context.js';
import type { ClientType } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';
import { COURSE_NOT_FOUND, requireCourseRole, type CourseRole } from './access.js';
import { recentActivity } from './board.js';
import { countLessons, listChapters, listLessonHeads } from './outline-store.js';
import { progressOf, progressSummaries } from './progress-store.js';
import { classesOf, findCourse, isCodeMember, studentCounts, teachersOf, type CourseRecord } from './store.js';
import { aiView, progressView, type CourseCard, type CourseDetail } from './views.js';

export async function requireCourse(ctx: ServerContext, id: string): Promise<CourseRecord> {
  const course = await findCourse(ctx.db, id);
  if (!course) throw notFound(COURSE_NOT_FOUND);
  return course;
}

/** Cards with teachers, classes, counts and, per side, progress or recent activity. */
export async function cards(ctx: ServerContext, courses: CourseRecord[], extras: { progressFor?: string; activity?: boolean }): Promise<CourseCard[]> {
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

export async function teacherDetail(ctx: ServerContext, userId: string, courseId: string): Promise<CourseDetail> {
  return detailFor(ctx, userId, 'teacher', await requireCourse(ctx, courseId));
}
