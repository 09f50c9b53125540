// SQL for evaluations and their items. Rows map to camelCase records here;
// JSON columns are parsed with server/db/json.ts.
import type { Kysely, Selectable } from 'kysely';
import { parseIdList } from '../../db/json.js';
import type { Database } from '../../db/schema.js';
import type { EvaluationItemsTable, EvaluationKind, EvaluationStatus, EvaluationsTable, LatePolicy } from '../../db/tables/evaluation.js';
import { readQuestion, writeQuestion, type ItemSource, type QuestionContent } from './question-columns.js';

type Db = Kysely<Database>;

export interface EvaluationRecord {
  id: string;
  courseId: string;
  authorId: string;
  title: string;
  description: string;
  kind: EvaluationKind;
  status: EvaluationStatus;
  classIds: string[];
  timeLimitMinutes: number | null;
  maxAttempts: number;
  shuffle: boolean;
  passMark: number | null;
  opensAt: number | null;
  closesAt: number | null;
  releaseMode: 'manual' | 'immediate';
  releasedAt: number | null;
  anonymous: boolean;
  multipleScoring: 'proportional' | 'all-or-nothing';
  /** Assignments: what work after the due date (closesAt) gets. */
  latePolicy: LatePolicy;
  /** Percent off a late submission's score (policy 'penalty'). */
  latePenalty: number;
  /** Last moment late work is taken; null: until the teacher closes the assignment. */
  lateUntil: number | null;
  publishedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export type { ItemSource };

export interface ItemRecord extends QuestionContent {
  id: string;
  evaluationId: string;
  position: number;
  bankQuestionId: string | null;
}

export type EvaluationSettings = Omit<EvaluationRecord, 'id' | 'courseId' | 'authorId' | 'status' | 'releasedAt' | 'publishedAt' | 'createdAt' | 'updatedAt'>;

const toEvaluation = (r: Selectable<EvaluationsTable>): EvaluationRecord => ({
  id: r.id,
  courseId: r.course_id,
  authorId: r.author_id,
  title: r.title,
  description: r.description,
  kind: r.kind,
  status: r.status,
  classIds: parseIdList(r.class_ids),
  timeLimitMinutes: r.time_limit_minutes,
  maxAttempts: r.max_attempts,
  shuffle: r.shuffle === 1,
  passMark: r.pass_mark === null ? null : Number(r.pass_mark),
  opensAt: r.opens_at === null ? null : Number(r.opens_at),
  closesAt: r.closes_at === null ? null : Number(r.closes_at),
  releaseMode: r.release_mode,
  releasedAt: r.released_at === null ? null : Number(r.released_at),
  anonymous: r.anonymous === 1,
  multipleScoring: r.multiple_scoring,
  latePolicy: r.late_policy,
  latePenalty: Number(r.late_penalty),
  lateUntil: r.late_until === null ? null : Number(r.late_until),
  publishedAt: r.published_at === null ? null : Number(r.published_at),
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

export const toItem = (r: Selectable<EvaluationItemsTable>): ItemRecord => ({
  id: r.id,
  evaluationId: r.evaluation_id,
  position: r.position,
  bankQuestionId: r.bank_question_id,
  ...readQuestion(r),
});

function settingsColumns(s: EvaluationSettings) {
  return {
    title: s.title,
    description: s.description,
    kind: s.kind,
    class_ids: JSON.stringify(s.classIds),
    time_limit_minutes: s.timeLimitMinutes,
    max_attempts: s.maxAttempts,
    shuffle: s.shuffle ? 1 : 0,
    pass_mark: s.passMark,
    opens_at: s.opensAt,
    closes_at: s.closesAt,
    release_mode: s.releaseMode,
    anonymous: s.anonymous ? 1 : 0,
    multiple_scoring: s.multipleScoring,
    late_policy: s.latePolicy,
    late_penalty: s.latePenalty,
    late_until: s.lateUntil,
  };
}

export type NewItem = Omit<ItemRecord, 'evaluationId' | 'position'>;

function itemColumns(evaluationId: string, item: NewItem, position: number) {
  return {
    id: item.id,
    evaluation_id: evaluationId,
    position,
    bank_question_id: item.bankQuestionId,
    ...writeQuestion(item),
  };
}

export async function insertEvaluation(
  db: Db,
  record: { id: string; courseId: string; authorId: string; now: number },
  settings: EvaluationSettings,
  items: NewItem[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('evaluations')
      .values({
        id: record.id,
        course_id: record.courseId,
        author_id: record.authorId,
        status: 'draft',
        released_at: null,
        published_at: null,
        created_at: record.now,
        updated_at: record.now,
        ...settingsColumns(settings),
      })
      .execute();
    if (items.length)
      await trx
        .insertInto('evaluation_items')
        .values(items.map((item, i) => itemColumns(record.id, item, i)))
        .execute();
  });
}

/**
 * Locks the evaluation's row until the transaction ends (an update that
 * changes nothing): replacing its questions and starting an attempt both take
 * it first, so one waits for the other and never sees it half done.
 */
export async function lockEvaluation(trx: Db, id: string): Promise<void> {
  await trx
    .updateTable('evaluations')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .execute();
}

/**
 * Replaces an evaluation's settings and, when given, its questions, in one
 * transaction. Questions are replaced only while no attempt has started
 * (checked under the evaluation's lock, which starting an attempt takes too):
 * false, with nothing written, when one has.
 */
export async function updateEvaluation(db: Db, id: string, settings: EvaluationSettings, items: NewItem[] | null, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockEvaluation(trx, id);
    if (items) {
      const started = await trx.selectFrom('submissions').select('id').where('evaluation_id', '=', id).limit(1).executeTakeFirst();
      if (started) return false;
    }
    await trx
      .updateTable('evaluations')
      .set({ ...settingsColumns(settings), updated_at: now })
      .where('id', '=', id)
      .execute();
    if (!items) return true;
    await trx.deleteFrom('evaluation_items').where('evaluation_id', '=', id).execute();
    if (items.length)
      await trx
        .insertInto('evaluation_items')
        .values(items.map((item, i) => itemColumns(id, item, i)))
        .execute();
    return true;
  });
}

export async function findEvaluation(db: Db, id: string): Promise<EvaluationRecord | undefined> {
  const row = await db.selectFrom('evaluations').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toEvaluation(row) : undefined;
}

export async function listCourseEvaluations(db: Db, courseId: string): Promise<EvaluationRecord[]> {
  const rows = await db.selectFrom('evaluations').selectAll().where('course_id', '=', courseId).orderBy('created_at', 'desc').execute();
  return rows.map(toEvaluation);
}

/** Every evaluation of the given courses, newest first (a manager's school view, a teacher's list). */
export async function listEvaluationsOfCourses(db: Db, courseIds: string[]): Promise<EvaluationRecord[]> {
  if (courseIds.length === 0) return [];
  const rows = await db.selectFrom('evaluations').selectAll().where('course_id', 'in', courseIds).orderBy('created_at', 'desc').limit(500).execute();
  return rows.map(toEvaluation);
}

export async function listItems(db: Db, evaluationId: string): Promise<ItemRecord[]> {
  const rows = await db.selectFrom('evaluation_items').selectAll().where('evaluation_id', '=', evaluationId).orderBy('position').execute();
  return rows.map(toItem);
}

export async function setStatus(db: Db, id: string, status: EvaluationStatus, now: number): Promise<void> {
  await db
    .updateTable('evaluations')
    .set({ status, updated_at: now, ...(status === 'published' ? { published_at: now } : {}) })
    .where('id', '=', id)
    .execute();
}

export async function markReleased(db: Db, id: string, now: number): Promise<void> {
  await db.updateTable('evaluations').set({ released_at: now, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteEvaluation(db: Db, id: string): Promise<void> {
  await db.deleteFrom('evaluations').where('id', '=', id).execute();
}
