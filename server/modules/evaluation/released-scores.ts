// The scores of a released evaluation as the analysis export lists them (one
// row per student who handed in, the total of their latest attempt), for the
// server's own use: LTI posts them to the LMS gradebook. Nothing before
// release, and nothing of an anonymous survey, which names nobody.
import type { ServerContext } from '../../context.js';
import { analyseRecord } from './analysis.js';
import { resultsReleased } from './authoring.js';
import { findEvaluation } from './store.js';

export interface ReleasedScores {
  evaluationId: string;
  title: string;
  courseId: string;
  maxScore: number;
  scores: Array<{ studentId: string; username: string; score: number; graded: boolean; submittedAt: number | null }>;
}

export async function releasedScores(ctx: ServerContext, evaluationId: string): Promise<ReleasedScores | null> {
  const evaluation = await findEvaluation(ctx.db, evaluationId);
  if (!evaluation || !resultsReleased(evaluation) || evaluation.anonymous) return null;
  const analysis = await analyseRecord(ctx, evaluation);
  return {
    evaluationId,
    title: evaluation.title,
    courseId: evaluation.courseId,
    maxScore: analysis.maxScore,
    scores: analysis.students.map((s) => ({
      studentId: s.studentId,
      username: s.username,
      score: s.total,
      graded: s.status === 'graded',
      submittedAt: s.submittedAt,
    })),
  };
}
