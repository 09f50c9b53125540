// Grading by question: one question of an evaluation across every handed-in
// attempt, read in one call and graded in one call (all or nothing), so a
// teacher marks question 3 for the whole class and saves once.
import type { ServerContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { ApiError, badRequest, notFound } from '../../http/errors.js';
import type { ServerLocale } from '../../i18n/locales.js';
import { requireEvaluation } from './access.js';
import { answerFiles, practicalFileIds } from './answer-files.js';
import { criteriaInLocale, feedbackInLocale, flaggedInLocale } from './feedback.js';
import { decideGrade, type GradeInput } from './grading.js';
import { originalChoice } from './paper.js';
import { listItems, type ItemRecord } from './store.js';
import { itemScoresOfEvaluation, listSubmissions, saveTeacherGrades, type ItemScore, type SubmissionRecord } from './submission-store.js';

/** The teachers' evaluation, the question and the attempts handed in, or 404. */
async function questionOfEvaluation(ctx: ServerContext, user: AuthUser, evaluationId: string, questionId: string) {
  const { evaluation } = await requireEvaluation(ctx, user, evaluationId, ['teacher']);
  const items = await listItems(ctx.db, evaluationId);
  const index = items.findIndex((i) => i.id === questionId);
  if (index < 0) throw notFound('题目不在这个测评中');
  const submissions = (await listSubmissions(ctx.db, evaluationId)).filter((s) => s.status !== 'in_progress');
  const scores = new Map((await itemScoresOfEvaluation(ctx.db, evaluationId)).filter((s) => s.itemId === questionId).map((s) => [s.submissionId, s] as const));
  return { evaluation, item: items[index]!, number: index + 1, submissions, scores };
}

async function studentNames(ctx: ServerContext, submissions: SubmissionRecord[]) {
  const ids = [...new Set(submissions.map((s) => s.studentId))];
  if (ids.length === 0) return new Map<string, { username: string; name: string }>();
  const rows = await ctx.db.selectFrom('users').select(['id', 'username', 'nickname', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, { username: r.username, name: r.nickname || r.name || '' }]));
}

const questionView = (item: ItemRecord, number: number) => ({
  questionId: item.id,
  number,
  type: item.type,
  stem: item.stem,
  options: item.options ?? undefined,
  points: item.points,
  correctAnswer: item.answer,
  rubric: item.rubric,
});

async function answerView(
  ctx: ServerContext,
  user: AuthUser,
  item: ItemRecord,
  submission: SubmissionRecord,
  s: ItemScore,
  student: { username: string; name: string } | null,
  locale: ServerLocale,
) {
  const raw = submission.answers[item.id];
  return {
    submissionId: submission.id,
    attempt: submission.attempt,
    submittedAt: submission.submittedAt,
    autoSubmitted: submission.autoSubmitted,
    student,
    answer: raw === undefined ? null : originalChoice(raw, submission.optionOrder[item.id]),
    ...(item.type === 'practical' ? { files: await answerFiles(ctx, user, practicalFileIds([item], submission.answers)) } : {}),
    score: s.score,
    gradedBy: s.gradedBy,
    feedback: feedbackInLocale(s.feedback, locale),
    ...(item.rubric ? { criteria: s.criteria ? criteriaInLocale(s.criteria, locale) : undefined } : {}),
    aiSuggestion: s.aiSuggestion ? { ...s.aiSuggestion, criteria: criteriaInLocale(s.aiSuggestion.criteria, locale) } : null,
    flagged: flaggedInLocale(s.flagged, locale),
  };
}

/** Every handed-in attempt's answer to one question, with its score, for the teachers of the course. */
export async function questionAnswers(ctx: ServerContext, user: AuthUser, evaluationId: string, questionId: string, locale: ServerLocale) {
  const { evaluation, item, number, submissions, scores } = await questionOfEvaluation(ctx, user, evaluationId, questionId);
  const names = evaluation.anonymous ? new Map<string, { username: string; name: string }>() : await studentNames(ctx, submissions);
  const answers: Array<Awaited<ReturnType<typeof answerView>>> = [];
  for (const submission of submissions) {
    const s = scores.get(submission.id);
    if (s) answers.push(await answerView(ctx, user, item, submission, s, names.get(submission.studentId) ?? null, locale));
    // (no score row: an attempt that did not have this question, after an edit)
  }
  const byName = (a: (typeof answers)[number]) => a.student?.name || a.student?.username || '';
  answers.sort((a, b) => byName(a).localeCompare(byName(b), 'zh-CN') || a.attempt - b.attempt);
  return { question: questionView(item, number), answers };
}

export interface QuestionGrade extends GradeInput {
  submissionId: string;
}

/**
 * Grades one question in many attempts: every grade is checked first (each
 * attempt of this evaluation and handed in, each score within the question's
 * points, no attempt twice), then all are written in one transaction.
 * Returns the graded attempts, for the operation records.
 */
export async function gradeQuestion(
  ctx: ServerContext,
  user: AuthUser,
  evaluationId: string,
  questionId: string,
  grades: QuestionGrade[],
  locale: ServerLocale,
): Promise<{ number: number; graded: Array<{ submissionId: string; score: number }> }> {
  const { evaluation, item, number, submissions, scores } = await questionOfEvaluation(ctx, user, evaluationId, questionId);
  const byId = new Map(submissions.map((s) => [s.id, s]));
  const names = evaluation.anonymous ? new Map() : await studentNames(ctx, submissions);
  const seen = new Set<string>();
  const decided = grades.map((grade) => {
    if (seen.has(grade.submissionId)) throw badRequest('同一份作答只能出现一次');
    seen.add(grade.submissionId);
    const submission = byId.get(grade.submissionId);
    const before = scores.get(grade.submissionId);
    // An attempt of another evaluation, or one still being answered, is not this list's to grade.
    if (!submission || !before) throw notFound('作答记录不存在或还没有提交');
    try {
      return decideGrade(item, before, grade, locale);
    } catch (error) {
      const who = names.get(submission.studentId);
      if (!who || !(error instanceof ApiError) || error.statusCode !== 400) throw error;
      throw badRequest(`学生「${who.name || who.username}」的作答：${error.message}`);
    }
  });
  await saveTeacherGrades(ctx.db, decided, user.id, ctx.now());
  return { number, graded: decided.map((d) => ({ submissionId: d.before.submissionId, score: d.after.score })) };
}
