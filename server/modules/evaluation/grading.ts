// Grading: the course's model proposes rubric grades through the queue
// (grading-queue.ts, rubric-grading.ts), for short answers and for practical
// reports read from their files (practical-text.ts); teachers accept or override each
// criterion, every change recorded; the built-in engine never grades
// rubrics (it is no model), so those items wait for the teacher.
import { answerFiles, practicalFileIds, type AnswerFile } from './answer-files.js';
import type { ServerContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { findCourse } from '../courses/index.js';
import { requireEvaluation } from './access.js';
import { startGradingWorker, type GradingJob, type GradingWorker } from './grading-queue.js';
import { originalChoice } from './paper.js';
import { gradeWithModel, totalPoints, type CriterionGrade } from './rubric-grading.js';
import { listItems, type ItemRecord } from './store.js';
import { practicalReportText } from './practical-text.js';
import { commentAsStored, criteriaInLocale, feedbackInLocale, flaggedInLocale } from './feedback.js';
import { DEFAULT_LOCALE, type ServerLocale } from '../../i18n/locales.js';
import { checkInput } from '../safety/index.js';
import {
  findSubmission,
  gradeChanges,
  itemScores,
  leaveForTeacher,
  refreshTotal,
  saveAiGrade,
  saveTeacherGrade,
  type GradeChange,
  type ItemScore,
  type TeacherGrade,
} from './submission-store.js';

/** How long one AI grading call may take. */
export const GRADING_TIMEOUT_MS = 90_000;

const workers = new WeakMap<ServerContext, GradingWorker>();

/** The model that grades this course's rubrics: the course AI's, else the default; null when only the built-in engine is there. */
export async function courseModelFor(ctx: ServerContext, courseId: string) {
  const course = await findCourse(ctx.db, courseId);
  const resolved = ctx.ai.resolve(course?.ai.model ?? undefined, course?.ai.modelVersion ?? undefined) ?? ctx.ai.resolve(undefined);
  if (!resolved || resolved.provider.kind === 'builtin') return null;
  return resolved;
}

export async function runGradingJob(ctx: ServerContext, job: GradingJob): Promise<void> {
  const submission = await findSubmission(ctx.db, job.submissionId);
  if (!submission) return; // deleted with its evaluation: nothing left to grade
  const evaluation = await ctx.db.selectFrom('evaluations').select('course_id').where('id', '=', submission.evaluationId).executeTakeFirst();
  const item = (await listItems(ctx.db, submission.evaluationId)).find((i) => i.id === job.itemId);
  if (!evaluation || !item?.rubric) return;
  const model = await courseModelFor(ctx, evaluation.course_id);
  if (!model) throw new Error('没有可用于评分的语言模型');
  // A practical task is graded from its report's text; a file that cannot be read leaves it to the teacher, saying why.
  const answer =
    item.type === 'practical'
      ? await practicalReportText(ctx, practicalFileIds([item], submission.answers))
      : { text: String(submission.answers[item.id] ?? '') };
  if ('forTeacher' in answer) {
    await leaveForTeacher(ctx.db, { submissionId: submission.id, itemId: item.id }, answer.forTeacher, ctx.now());
    return;
  }
  // A student's answer is flagged for the managers, never withheld from grading.
  await checkInput(ctx, { text: answer.text, userId: submission.studentId, source: 'evaluation', locale: DEFAULT_LOCALE, mode: 'flag' });
  const grade = await gradeWithModel(
    model.provider,
    { name: model.model.name, ...(model.version ? { version: model.version } : {}) },
    {
      stem: item.stem,
      rubric: item.rubric,
      ...(typeof item.answer === 'string' ? { referenceAnswer: item.answer } : {}),
      studentAnswer: answer.text,
    },
    GRADING_TIMEOUT_MS,
  );
  const now = ctx.now();
  await saveAiGrade(ctx.db, { submissionId: submission.id, itemId: item.id }, { ...grade, score: totalPoints(grade) }, now);
  await refreshTotal(ctx.db, submission.id, now);
}

export function startGrading(ctx: ServerContext, options: { concurrency: number; pollMs: number }): GradingWorker {
  const worker = startGradingWorker(ctx, (job) => runGradingJob(ctx, job), options);
  workers.set(ctx, worker);
  return worker;
}

export function pokeGrading(ctx: ServerContext): void {
  workers.get(ctx)?.poke();
}

/** A teacher of the submission's course, or 404. */
async function teacherSubmission(ctx: ServerContext, user: AuthUser, submissionId: string) {
  const submission = await findSubmission(ctx.db, submissionId);
  if (!submission) throw notFound('作答记录不存在');
  const { evaluation, role } = await requireEvaluation(ctx, user, submission.evaluationId, ['teacher', 'student', 'manager']).catch(() => {
    throw notFound('作答记录不存在');
  });
  return { submission, evaluation, role };
}

export interface CriterionDecision {
  criterion: string;
  points: number;
  comment?: string;
}

/**
 * The criteria after a teacher's decisions. Every criterion of the rubric must
 * end up with a score, given now or already there (the AI's, an earlier
 * grade): a missing one used to count as 0 and mark the answer graded.
 */
function decidedCriteria(item: ItemRecord, before: CriterionGrade[] | null, decisions: CriterionDecision[]): CriterionGrade[] {
  const rubric = item.rubric ?? [];
  const stranger = decisions.find((d) => !rubric.some((r) => r.criterion === d.criterion));
  if (stranger) throw badRequest(`「${stranger.criterion}」不是这道题的评分标准`);
  return rubric.map((r) => {
    const previous = before?.find((c) => c.criterion === r.criterion);
    const decision = decisions.find((d) => d.criterion === r.criterion);
    const points = decision ? decision.points : previous?.points;
    if (points === undefined) throw badRequest(`评分标准「${r.criterion}」还没有打分：量规的每条标准都要给分`);
    if (points < 0 || points > r.points) throw badRequest(`「${r.criterion}」的得分应在 0 到 ${r.points} 之间`);
    return {
      criterion: r.criterion,
      max: r.points,
      points,
      level: previous?.level ?? '',
      comment: decision?.comment ?? previous?.comment ?? '',
      evidence: previous?.evidence ?? [],
    };
  });
}

export interface GradeInput {
  criteria?: CriterionDecision[];
  score?: number;
  feedback?: string;
}

/**
 * What a teacher's decision makes of one item: per criterion for rubric
 * items, a score (0 to the item's points) for others; 400 saying what is wrong.
 * `locale` is the grading teacher's: comments come back as they were shown in it.
 */
export function decideGrade(item: ItemRecord, before: ItemScore, input: GradeInput, locale: ServerLocale): TeacherGrade {
  if (item.rubric) {
    const decisions = (input.criteria ?? []).map((c) => (c.comment === undefined ? c : { ...c, comment: commentAsStored(c.comment, locale) }));
    const criteria = decidedCriteria(item, before.criteria, decisions);
    return { before, after: { score: totalPoints({ criteria }), criteria, feedback: input.feedback ?? before.feedback } };
  }
  const score = input.score ?? before.score ?? 0;
  if (score < 0 || score > item.points) throw badRequest(`得分应在 0 到 ${item.points} 之间`);
  return { before, after: { score, criteria: null, feedback: input.feedback ?? before.feedback } };
}

/** A teacher accepts or overrides one item: per criterion for rubric items, a score for others. */
export async function gradeItem(
  ctx: ServerContext,
  user: AuthUser,
  submissionId: string,
  itemId: string,
  input: GradeInput,
  locale: ServerLocale,
): Promise<void> {
  const { submission, role } = await teacherSubmission(ctx, user, submissionId);
  if (role !== 'teacher') throw notFound('作答记录不存在');
  if (submission.status === 'in_progress') throw badRequest('学生还没有提交');
  const item = (await listItems(ctx.db, submission.evaluationId)).find((i) => i.id === itemId);
  const before = (await itemScores(ctx.db, submissionId)).find((s) => s.itemId === itemId);
  if (!item || !before) throw notFound('题目不在这次作答中');
  await saveTeacherGrade(ctx.db, decideGrade(item, before, input, locale), user.id, ctx.now());
}

/**
 * One submission as its reader may see it: teachers always (with the AI's
 * suggestion, flags and the answer key); the student once results are released.
 * Feedback the server wrote (stored in zh-CN) reads in `locale` (feedback.ts).
 */
export async function readSubmission(ctx: ServerContext, user: AuthUser, submissionId: string, locale: ServerLocale) {
  const { submission, evaluation, role } = await teacherSubmission(ctx, user, submissionId);
  if (role === 'student' && submission.studentId !== user.id) throw notFound('作答记录不存在');
  const released = evaluation.releaseMode === 'immediate' || evaluation.releasedAt !== null;
  const student = await ctx.db.selectFrom('users').select(['username', 'nickname', 'name']).where('id', '=', submission.studentId).executeTakeFirst();
  const head = {
    id: submission.id,
    evaluationId: submission.evaluationId,
    courseId: evaluation.courseId,
    status: submission.status,
    attempt: submission.attempt,
    submittedAt: submission.submittedAt,
    autoSubmitted: submission.autoSubmitted,
    late: submission.late,
    latePenalty: submission.latePenalty,
    released,
    ...(role !== 'student' && !evaluation.anonymous
      ? { student: { id: submission.studentId, username: student?.username ?? '', name: student?.nickname || student?.name || '' } }
      : {}),
  };
  if (role === 'student' && (!released || submission.status === 'in_progress')) return { ...head, score: null, questions: [] };
  const items = await listItems(ctx.db, submission.evaluationId);
  const scores = new Map((await itemScores(ctx.db, submissionId)).map((s) => [s.itemId, s]));
  const teacher = role !== 'student';
  const history = teacher ? await gradeChanges(ctx.db, submissionId) : new Map<string, GradeChange[]>();
  const filesByItem = new Map<string, AnswerFile[]>();
  for (const item of items.filter((i) => i.type === 'practical'))
    filesByItem.set(item.id, await answerFiles(ctx, user, practicalFileIds([item], submission.answers)));
  return {
    ...head,
    score: submission.score,
    maxScore: items.reduce((sum, i) => sum + i.points, 0),
    passMark: evaluation.passMark,
    questions: items.map((item) => {
      const s = scores.get(item.id);
      return {
        questionId: item.id,
        type: item.type,
        stem: item.stem,
        options: item.options ?? undefined,
        points: item.points,
        answer: submission.answers[item.id] === undefined ? null : originalChoice(submission.answers[item.id], submission.optionOrder[item.id]),
        correctAnswer: item.answer,
        explanation: item.explanation,
        tags: item.tags,
        source: item.source,
        score: s?.score ?? null,
        feedback: feedbackInLocale(s?.feedback ?? '', locale),
        ...(item.rubric ? { criteria: s?.criteria ? criteriaInLocale(s.criteria, locale) : undefined } : {}),
        ...(item.type === 'practical' ? { files: filesByItem.get(item.id) ?? [] } : {}),
        ...(teacher
          ? {
              gradedBy: s?.gradedBy ?? null,
              flagged: flaggedInLocale(s?.flagged ?? null, locale),
              aiSuggestion: s?.aiSuggestion ? { ...s.aiSuggestion, criteria: criteriaInLocale(s.aiSuggestion.criteria, locale) } : null,
              rubric: item.rubric,
              history: history.get(item.id) ?? [],
            }
          : {}),
      };
    }),
  };
}

/** The teacher's grading queue: submissions with items waiting or flagged first. */
export async function gradingQueue(ctx: ServerContext, user: AuthUser, evaluationId: string) {
  const { evaluation } = await requireEvaluation(ctx, user, evaluationId, ['teacher']);
  const rows = await ctx.db
    .selectFrom('submissions')
    .innerJoin('users', 'users.id', 'submissions.student_id')
    .leftJoin('submission_items', 'submission_items.submission_id', 'submissions.id')
    .select((eb) => [
      'submissions.id',
      'submissions.status',
      'submissions.score',
      'submissions.attempt',
      'submissions.submitted_at',
      'submissions.handed_in_by',
      'submissions.late',
      'users.username',
      'users.nickname',
      'users.name',
      eb.fn.count<number>('submission_items.item_id').filterWhere('submission_items.score', 'is', null).as('pending'),
      eb.fn.count<number>('submission_items.flagged').as('flagged'),
      eb.fn.count<number>('submission_items.ai_suggestion').filterWhere('submission_items.graded_by', '=', 'ai').as('aiGraded'),
    ])
    .where('submissions.evaluation_id', '=', evaluationId)
    .where('submissions.status', '!=', 'in_progress')
    .groupBy([
      'submissions.id',
      'submissions.status',
      'submissions.score',
      'submissions.attempt',
      'submissions.submitted_at',
      'submissions.handed_in_by',
      'submissions.late',
      'users.username',
      'users.nickname',
      'users.name',
    ])
    .execute();
  const items = rows.map((r) => ({
    id: r.id,
    status: r.status,
    score: r.score === null ? null : Number(r.score),
    attempt: r.attempt,
    submittedAt: r.submitted_at === null ? null : Number(r.submitted_at),
    autoSubmitted: r.handed_in_by === 'deadline',
    late: Number(r.late) === 1,
    student: evaluation.anonymous ? null : { username: r.username, name: r.nickname || r.name },
    pending: Number(r.pending),
    flagged: Number(r.flagged),
    aiGraded: Number(r.aiGraded),
  }));
  items.sort((a, b) => b.pending + b.flagged - (a.pending + a.flagged) || (a.submittedAt ?? 0) - (b.submittedAt ?? 0));
  return { released: evaluation.releaseMode === 'immediate' || evaluation.releasedAt !== null, aiGrading: await aiGradingState(ctx, evaluation), items };
}

/**
 * Whether AI drafts rubric grades for this evaluation, and if not why:
 * 'none-needed' (no short or practical question), 'no-model' (only the
 * built-in engine, which never grades), or 'on'.
 */
async function aiGradingState(ctx: ServerContext, evaluation: { id: string; courseId: string }): Promise<'on' | 'no-model' | 'none-needed'> {
  const items = await listItems(ctx.db, evaluation.id);
  if (!items.some((i) => i.rubric)) return 'none-needed';
  return (await courseModelFor(ctx, evaluation.courseId)) ? 'on' : 'no-model';
}
