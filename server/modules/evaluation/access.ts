// Who may do what with an evaluation:
//   teacher  a teacher of its course (teaching side): builds, publishes, grades, analyses
//   manager  the management side: reads the school's evaluations and their analysis
//   student  a student of its course, in one of its classes (or any student of
//            the course when it names none), once it is published
// Anyone else gets 404: we never confirm that an evaluation exists.
import type { ServerContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { courseRoleFor } from '../courses/index.js';
import { findEvaluation, type EvaluationRecord } from './store.js';

export const EVALUATION_NOT_FOUND = '测评不存在、未发布或你不在这门课程中';

export type EvaluationRole = 'teacher' | 'manager' | 'student';

async function inAssignedClass(ctx: ServerContext, userId: string, classIds: string[]): Promise<boolean> {
  if (classIds.length === 0) return true;
  const row = await ctx.db
    .selectFrom('class_members')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('class_id', 'in', classIds)
    .where('role', '=', 'student')
    .executeTakeFirst();
  return !!row;
}

export async function evaluationRole(ctx: ServerContext, user: AuthUser, evaluation: EvaluationRecord): Promise<EvaluationRole | null> {
  const role = await courseRoleFor(ctx, user.id, user.clientType, evaluation.courseId);
  if (role === 'teacher') return 'teacher';
  if (evaluation.status === 'draft') return null;
  if (role === 'manager') return 'manager';
  if (role === 'student' && (await inAssignedClass(ctx, user.id, evaluation.classIds))) return 'student';
  return null;
}

/** The evaluation and the caller's role in it, or 404 when the caller holds none of `allowed`. */
export async function requireEvaluation(
  ctx: ServerContext,
  user: AuthUser,
  id: string,
  allowed: readonly EvaluationRole[],
): Promise<{ evaluation: EvaluationRecord; role: EvaluationRole }> {
  const evaluation = await findEvaluation(ctx.db, id);
  const role = evaluation ? await evaluationRole(ctx, user, evaluation) : null;
  if (!evaluation || !role || !allowed.includes(role)) throw notFound(EVALUATION_NOT_FOUND);
  return { evaluation, role };
}
