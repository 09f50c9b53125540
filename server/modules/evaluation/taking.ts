// Students take an evaluation: open the paper (starting or resuming an
// attempt whose deadline the server keeps), autosave, submit once. An
// attempt whose time ran out is handed in by the server (deadline-sweep.ts)
// with its autosaved answers; reopening it shows it handed in, not an error.
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
import { listItems, lockEvaluation, type EvaluationRecord, type ItemRecord } from './store.js';
import { deadlineFor, deadlineGraceMs, lastMoment } from './attempt-deadlines.js';
import { answerFiles, checkOwnFiles, practicalFileIds } from './answer-files.js';
import { isRubricType } from './question-rules.js';
import { PRACTICAL_BY_TEACHER, unreadableAnswerFiles } from './practical-text.js';
import { NOT_ANSWERED, NO_MODEL_FOR_RUBRICS } from './feedback.js';
import {
  insertAttempt,
  refreshTotal,
  saveAnswers,
  studentAttempts,
  submitAttempt,
  type Answers,
  type HandIn,
  type SubmissionRecord,
} from './submission-store.js';
import { attemptOver, invalidAnswer } from './attempt-errors.js';

export const CLOSED_MESSAGE = '测评已截止，不能再作答或提交';
export const ALREADY_SUBMITTED = '这次作答已经提交';
export const NEWER_ATTEMPT_OPEN = '这次作答已经提交，新的一次作答已经开始，请刷新页面';

export const LATE_CLOSED_MESSAGE = '作业已截止，迟交时间也已结束，不能再提交';
export const TIME_UP_MESSAGE = '作答时间已到，已按自动保存的答案交卷';
export const CLOSED_HANDED_IN_MESSAGE = '测评已截止，已按自动保存的答案交卷';

/** Why a new attempt cannot start now; null when it can. */
function windowClosedBecause(evaluation: EvaluationRecord, now: number, graceMs: number): string | null {
  if (evaluation.status !== 'published') return CLOSED_MESSAGE;
  if (evaluation.opensAt !== null && now < evaluation.opensAt) return '测评尚未开始';
  const last = lastMoment(evaluation);
  if (last !== null && now > last + graceMs) return evaluation.latePolicy === 'refuse' ? CLOSED_MESSAGE : LATE_CLOSED_MESSAGE;
  return null;
}

/** Whether work handed in now is late, and the penalty (percent) it takes; fixed at submission. */
function latenessAt(evaluation: EvaluationRecord, now: number, graceMs: number): { late: boolean; penalty: number } {
  const late = evaluation.kind === 'assignment' && evaluation.closesAt !== null && now > evaluation.closesAt + graceMs;
  return { late, penalty: late && evaluation.latePolicy === 'penalty' ? evaluation.latePenalty : 0 };
}

const isEmptyAnswer = (value: unknown) => (Array.isArray(value) ? value.length === 0 : !String(value ?? '').trim());

const pastDeadline = (s: SubmissionRecord, now: number, graceMs: number) => s.deadlineAt !== null && now > s.deadlineAt + graceMs;

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
    if (!item) throw invalidAnswer('答案对应的题目不在这份测评中', questionId);
    const clean = value === null ? null : cleanAnswer(item.type, value);
    if (clean === undefined) throw invalidAnswer(`第 ${item.position + 1} 题的答案格式不对`, questionId);
    if (item.type === 'practical' && Array.isArray(clean)) await checkOwnFiles(ctx, user.id, clean as string[]);
    if (clean === null) delete merged[questionId];
    else merged[questionId] = clean;
  }
  return merged;
}

/**
 * The attempt in progress (handing in one whose time ran out), or a new one
 * when attempts remain and the window is open; null when the student's last
 * attempt is handed in and no other can start.
 */
async function currentAttempt(ctx: ServerContext, user: AuthUser, evaluation: EvaluationRecord, items: ItemRecord[]): Promise<SubmissionRecord | null> {
  const attempts = await studentAttempts(ctx.db, evaluation.id, user.id);
  const latest = attempts[0];
  const now = ctx.now();
  if (latest?.status === 'in_progress') {
    if (!pastDeadline(latest, now, deadlineGraceMs(ctx.config.env))) return latest;
    await handInAtDeadline(ctx, evaluation, items, latest);
    return null;
  }
  if (attempts.length >= evaluation.maxAttempts) return null;
  const closed = windowClosedBecause(evaluation, now, deadlineGraceMs(ctx.config.env));
  if (closed && latest) return null;
  if (closed) throw badRequest(closed);
  // The questions are read under the evaluation's lock, which a teacher replacing them takes too: the
  // attempt is built on the questions as they are once any replace has finished, and a replace that
  // comes after finds the attempt and is refused (store.ts updateEvaluation).
  await ctx.db.transaction().execute(async (trx) => {
    await lockEvaluation(trx, evaluation.id);
    const order = attemptOrder(await listItems(trx, evaluation.id), evaluation.shuffle);
    await insertAttempt(trx, {
      id: newId(),
      evaluationId: evaluation.id,
      studentId: user.id,
      attempt: attempts.length + 1,
      startedAt: now,
      deadlineAt: deadlineFor(evaluation, now),
      ...order,
    });
  });
  // Whether this call or another tab (a moment earlier) created it, the latest attempt is the one.
  return (await studentAttempts(ctx.db, evaluation.id, user.id))[0] ?? null;
}

export async function openPaper(ctx: ServerContext, user: AuthUser, evaluationId: string) {
  const { evaluation } = await requireEvaluation(ctx, user, evaluationId, ['student']);
  const attempt = await currentAttempt(ctx, user, evaluation, await listItems(ctx.db, evaluationId));
  // Read again: the attempt fixed the questions (none can change once it exists), perhaps after a replace.
  const items = await listItems(ctx.db, evaluationId);
  if (!attempt) {
    const latest = (await studentAttempts(ctx.db, evaluation.id, user.id))[0];
    if (!latest) throw badRequest(CLOSED_MESSAGE);
    if (latest.status === 'in_progress') throw new ApiError(409, CLOSED_MESSAGE);
    return handedInView(evaluation, latest);
  }
  return {
    state: 'open' as const,
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
    late: latenessAt(evaluation, ctx.now(), deadlineGraceMs(ctx.config.env)),
  };
}

/** What reopening a paper shows once the student's last attempt is handed in: when, by whom, and the score once released. */
function handedInView(evaluation: EvaluationRecord, attempt: SubmissionRecord) {
  const released = evaluation.releaseMode === 'immediate' || evaluation.releasedAt !== null;
  return {
    state: 'handed_in' as const,
    evaluationId: evaluation.id,
    submissionId: attempt.id,
    title: evaluation.title,
    kind: evaluation.kind,
    attempt: attempt.attempt,
    maxAttempts: evaluation.maxAttempts,
    status: attempt.status,
    submittedAt: attempt.submittedAt,
    autoSubmitted: attempt.autoSubmitted,
    released,
    score: released ? attempt.score : null,
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
    if (latest.status === 'in_progress') throw attemptOver('newer_attempt', NEWER_ATTEMPT_OPEN, submissionId);
    throw attemptOver('handed_in', ALREADY_SUBMITTED, submissionId);
  }
  // A second tab still showing the paper after the first handed it in: say so, not "open the paper first".
  if (latest.status !== 'in_progress')
    throw attemptOver(latest.autoSubmitted ? 'time_up' : 'handed_in', latest.autoSubmitted ? TIME_UP_MESSAGE : ALREADY_SUBMITTED, latest.id);
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
  if (pastDeadline(attempt, now, deadlineGraceMs(ctx.config.env)) || evaluation.status !== 'published') await endAttempt(ctx, evaluation, items, attempt);
  const merged = await mergeAnswers(ctx, user, items, attempt.answers, incoming);
  if (!(await saveAnswers(ctx.db, attempt.id, merged, now))) throw attemptOver('handed_in', ALREADY_SUBMITTED, attempt.id);
  return { savedAt: now, deadlineAt: attempt.deadlineAt };
}

/** Hands in an attempt that can take no more answers (time up, or the evaluation closed) and says so. */
async function endAttempt(ctx: ServerContext, evaluation: EvaluationRecord, items: ItemRecord[], attempt: SubmissionRecord): Promise<never> {
  await handInAtDeadline(ctx, evaluation, items, attempt);
  if (evaluation.status !== 'published') throw attemptOver('closed', CLOSED_HANDED_IN_MESSAGE, attempt.id);
  throw attemptOver('time_up', TIME_UP_MESSAGE, attempt.id);
}

/**
 * Hands in, for the student, an attempt that can take no more answers, with
 * the answers last autosaved: re-read if an autosave lands meanwhile, so what
 * the server acknowledged is what it hands in. False when it was already
 * handed in (by the student, another tab or another sweeping instance).
 */
export async function handInAtDeadline(ctx: ServerContext, evaluation: EvaluationRecord, items: ItemRecord[], attempt: SubmissionRecord): Promise<boolean> {
  let current: SubmissionRecord | undefined = attempt;
  for (let tries = 0; tries < 3 && current?.status === 'in_progress'; tries += 1) {
    if (await finishAttempt(ctx, evaluation, items, current, current.answers, { by: 'deadline', unchangedSince: current.updatedAt })) return true;
    current = (await studentAttempts(ctx.db, evaluation.id, current.studentId)).find((a) => a.id === attempt.id);
  }
  return false;
}

export async function submit(ctx: ServerContext, user: AuthUser, evaluationId: string, { answers: incoming, submissionId }: AnswersFromPage) {
  const { evaluation, attempt, items } = await inProgress(ctx, user, evaluationId, submissionId);
  if (pastDeadline(attempt, ctx.now(), deadlineGraceMs(ctx.config.env)) || evaluation.status !== 'published') await endAttempt(ctx, evaluation, items, attempt);
  if (!(await finishAttempt(ctx, evaluation, items, attempt, await mergeAnswers(ctx, user, items, attempt.answers, incoming))))
    throw attemptOver('handed_in', ALREADY_SUBMITTED, attempt.id);
  return { id: attempt.id };
}

/** Scores what can be scored now and queues the rest; false (and nothing done) when the attempt was already submitted. */
async function finishAttempt(
  ctx: ServerContext,
  evaluation: EvaluationRecord,
  items: ItemRecord[],
  attempt: SubmissionRecord,
  answers: Answers,
  handIn: HandIn = { by: 'student' },
): Promise<boolean> {
  const now = ctx.now();
  const survey = evaluation.kind === 'survey';
  // The course's model matters only to questions graded by rubric (one read less for an all-objective paper).
  const model = survey || !items.some((i) => isRubricType(i.type)) ? null : await courseModelFor(ctx, evaluation.courseId);
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
  // The server hands in a moment after the deadline: lateness is judged at the deadline, as if the student had handed in then.
  const judgedAt = handIn.by === 'deadline' && attempt.deadlineAt !== null ? Math.min(now, attempt.deadlineAt) : now;
  if (
    !(await submitAttempt(
      ctx.db,
      attempt.id,
      answers,
      scores,
      now,
      survey ? undefined : latenessAt(evaluation, judgedAt, deadlineGraceMs(ctx.config.env)),
      handIn,
    ))
  )
    return false;
  const aiGradable = new Set(items.filter((i) => i.type === 'short' || (i.type === 'practical' && !practicalForTeacher.has(i.id))).map((i) => i.id));
  const pending = scores.filter((s) => s.score === null && aiGradable.has(s.itemId)).map((s) => s.itemId);
  if (model && pending.length) {
    await enqueueGrading(ctx.db, attempt.id, pending, now);
    pokeGrading(ctx);
  }
  // Every score known: submitAttempt graded the paper in its own transaction.
  if (scores.some((s) => s.score === null)) await refreshTotal(ctx.db, attempt.id, now);
  return true;
}
