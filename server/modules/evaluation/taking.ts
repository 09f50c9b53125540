// Students take an evaluation: open the paper (starting or resuming an
// attempt whose deadline the server keeps), autosave, submit once.
// Objective items are scored at submission; short answers, and practical
// reports whose files the document parsers can read, go to the AI grading
// queue when the course has a language model, else to the teacher.
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { AuthUser } from '../../http/auth.js';
import { ApiError, badRequest } from '../../http/errors.js';
import { requireEvaluation } from './access.js';
import { enqueueGrading } from './grading-queue.js';
import { scoreObjective } from './objective-scoring.js';
import { attemptOrder, cleanAnswer, originalChoice, paperQuestions } from './paper.js';
import { courseModelFor, pokeGrading } from './grading.js';
import { listItems, type EvaluationRecord, type ItemRecord } from './store.js';
import { deadlineFor, lastMoment } from './attempt-deadlines.js';
import { answerFiles, checkOwnFiles, practicalFileIds } from './answer-files.js';
import { isRubricType } from './question-rules.js';
import { PRACTICAL_BY_TEACHER, unreadableAnswerFiles } from './practical-text.js';
import { NOT_ANSWERED, NO_MODEL_FOR_RUBRICS } from './feedback.js';
import { insertAttempt, refreshTotal, saveAnswers, studentAttempts, submitAttempt, type Answers, type SubmissionRecord } from './submission-store.js';

/** Requests in flight when the clock runs out still count (network latency). */
export const DEADLINE_GRACE_MS = 30_000;

export const CLOSED_MESSAGE = '测评已截止，不能再作答或提交';
export const NO_ATTEMPTS_MESSAGE = '作答次数已用完';
export const ALREADY_SUBMITTED = '这次作答已经提交';
export const NEWER_ATTEMPT_OPEN = '这次作答已经提交，新的一次作答已经开始，请刷新页面';

export const LATE_CLOSED_MESSAGE = '作业已截止，迟交时间也已结束，不能再提交';

function checkWindow(evaluation: EvaluationRecord, now: number): void {
  if (evaluation.status !== 'published') throw badRequest(CLOSED_MESSAGE);
  if (evaluation.opensAt !== null && now < evaluation.opensAt) throw badRequest('测评尚未开始');
  const last = lastMoment(evaluation);
  if (last !== null && now > last + DEADLINE_GRACE_MS) throw badRequest(evaluation.latePolicy === 'refuse' ? CLOSED_MESSAGE : LATE_CLOSED_MESSAGE);
}

/** Whether work handed in now is late, and the penalty (percent) it takes; fixed at submission. */
function latenessAt(evaluation: EvaluationRecord, now: number): { late: boolean; penalty: number } {
  const late = evaluation.kind === 'assignment' && evaluation.closesAt !== null && now > evaluation.closesAt + DEADLINE_GRACE_MS;
  return { late, penalty: late && evaluation.latePolicy === 'penalty' ? evaluation.latePenalty : 0 };
}

const isEmptyAnswer = (value: unknown) => (Array.isArray(value) ? value.length === 0 : !String(value ?? '').trim());

const pastDeadline = (s: SubmissionRecord, now: number) => s.deadlineAt !== null && now > s.deadlineAt + DEADLINE_GRACE_MS;

async function mergeAnswers(
  ctx: ServerContext,
  user: AuthUser,
  items: ItemRecord[],
  saved: Answers,
  incoming: Array<{ questionId: string; value: unknown }>,
): Promise<Answers> {
  const byId = new Map(items.map((i) => [i.id, i]));
  const merged: Answers = { ...saved };
  for (const { questionId, value } of incoming) {
    const item = byId.get(questionId);
    if (!item) throw badRequest('答案对应的题目不在这份测评中');
    const clean = value === null ? null : cleanAnswer(item.type, value);
    if (clean === undefined) throw badRequest(`第 ${item.position + 1} 题的答案格式不对`);
    if (item.type === 'practical' && Array.isArray(clean)) await checkOwnFiles(ctx, user.id, clean as string[]);
    if (clean === null) delete merged[questionId];
    else merged[questionId] = clean;
  }
  return merged;
}

/** The attempt in progress (finishing one whose time ran out), or a new one when attempts remain. */
async function currentAttempt(ctx: ServerContext, user: AuthUser, evaluation: EvaluationRecord, items: ItemRecord[]): Promise<SubmissionRecord | null> {
  const attempts = await studentAttempts(ctx.db, evaluation.id, user.id);
  const latest = attempts[0];
  const now = ctx.now();
  if (latest?.status === 'in_progress') {
    if (!pastDeadline(latest, now)) return latest;
    await finishAttempt(ctx, evaluation, items, latest, latest.answers);
    return null;
  }
  if (attempts.length >= evaluation.maxAttempts) return null;
  checkWindow(evaluation, now);
  const order = attemptOrder(items, evaluation.shuffle);
  await insertAttempt(ctx.db, {
    id: newId(),
    evaluationId: evaluation.id,
    studentId: user.id,
    attempt: attempts.length + 1,
    startedAt: now,
    deadlineAt: deadlineFor(evaluation, now),
    ...order,
  });
  // Whether this call or another tab (a moment earlier) created it, the latest attempt is the one.
  return (await studentAttempts(ctx.db, evaluation.id, user.id))[0] ?? null;
}

export async function openPaper(ctx: ServerContext, user: AuthUser, evaluationId: string) {
  const { evaluation } = await requireEvaluation(ctx, user, evaluationId, ['student']);
  const items = await listItems(ctx.db, evaluationId);
  const attempt = await currentAttempt(ctx, user, evaluation, items);
  if (!attempt) {
    const latest = (await studentAttempts(ctx.db, evaluation.id, user.id))[0];
    if (!latest) throw badRequest(CLOSED_MESSAGE);
    throw new ApiError(409, latest.status === 'in_progress' ? CLOSED_MESSAGE : NO_ATTEMPTS_MESSAGE);
  }
  return {
    evaluationId,
    submissionId: attempt.id,
    title: evaluation.title,
    description: evaluation.description,
    kind: evaluation.kind,
    attempt: attempt.attempt,
    maxAttempts: evaluation.maxAttempts,
    deadlineAt: attempt.deadlineAt,
    serverNow: ctx.now(),
    questions: paperQuestions(items, attempt.itemOrder, attempt.optionOrder),
    answers: attempt.answers,
    // Names of the files already given to practical tasks, so a reload lists them.
    files: await answerFiles(ctx, user, practicalFileIds(items, attempt.answers)),
    late: latenessAt(evaluation, ctx.now()),
  };
}

/**
 * The attempt a save or hand-in is for. A page names the attempt it shows
 * (`submissionId`): a tab left on attempt 1 after another tab handed it in and
 * opened attempt 2 is refused rather than writing its old answers over the
 * new attempt's. A page without the name (loaded before attempts were named,
 * still open across an upgrade) gets the attempt in progress, as it always
 * did: refusing it would make that page drop its unsaved answers.
 */
async function inProgress(ctx: ServerContext, user: AuthUser, evaluationId: string, submissionId: string | undefined) {
  const { evaluation } = await requireEvaluation(ctx, user, evaluationId, ['student']);
  const attempts = await studentAttempts(ctx.db, evaluationId, user.id);
  const latest = attempts[0];
  if (!latest) throw badRequest('没有进行中的作答，请先打开试卷');
  if (submissionId !== undefined && submissionId !== latest.id) {
    if (!attempts.some((a) => a.id === submissionId)) throw badRequest('作答记录不存在');
    throw badRequest(latest.status === 'in_progress' ? NEWER_ATTEMPT_OPEN : ALREADY_SUBMITTED);
  }
  // A second tab still showing the paper after the first handed it in: say so, not "open the paper first".
  if (latest.status !== 'in_progress') throw badRequest(ALREADY_SUBMITTED);
  return { evaluation, attempt: latest, items: await listItems(ctx.db, evaluationId) };
}

/** What a page sends to save or hand in: its answers and the attempt they belong to. */
export interface AnswersFromPage {
  answers: Array<{ questionId: string; value: unknown }>;
  submissionId?: string;
}

export async function autosave(ctx: ServerContext, user: AuthUser, evaluationId: string, { answers: incoming, submissionId }: AnswersFromPage) {
  const { evaluation, attempt, items } = await inProgress(ctx, user, evaluationId, submissionId);
  const now = ctx.now();
  if (pastDeadline(attempt, now) || evaluation.status !== 'published') {
    await finishAttempt(ctx, evaluation, items, attempt, attempt.answers);
    throw badRequest('作答时间已到，已按自动保存的答案交卷');
  }
  const merged = await mergeAnswers(ctx, user, items, attempt.answers, incoming);
  if (!(await saveAnswers(ctx.db, attempt.id, merged, now))) throw badRequest(ALREADY_SUBMITTED);
  return { savedAt: now, deadlineAt: attempt.deadlineAt };
}

export async function submit(ctx: ServerContext, user: AuthUser, evaluationId: string, { answers: incoming, submissionId }: AnswersFromPage) {
  const { evaluation, attempt, items } = await inProgress(ctx, user, evaluationId, submissionId);
  if (pastDeadline(attempt, ctx.now()) || evaluation.status !== 'published') {
    await finishAttempt(ctx, evaluation, items, attempt, attempt.answers);
    throw badRequest('作答时间已到或测评已截止，已按自动保存的答案交卷');
  }
  if (!(await finishAttempt(ctx, evaluation, items, attempt, await mergeAnswers(ctx, user, items, attempt.answers, incoming))))
    throw badRequest(ALREADY_SUBMITTED);
  return { id: attempt.id };
}

/** Scores what can be scored now and queues the rest; false (and nothing done) when the attempt was already submitted. */
async function finishAttempt(
  ctx: ServerContext,
  evaluation: EvaluationRecord,
  items: ItemRecord[],
  attempt: SubmissionRecord,
  answers: Answers,
): Promise<boolean> {
  const now = ctx.now();
  const survey = evaluation.kind === 'survey';
  const model = survey ? null : await courseModelFor(ctx, evaluation.courseId);
  // A practical task goes to the model only when every file can be read as text; else the teacher is told which cannot.
  const practicalForTeacher = new Map<string, string>();
  for (const item of items.filter((i) => i.type === 'practical')) {
    const reason = model && item.rubric ? await unreadableAnswerFiles(ctx, practicalFileIds([item], answers)) : PRACTICAL_BY_TEACHER;
    if (reason) practicalForTeacher.set(item.id, reason);
  }
  const scores = survey
    ? []
    : items.map((item) => {
        const value = originalChoice(answers[item.id], attempt.optionOrder[item.id]);
        const rubric = isRubricType(item.type);
        const score = answers[item.id] === undefined && !rubric ? 0 : scoreObjective(item, value, evaluation.multipleScoring);
        if (rubric && isEmptyAnswer(answers[item.id])) return { itemId: item.id, score: 0, gradedBy: 'auto', feedback: NOT_ANSWERED };
        if (score !== null) return { itemId: item.id, score, gradedBy: 'auto' };
        const forTeacher = practicalForTeacher.get(item.id);
        if (forTeacher) return { itemId: item.id, score: null, gradedBy: null, feedback: forTeacher };
        return { itemId: item.id, score: null, gradedBy: null, feedback: model ? '' : NO_MODEL_FOR_RUBRICS };
      });
  if (!(await submitAttempt(ctx.db, attempt.id, answers, scores, now, survey ? undefined : latenessAt(evaluation, now)))) return false;
  const aiGradable = new Set(items.filter((i) => i.type === 'short' || (i.type === 'practical' && !practicalForTeacher.has(i.id))).map((i) => i.id));
  const pending = scores.filter((s) => s.score === null && aiGradable.has(s.itemId)).map((s) => s.itemId);
  if (model && pending.length) {
    await enqueueGrading(ctx.db, attempt.id, pending, now);
    pokeGrading(ctx);
  }
  await refreshTotal(ctx.db, attempt.id, now);
  return true;
}
