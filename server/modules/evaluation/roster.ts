// Who an evaluation is for and has not handed in yet, so a teacher can chase
// them: the course's students (in its assigned classes when it names some,
// as access.ts lets them take it) without a submitted attempt, each with
// whether they have not opened it or are still answering.
import type { ServerContext } from '../../context.js';
import { enrolledStudents } from '../courses/index.js';
import type { EvaluationRecord } from './store.js';
import type { SubmissionRecord } from './submission-store.js';

export type PendingState = 'not_started' | 'in_progress';

export interface PendingStudent {
  studentId: string;
  username: string;
  name: string;
  /** The classes they take it through, as named ('' when joined by code only). */
  className: string;
  state: PendingState;
}

/** The students of the evaluation, each with the classes they take it through. */
async function expectedStudents(ctx: ServerContext, evaluation: EvaluationRecord): Promise<Map<string, { username: string; classes: string[] }>> {
  const enrolled = await enrolledStudents(ctx.db, evaluation.courseId);
  if (evaluation.classIds.length === 0) return new Map(enrolled.map((s) => [s.id, { username: s.username, classes: s.classes }]));
  const enrolledIds = new Set(enrolled.map((s) => s.id));
  const rows = await ctx.db
    .selectFrom('class_members as cm')
    .innerJoin('classes as k', 'k.id', 'cm.class_id')
    .innerJoin('users as u', 'u.id', 'cm.user_id')
    .select(['u.id', 'u.username', 'k.name as class_name'])
    .where('cm.class_id', 'in', evaluation.classIds)
    .where('cm.role', '=', 'student')
    .execute();
  const out = new Map<string, { username: string; classes: string[] }>();
  for (const r of rows) {
    if (!enrolledIds.has(r.id)) continue;
    const seen = out.get(r.id) ?? { username: r.username, classes: [] };
    seen.classes.push(r.class_name);
    out.set(r.id, seen);
  }
  return out;
}

/** The evaluation's students without a handed-in attempt, by class then account. */
export async function pendingStudents(ctx: ServerContext, evaluation: EvaluationRecord, submissions: SubmissionRecord[]): Promise<PendingStudent[]> {
  const expected = await expectedStudents(ctx, evaluation);
  const handedIn = new Set(submissions.filter((s) => s.status !== 'in_progress').map((s) => s.studentId));
  const answering = new Set(submissions.filter((s) => s.status === 'in_progress').map((s) => s.studentId));
  const ids = [...expected.keys()].filter((id) => !handedIn.has(id));
  if (ids.length === 0) return [];
  const names = await ctx.db.selectFrom('users').select(['id', 'name', 'nickname']).where('id', 'in', ids).execute();
  const nameOf = new Map(names.map((u) => [u.id, u.nickname || u.name]));
  return ids
    .map((id) => ({
      studentId: id,
      username: expected.get(id)!.username,
      name: nameOf.get(id) ?? '',
      className: [...new Set(expected.get(id)!.classes)].sort().join(' / '),
      state: (answering.has(id) ? 'in_progress' : 'not_started') as PendingState,
    }))
    .sort((a, b) => a.className.localeCompare(b.className) || a.username.localeCompare(b.username));
}
