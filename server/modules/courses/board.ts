// The course board: enrolment, lessons completed, active students and
// questions to the course AI per day, and the most frequent topics. Also the
// 7-day activity shown on course cards (showcase, teacher list).
import type { ServerContext } from '../../context.js';
import { courseProgressRows, courseQuestions, courseVisits, enrolledStudents } from './board-store.js';
import { dayOf, lastDays } from './days.js';
import { listChapters, listLessonHeads } from './outline-store.js';
import { classesOf } from './store.js';
import { topTopics, type TopicCount } from './topics.js';
import type { CourseActivityView } from './views.js';
import { messageText } from '../../../shared/message-text.js';

/** Topics are counted over at most this many recent questions (keeps the board fast on busy courses). */
const TOPIC_SAMPLE = 2_000;
/** Questions counted per day; far above what a class asks. */
const QUESTION_LIMIT = 50_000;

export interface DailyPoint {
  day: string;
  activeStudents: number;
  questions: number;
  completions: number;
}

export interface CourseBoard {
  days: number;
  enrolment: { students: number; viaCode: number; classes: Array<{ id: string; name: string; students: number }> };
  lessons: { total: number };
  completion: {
    /** Lesson completions by all students, all time. */
    completions: number;
    /** completions / (students × lessons), 0–100. */
    rate: number;
    /** Students who completed every lesson. */
    finishedStudents: number;
    perLesson: Array<{ lessonId: string; title: string; chapterTitle: string; opened: number; completed: number }>;
  };
  daily: DailyPoint[];
  totals: { questions: number; activeStudents: number; completions: number };
  topics: TopicCount[];
}

/** Who was active on which day: opened a lesson or asked the course AI. */
function activeByDay(visits: Array<{ userId: string; day: string }>, questions: Array<{ userId: string; createdAt: number }>): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  const add = (day: string, user: string) => {
    let set = map.get(day);
    if (!set) map.set(day, (set = new Set()));
    set.add(user);
  };
  for (const v of visits) add(v.day, v.userId);
  for (const q of questions) add(dayOf(q.createdAt), q.userId);
  return map;
}

/** Questions and active students of the last 7 days, per course. */
export async function recentActivity(ctx: ServerContext, courseIds: string[]): Promise<Map<string, CourseActivityView>> {
  const { days, since } = lastDays(ctx.now(), 7);
  const [questions, visits] = await Promise.all([courseQuestions(ctx.db, courseIds, since, QUESTION_LIMIT), courseVisits(ctx.db, courseIds, days[0]!)]);
  const result = new Map<string, CourseActivityView>();
  for (const id of courseIds) {
    const own = questions.filter((q) => q.courseId === id);
    const users = new Set([...own.map((q) => q.userId), ...visits.filter((v) => v.courseId === id).map((v) => v.userId)]);
    result.set(id, { questions7d: own.length, activeStudents7d: users.size });
  }
  return result;
}

export async function courseBoard(ctx: ServerContext, courseId: string, dayCount: number): Promise<CourseBoard> {
  const { days, since } = lastDays(ctx.now(), dayCount);
  const [students, classes, chapters, lessons, progress, questions, visits] = await Promise.all([
    enrolledStudents(ctx.db, courseId),
    classesOf(ctx.db, [courseId]),
    listChapters(ctx.db, courseId),
    listLessonHeads(ctx.db, courseId),
    courseProgressRows(ctx.db, courseId),
    courseQuestions(ctx.db, [courseId], since, QUESTION_LIMIT),
    courseVisits(ctx.db, [courseId], days[0]!),
  ]);

  // Only enrolled students' progress on lessons still in the course counts.
  const enrolled = new Set(students.map((s) => s.id));
  const lessonIds = new Set(lessons.map((l) => l.id));
  const rows = progress.filter((p) => enrolled.has(p.userId) && lessonIds.has(p.lessonId));
  const completedRows = rows.filter((p) => p.completedAt !== null);

  const classCounts = (classes.get(courseId) ?? []).map((c) => ({
    id: c.id,
    name: c.name,
    students: students.filter((s) => s.classes.includes(c.name)).length,
  }));
  const chapterTitle = new Map(chapters.map((c) => [c.id, c.title]));
  const chapterIndex = new Map(chapters.map((c, i) => [c.id, i]));
  const inOutlineOrder = [...lessons].sort((a, b) => (chapterIndex.get(a.chapterId) ?? 0) - (chapterIndex.get(b.chapterId) ?? 0) || a.position - b.position);
  const perLesson = inOutlineOrder.map((l) => ({
    lessonId: l.id,
    title: l.title,
    chapterTitle: chapterTitle.get(l.chapterId) ?? '',
    opened: rows.filter((p) => p.lessonId === l.id).length,
    completed: completedRows.filter((p) => p.lessonId === l.id).length,
  }));
  const completedPerStudent = new Map<string, number>();
  for (const p of completedRows) completedPerStudent.set(p.userId, (completedPerStudent.get(p.userId) ?? 0) + 1);
  const finishedStudents = lessons.length ? [...completedPerStudent.values()].filter((n) => n >= lessons.length).length : 0;

  const active = activeByDay(visits, questions);
  const daily = days.map((day) => ({
    day,
    activeStudents: active.get(day)?.size ?? 0,
    questions: questions.filter((q) => dayOf(q.createdAt) === day).length,
    completions: completedRows.filter((p) => p.completedAt! >= since && dayOf(p.completedAt!) === day).length,
  }));
  const activeInWindow = new Set<string>();
  for (const set of active.values()) for (const user of set) activeInWindow.add(user);

  const possible = students.length * lessons.length;
  return {
    days: dayCount,
    enrolment: { students: students.length, viaCode: students.filter((s) => s.viaCode && s.classes.length === 0).length, classes: classCounts },
    lessons: { total: lessons.length },
    completion: {
      completions: completedRows.length,
      rate: possible ? Math.round((completedRows.length / possible) * 100) : 0,
      finishedStudents,
      perLesson,
    },
    daily,
    totals: { questions: questions.length, activeStudents: activeInWindow.size, completions: daily.reduce((n, d) => n + d.completions, 0) },
    topics: topTopics(questions.slice(0, TOPIC_SAMPLE).map((q) => messageText(q.content, q.contentType))),
  };
}
