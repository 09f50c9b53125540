// The demo school's sample quiz: objective questions in the sample course's
// bank, and a published quiz of them for the demo class, so the demo student
// has something to take and the teacher something to analyse. Checked by the
// same rules as a teacher's paper.
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import { itemsOf, settingsOf } from './authoring.js';
import { insertQuestions } from './bank-store.js';
import type { QuestionInput } from './question-rules.js';
import { insertEvaluation, setStatus } from './store.js';

export interface DemoQuizInput {
  courseId: string;
  teacherId: string;
  classId: string;
  title: string;
  description: string;
  questions: QuestionInput[];
}

/** Writes the questions into the course's bank and publishes the quiz; returns its id. */
export async function seedDemoQuiz(db: Kysely<Database>, input: DemoQuizInput, now: number): Promise<string> {
  const settings = settingsOf({
    title: input.title,
    description: input.description,
    kind: 'quiz',
    classIds: [input.classId],
    timeLimitMinutes: 20,
    maxAttempts: 2,
  });
  const items = itemsOf(input.questions, 'quiz').map((item) => ({ ...item, bankQuestionId: newId() }));
  await insertQuestions(
    db,
    input.courseId,
    input.teacherId,
    items.map(({ bankQuestionId, type, stem, options, answer, rubric, points, tags, explanation, source }, i) => ({
      id: bankQuestionId,
      type,
      stem,
      options,
      answer,
      rubric,
      points,
      tags,
      explanation,
      source,
      difficulty: input.questions[i]?.difficulty ?? 2,
    })),
    now,
  );
  const id = newId();
  await insertEvaluation(db, { id, courseId: input.courseId, authorId: input.teacherId, now }, settings, items);
  await setStatus(db, id, 'published', now);
  return id;
}
