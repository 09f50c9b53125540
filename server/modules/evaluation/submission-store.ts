// SQL for submissions (attempts), their per-item scores and the record of
// grade changes.
import type { Kysely, Selectable } from 'kysely';
import { parseJson } from '../../db/json.js';
import { newId } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';
import type { HandedInBy, SubmissionItemsTable, SubmissionStatus, SubmissionsTable } from '../../db/tables/evaluation.js';
import type { CriterionGrade } from './rubric-grading.js';

type Db = Kysely<Database>;

export type Answers = Record<string, unknown>;

export interface SubmissionRecord {
  id: string;
  evaluationId: string;
  studentId: string;
  attempt: number;
  status: SubmissionStatus;
  answers: Answers;
  itemOrder: string[];
  optionOrder: Record<string, number[]>;
  startedAt: number;
  deadlineAt: number | null;
  submittedAt: number | null;
  /** Handed in by the server when the attempt's time ran out, not by the student. */
  autoSubmitted: boolean;
  score: number | null;
  late: boolean;
  /** Percent off the score for lateness, fixed at submission. */
  latePenalty: number;
  updatedAt: number;
}

export interface ItemScore {
  submissionId: string;
  itemId: string;
  score: number | null;
  gradedBy: string | null;
  criteria: CriterionGrade[] | null;
  aiSuggestion: { criteria: CriterionGrade[]; feedback: string } | null;
  feedback: string;
  flagged: string | null;
  updatedAt: number;
}

const num = (v: number | string | null) => (v === null ? null : Number(v));

const toSubmission = (r: Selectable<SubmissionsTable>): SubmissionRecord => ({
  id: r.id,
  evaluationId: r.evaluation_id,
  studentId: r.student_id,
  attempt: r.attempt,
  status: r.status,
  answers: parseJson<Answers>(r.answers, {}),
  itemOrder: parseJson<string[]>(r.item_order, []),
  optionOrder: parseJson<Record<string, number[]>>(r.option_order, {}),
  startedAt: Number(r.started_at),
  deadlineAt: num(r.deadline_at),
  submittedAt: num(r.submitted_at),
  autoSubmitted: r.handed_in_by === 'deadline',
  score: num(r.score),
  late: r.late === 1,
  latePenalty: Number(r.late_penalty),
  updatedAt: Number(r.updated_at),
});

const toItemScore = (r: Selectable<SubmissionItemsTable>): ItemScore => ({
  submissionId: r.submission_id,
  itemId: r.item_id,
  score: num(r.score),
  gradedBy: r.graded_by,
  criteria: parseJson<CriterionGrade[] | null>(r.criteria, null),
  aiSuggestion: parseJson<ItemScore['aiSuggestion']>(r.ai_suggestion, null),
  feedback: r.feedback,
  flagged: r.flagged,
  updatedAt: Number(r.updated_at),
});

export async function findSubmission(db: Db, id: string): Promise<SubmissionRecord | undefined> {
  const row = await db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toSubmission(row) : undefined;
}

/** The student's attempts at one evaluation, latest first. */
export async function studentAttempts(db: Db, evaluationId: string, studentId: string): Promise<SubmissionRecord[]> {
  const rows = await db
    .selectFrom('submissions')
    .selectAll()
    .where('evaluation_id', '=', evaluationId)
    .where('student_id', '=', studentId)
    .orderBy('attempt', 'desc')
    .execute();
  return rows.map(toSubmission);
}

export async function listSubmissions(db: Db, evaluationId: string): Promise<SubmissionRecord[]> {
  const rows = await db.selectFrom('submissions').selectAll().where('evaluation_id', '=', evaluationId).orderBy('submitted_at').execute();
  return rows.map(toSubmission);
}

/** Starts attempt N; false when another tab started it first (unique constraint). */
export async function insertAttempt(
  db: Db,
  record: Omit<SubmissionRecord, 'status' | 'answers' | 'submittedAt' | 'autoSubmitted' | 'score' | 'late' | 'latePenalty' | 'updatedAt'>,
): Promise<boolean> {
  try {
    await db
      .insertInto('submissions')
      .values({
        id: record.id,
        evaluation_id: record.evaluationId,
        student_id: record.studentId,
        attempt: record.attempt,
        status: 'in_progress',
        answers: '{}',
        item_order: JSON.stringify(record.itemOrder),
        option_order: JSON.stringify(record.optionOrder),
        started_at: record.startedAt,
        deadline_at: record.deadlineAt,
        submitted_at: null,
        score: null,
        late: 0,
        late_penalty: 0,
        handed_in_by: 'student',
        sweep_lease_until: null,
        updated_at: record.startedAt,
      })
      .execute();
    return true;
  } catch (error) {
    if (/unique|duplicate/iu.test(String((error as Error).message))) return false;
    throw error;
  }
}

/** Autosave: only while the attempt is in progress (a submitted paper never changes). */
export async function saveAnswers(db: Db, id: string, answers: Answers, now: number): Promise<boolean> {
  const result = await db
    .updateTable('submissions')
    .set({ answers: JSON.stringify(answers), updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'in_progress')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How an attempt is handed in: by whom, and (for the server) only if no autosave landed since its answers were read. */
export interface HandIn {
  by: HandedInBy;
  /** The attempt's `updatedAt` when its answers were read: a save after that leaves it in progress, to be read again. */
  unchangedSince?: number;
}

/**
 * Submits once: the status moves from in_progress in the same statement, so
 * two submits at the same instant score the paper once. When every score is
 * known the paper is graded in that statement too, with its total as
 * refreshTotal computes it; else it waits as submitted.
 */
export async function submitAttempt(
  db: Db,
  id: string,
  answers: Answers,
  scores: Array<{ itemId: string; score: number | null; gradedBy: string | null; feedback?: string }>,
  now: number,
  lateness: { late: boolean; penalty: number } = { late: false, penalty: 0 },
  handIn: HandIn = { by: 'student' },
): Promise<boolean> {
  const graded = scores.every((s) => s.score !== null);
  return db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('submissions')
      .set({
        status: graded ? 'graded' : 'submitted',
        ...(graded ? { score: totalOf(scores, lateness.penalty) } : {}),
        answers: JSON.stringify(answers),
        submitted_at: now,
        late: lateness.late ? 1 : 0,
        late_penalty: lateness.penalty,
        handed_in_by: handIn.by,
        sweep_lease_until: null,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('status', '=', 'in_progress')
      .$if(handIn.unchangedSince !== undefined, (q) => q.where('updated_at', '=', handIn.unchangedSince!))
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) return false;
    if (scores.length) {
      await trx
        .insertInto('submission_items')
        .values(
          scores.map((s) => ({
            submission_id: id,
            item_id: s.itemId,
            score: s.score,
            graded_by: s.gradedBy,
            criteria: null,
            ai_suggestion: null,
            feedback: s.feedback ?? '',
            flagged: null,
            updated_at: now,
          })),
        )
        .execute();
    }
    return true;
  });
}

export async function itemScores(db: Db, submissionId: string): Promise<ItemScore[]> {
  const rows = await db.selectFrom('submission_items').selectAll().where('submission_id', '=', submissionId).execute();
  return rows.map(toItemScore);
}

export async function itemScoresOfEvaluation(db: Db, evaluationId: string): Promise<ItemScore[]> {
  const rows = await db
    .selectFrom('submission_items')
    .innerJoin('submissions', 'submissions.id', 'submission_items.submission_id')
    .selectAll('submission_items')
    .where('submissions.evaluation_id', '=', evaluationId)
    .execute();
  return rows.map(toItemScore);
}

export async function saveAiGrade(
  db: Db,
  key: { submissionId: string; itemId: string },
  grade: { score: number; criteria: CriterionGrade[]; feedback: string; flagged: string | null },
  now: number,
): Promise<void> {
  await db
    .updateTable('submission_items')
    .set({
      // A flagged answer keeps no score until a teacher has looked at it.
      score: grade.flagged ? null : grade.score,
      graded_by: grade.flagged ? null : 'ai',
      criteria: JSON.stringify(grade.criteria),
      ai_suggestion: JSON.stringify({ criteria: grade.criteria, feedback: grade.feedback }),
      feedback: grade.feedback,
      flagged: grade.flagged,
      updated_at: now,
    })
    .where('submission_id', '=', key.submissionId)
    .where('item_id', '=', key.itemId)
    .where('graded_by', 'is', null)
    .execute();
}

/** The model will not grade this item: it waits for the teacher, and `reason` tells them why. */
export async function leaveForTeacher(db: Db, key: { submissionId: string; itemId: string }, reason: string, now: number): Promise<void> {
  await db
    .updateTable('submission_items')
    .set({ feedback: reason, updated_at: now })
    .where('submission_id', '=', key.submissionId)
    .where('item_id', '=', key.itemId)
    .where('graded_by', 'is', null)
    .execute();
}

export interface TeacherGrade {
  before: ItemScore;
  after: { score: number; criteria: CriterionGrade[] | null; feedback: string };
}

/** A teacher's decision on one item, with the change recorded. */
export async function saveTeacherGrade(db: Db, grade: TeacherGrade, teacherId: string, now: number): Promise<void> {
  await saveTeacherGrades(db, [grade], teacherId, now);
}

/**
 * Teachers' decisions on several items (one question across a class) in one
 * transaction: each change recorded, each submission's total recomputed;
 * all written or, when any write fails, none.
 */
export async function saveTeacherGrades(db: Db, grades: TeacherGrade[], teacherId: string, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const { before, after } of grades) {
      await trx
        .updateTable('submission_items')
        .set({
          score: after.score,
          graded_by: 'teacher',
          criteria: after.criteria ? JSON.stringify(after.criteria) : null,
          feedback: after.feedback,
          updated_at: now,
        })
        .where('submission_id', '=', before.submissionId)
        .where('item_id', '=', before.itemId)
        .execute();
      await trx
        .insertInto('grade_changes')
        .values({
          id: newId(),
          submission_id: before.submissionId,
          item_id: before.itemId,
          changed_by: teacherId,
          before: JSON.stringify({ score: before.score, criteria: before.criteria, feedback: before.feedback }),
          after: JSON.stringify(after),
          created_at: now,
        })
        .execute();
    }
    for (const submissionId of new Set(grades.map((g) => g.before.submissionId))) await recomputeTotal(trx, submissionId, now);
  });
}

/** A paper's total: the sum of its scores less the late penalty (a percentage), to two decimals. */
function totalOf(scores: ReadonlyArray<{ score: number | null }>, penalty: number): number {
  const sum = scores.reduce((total, s) => total + (s.score ?? 0), 0);
  return Math.round(sum * (1 - penalty / 100) * 100) / 100;
}

/** Sums the items (less the late penalty) into the submission once none awaits grading; the status says whether grading is complete. */
export async function refreshTotal(db: Db, submissionId: string, now: number): Promise<void> {
  await db.transaction().execute((trx) => recomputeTotal(trx, submissionId, now));
}

async function recomputeTotal(trx: Db, submissionId: string, now: number): Promise<void> {
  // The submission's row is locked before the items are read. Graders (and the submit itself)
  // recompute at once; unlocked, one that read the items before another grader saved could
  // write after that grader's recompute and put a fully graded submission back to 'submitted'
  // for good. Locked, they queue, and each reads what every earlier one committed.
  const locked = await trx
    .updateTable('submissions')
    .set({ updated_at: now })
    .where('id', '=', submissionId)
    .where('status', '!=', 'in_progress')
    .executeTakeFirst();
  if (Number(locked.numUpdatedRows) === 0) return;
  const scores = await itemScores(trx, submissionId);
  const pending = scores.some((s) => s.score === null);
  const penalty = (await findSubmission(trx, submissionId))?.latePenalty ?? 0;
  await trx
    .updateTable('submissions')
    .set({ score: pending ? null : totalOf(scores, penalty), status: pending ? 'submitted' : 'graded', updated_at: now })
    .where('id', '=', submissionId)
    .where('status', '!=', 'in_progress')
    .execute();
}

export interface GradeChange {
  at: number;
  /** Who changed it (display name, else username). */
  by: string;
  before: number | null;
  after: number;
}

/** Every teacher change to a submission's items, oldest first, per item: the grading view shows them. */
export async function gradeChanges(db: Db, submissionId: string): Promise<Map<string, GradeChange[]>> {
  const rows = await db
    .selectFrom('grade_changes')
    .leftJoin('users', 'users.id', 'grade_changes.changed_by')
    .select([
      'grade_changes.item_id',
      'grade_changes.before',
      'grade_changes.after',
      'grade_changes.created_at',
      'grade_changes.id',
      'users.username',
      'users.nickname',
      'users.name',
    ])
    .where('grade_changes.submission_id', '=', submissionId)
    .orderBy('grade_changes.created_at')
    .orderBy('grade_changes.id')
    .execute();
  const out = new Map<string, GradeChange[]>();
  for (const r of rows) {
    const before = parseJson<{ score: number | null }>(r.before, { score: null });
    const after = parseJson<{ score: number }>(r.after, { score: 0 });
    const change = { at: Number(r.created_at), by: r.nickname || r.name || r.username || '', before: before.score ?? null, after: after.score };
    out.set(r.item_id, [...(out.get(r.item_id) ?? []), change]);
  }
  return out;
}
