// SQL for the question bank (per course, shared by its teachers).
import type { Kysely, Selectable } from 'kysely';
import { containsText } from '../../db/contains.js';
import { parseJson } from '../../db/json.js';
import type { Database } from '../../db/schema.js';
import type { EvalQuestionsTable, QuestionType } from '../../db/tables/evaluation.js';
import { readQuestion, writeQuestion, type QuestionContent } from './question-columns.js';

type Db = Kysely<Database>;

export interface BankQuestion extends QuestionContent {
  id: string;
  courseId: string;
  authorId: string;
  difficulty: number;
  createdAt: number;
  updatedAt: number;
}

export type BankQuestionFields = Omit<BankQuestion, 'id' | 'courseId' | 'authorId' | 'createdAt' | 'updatedAt'>;

const toQuestion = (r: Selectable<EvalQuestionsTable>): BankQuestion => ({
  id: r.id,
  courseId: r.course_id,
  authorId: r.author_id,
  ...readQuestion(r),
  difficulty: r.difficulty,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

const columns = (q: BankQuestionFields) => ({ ...writeQuestion(q), difficulty: q.difficulty });

/** Inserts all or none (an import with one bad row writes nothing). */
export async function insertQuestions(
  db: Db,
  courseId: string,
  authorId: string,
  questions: Array<BankQuestionFields & { id: string }>,
  now: number,
): Promise<void> {
  if (questions.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < questions.length; i += 200) {
      await trx
        .insertInto('eval_questions')
        .values(
          questions.slice(i, i + 200).map((q) => ({ id: q.id, course_id: courseId, author_id: authorId, created_at: now, updated_at: now, ...columns(q) })),
        )
        .execute();
    }
  });
}

export async function updateQuestion(db: Db, id: string, fields: BankQuestionFields, now: number): Promise<void> {
  await db
    .updateTable('eval_questions')
    .set({ ...columns(fields), updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteQuestions(db: Db, courseId: string, ids: string[]): Promise<number> {
  const result = await db.deleteFrom('eval_questions').where('course_id', '=', courseId).where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function findQuestion(db: Db, id: string): Promise<BankQuestion | undefined> {
  const row = await db.selectFrom('eval_questions').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toQuestion(row) : undefined;
}

export interface BankFilter {
  type?: QuestionType;
  tag?: string;
  difficulty?: number;
  keyword?: string;
}

export async function listQuestions(db: Db, courseId: string, filter: BankFilter = {}): Promise<BankQuestion[]> {
  let query = db.selectFrom('eval_questions').selectAll().where('course_id', '=', courseId);
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.difficulty) query = query.where('difficulty', '=', filter.difficulty);
  if (filter.keyword) query = query.where(containsText('stem', filter.keyword));
  const rows = await query.orderBy('created_at', 'desc').limit(2_000).execute();
  const questions = rows.map(toQuestion);
  return filter.tag ? questions.filter((q) => q.tags.includes(filter.tag!)) : questions;
}

/** Every knowledge point used in a course's bank (for the filter, whatever is filtered). */
export async function listBankTags(db: Db, courseId: string): Promise<string[]> {
  const rows = await db.selectFrom('eval_questions').select('tags').where('course_id', '=', courseId).limit(2_000).execute();
  return [...new Set(rows.flatMap((r) => parseJson<string[]>(r.tags, [])))].sort();
}
