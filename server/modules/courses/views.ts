// The shapes course calls answer with (docs/api/courses.md).
import type { CourseRole } from './access.js';
import type { LessonRecord } from './outline-store.js';
import type { ProgressRecord } from './progress-store.js';
import type { ClassRef, CourseAi, CourseRecord, PersonRef } from './store.js';

export interface CourseProgressView {
  completed: number;
  opened: number;
  total: number;
  /** 0–100, whole numbers. */
  percent: number;
  lastLessonId: string | null;
}

export interface CourseActivityView {
  /** Questions to the course AI in the last 7 days (students only). */
  questions7d: number;
  /** Students who opened a lesson or asked a question in the last 7 days. */
  activeStudents7d: number;
}

export type CourseCard = Pick<CourseRecord, 'id' | 'title' | 'description' | 'cover' | 'category' | 'term' | 'status' | 'publishedAt'> & {
  teachers: PersonRef[];
  classes: ClassRef[];
  lessonCount: number;
  studentCount: number;
  updateTime: number;
  progress?: CourseProgressView;
  activity?: CourseActivityView;
};

export type CourseAiView = Omit<CourseAi, 'assistantBy'>;

export interface LessonHeadView {
  id: string;
  title: string;
  durationMinutes: number;
  hasVideo: boolean;
  attachmentCount: number;
  /** The reader's own progress (students); null when not opened yet. */
  progress: { openedAt: number; completedAt: number | null } | null;
}

export interface ChapterView {
  id: string;
  title: string;
  lessons: LessonHeadView[];
}

export interface CourseDetail extends CourseCard {
  role: CourseRole;
  canEdit: boolean;
  /** Students only: they joined with the code (and may leave). */
  joinedByCode?: boolean;
  /** Teachers only: the current code, null when disabled. */
  joinCode?: string | null;
  /** Teachers only: the course AI settings. */
  ai?: CourseAiView;
  chapters: ChapterView[];
}

export type LessonView = Pick<LessonRecord, 'id' | 'courseId' | 'chapterId' | 'title' | 'content' | 'durationMinutes' | 'video' | 'attachments'> & {
  updateTime: number;
  progress: { openedAt: number; completedAt: number | null } | null;
};

export function progressView(completed: number, opened: number, total: number, lastLessonId: string | null): CourseProgressView {
  const done = Math.min(completed, total);
  return { completed: done, opened: Math.min(opened, total), total, percent: total ? Math.round((done / total) * 100) : 0, lastLessonId };
}

export function aiView(course: CourseRecord): CourseAiView {
  const { assistantBy: _by, ...ai } = course.ai;
  return ai;
}

export function lessonView(lesson: LessonRecord, progress: ProgressRecord | null): LessonView {
  return {
    id: lesson.id,
    courseId: lesson.courseId,
    chapterId: lesson.chapterId,
    title: lesson.title,
    content: lesson.content,
    durationMinutes: lesson.durationMinutes,
    video: lesson.video,
    attachments: lesson.attachments,
    updateTime: lesson.updatedAt,
    progress: progress ? { openedAt: progress.openedAt, completedAt: progress.completedAt } : null,
  };
}
