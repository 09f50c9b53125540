// The demo school's sample course: published, taught by the demo teacher,
// studied by the demo class, with one chapter and one lesson that the demo
// student has opened and completed (so the course and the board have
// something to show). Written on a new installation's first start only.
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import { dayOf } from './days.js';
import { generateJoinCode } from './join-code.js';
import { insertChapter, insertLesson } from './outline-store.js';
import { recordVisit, setCompleted } from './progress-store.js';
import { EMPTY_AI, insertCourse, setCourseClasses } from './store.js';

export interface DemoCourseInput {
  title: string;
  description: string;
  category: string;
  term: string;
  /** The course AI's own instructions. */
  systemPrompt: string;
  chapter: string;
  lesson: { title: string; content: string; minutes: number };
  teacherId: string;
  classId: string;
  /** Students of the class who have already completed the lesson. */
  completedBy: string[];
  /** Knowledge datasets the course AI answers from. */
  datasetIds: string[];
}

/** Writes the course and returns its id and its lesson's. */
export async function seedDemoCourse(db: Kysely<Database>, input: DemoCourseInput, now: number): Promise<{ courseId: string; lessonId: string }> {
  const courseId = newId();
  const chapterId = newId();
  const lessonId = newId();
  await insertCourse(
    db,
    {
      id: courseId,
      title: input.title,
      description: input.description,
      cover: '',
      category: input.category,
      term: input.term,
      status: 'published',
      joinCode: generateJoinCode(),
      ai: { ...EMPTY_AI, systemPrompt: input.systemPrompt, datasetIds: input.datasetIds },
      createdBy: input.teacherId,
      publishedAt: now,
      createdAt: now,
      updatedAt: now,
    },
    input.teacherId,
  );
  await setCourseClasses(db, courseId, [input.classId], now);
  await insertChapter(db, { id: chapterId, courseId, title: input.chapter, position: 0 }, now);
  await insertLesson(db, {
    id: lessonId,
    courseId,
    chapterId,
    title: input.lesson.title,
    content: input.lesson.content,
    durationMinutes: input.lesson.minutes,
    video: null,
    attachments: [],
    position: 0,
    createdAt: now,
    updatedAt: now,
  });
  for (const userId of input.completedBy) {
    await setCompleted(db, { userId, lessonId, courseId, completedAt: now, now });
    await recordVisit(db, courseId, userId, dayOf(now));
  }
  return { courseId, lessonId };
}
