// Teachers build, publish, close and release evaluations; everyone lists
// what their side may see. Questions are validated by question-rules.ts and
// copied into the evaluation, so the bank can change without changing papers.
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { EvaluationKind, EvaluationStatus, LatePolicy } from '../../db/tables/evaluation.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { COURSE_NOT_FOUND, courseRoleFor, requireTeacher } from '../courses/index.js';
import { requireEvaluation } from './access.js';
import { checkQuestion, isRubricType, type QuestionInput } from './question-rules.js';
import {
  insertEvaluation,
  listCourseEvaluations,
  listItems,
  markReleased,
  setStatus,
  updateEvaluation,
  type EvaluationRecord,
  type EvaluationSettings,
  type ItemSource,
  type NewItem,
} from './store.js';
import { studentAttempts } from './submission-store.js';
import { endAttemptsInProgress, extendDeadlinesInProgress } from './attempt-deadlines.js';

export interface EvaluationInput {
  courseId: string;
  title: string;
  description?: string;
  kind: EvaluationKind;
  questions: Array<QuestionInput & { bankQuestionId?: string; source?: ItemSource }>;
  classIds?: string[];
  timeLimitMinutes?: number | null;
  maxAttempts?: number;
  shuffle?: boolean;
  passMark?: number | null;
  opensAt?: number | null;
  closesAt?: number | null;
  releaseMode?: 'manual' | 'immediate';
  anonymous?: boolean;
  multipleScoring?: 'proportional' | 'all-or-nothing';
  latePolicy?: LatePolicy;
  latePenalty?: number;
  lateUntil?: number | null;
}

/** Only assignments take late work, and only once they have a due date to be late for. */
function lateRules(input: Omit<EvaluationInput, 'courseId' | 'questions'>): Pick<EvaluationSettings, 'latePolicy' | 'latePenalty' | 'lateUntil'> {
  const policy = input.kind === 'assignment' ? (input.latePolicy ?? 'refuse') : 'refuse';
  if (policy === 'refuse') return { latePolicy: 'refuse', latePenalty: 0, lateUntil: null };
  const closesAt = input.closesAt ?? null;
  if (closesAt === null) throw badRequest('接收迟交作业需要先设置截止时间');
  const lateUntil = input.lateUntil ?? null;
  if (lateUntil !== null && lateUntil <= closesAt) throw badRequest('迟交截止时间应晚于截止时间');
  const latePenalty = policy === 'penalty' ? (input.latePenalty ?? 0) : 0;
  if (policy === 'penalty' && !(latePenalty > 0)) throw badRequest('请填写迟交扣分比例（1–100%）');
  return { latePolicy: policy, latePenalty, lateUntil };
}

/** An evaluation's settings as the teacher gave them, checked (400 naming what is wrong). */
export function settingsOf(input: Omit<EvaluationInput, 'courseId' | 'questions'>): EvaluationSettings {
  const settings: EvaluationSettings = {
    title: input.title.trim(),
    description: input.description?.trim() ?? '',
    kind: input.kind,
    classIds: [...new Set(input.classIds ?? [])],
    timeLimitMinutes: input.kind === 'quiz' ? (input.timeLimitMinutes ?? null) : null,
    maxAttempts: input.maxAttempts ?? 1,
    shuffle: input.kind === 'quiz' ? (input.shuffle ?? false) : false,
    passMark: input.passMark ?? null,
    opensAt: input.opensAt ?? null,
    closesAt: input.closesAt ?? null,
    releaseMode: input.kind === 'survey' ? 'immediate' : (input.releaseMode ?? 'manual'),
    anonymous: input.kind === 'survey' ? (input.anonymous ?? false) : false,
    multipleScoring: input.multipleScoring ?? 'proportional',
    ...lateRules(input),
  };
  if (!settings.title) throw badRequest('请填写测评名称');
  if (settings.opensAt !== null && settings.closesAt !== null && settings.closesAt <= settings.opensAt) throw badRequest('截止时间应晚于开始时间');
  return settings;
}

/** The questions of a paper, each checked by question-rules.ts. */
export function itemsOf(input: EvaluationInput['questions'], kind: EvaluationKind): NewItem[] {
  if (input.length > 200) throw badRequest('一份测评最多 200 道题');
  return input.map((q, index) => {
    checkQuestion(q, { survey: kind === 'survey', index });
    return {
      id: newId(),
      bankQuestionId: q.bankQuestionId ?? null,
      type: q.type,
      stem: q.stem,
      options: q.options && q.options.length ? q.options : null,
      answer: kind === 'survey' ? null : (q.answer ?? null),
      rubric: isRubricType(q.type) && kind !== 'survey' ? (q.rubric ?? null) : null,
      points: kind === 'survey' ? 0 : q.points,
      tags: [...new Set((q.tags ?? []).map((t) => t.trim()).filter(Boolean))],
      explanation: q.explanation ?? '',
      source: q.source ?? null,
    };
  });
}

/**
 * The pass mark is in points, so it cannot exceed the paper's total: above it
 * every student would read "not passed" (a teacher typing 60 for a 36-point quiz).
 * A draft without questions yet is not checked; adding them is.
 */
function checkPassMark(passMark: number | null, items: ReadonlyArray<{ points: number }>): void {
  const total = items.reduce((sum, item) => sum + item.points, 0);
  if (passMark !== null && items.length > 0 && passMark > total) throw badRequest(`及格分不能高于试卷总分 ${total} 分`);
}

/** The classes named must be classes of the course. */
async function checkClasses(ctx: ServerContext, courseId: string, classIds: string[]): Promise<void> {
  if (classIds.length === 0) return;
  const rows = await ctx.db.selectFrom('course_classes').select('class_id').where('course_id', '=', courseId).where('class_id', 'in', classIds).execute();
  if (rows.length !== classIds.length) throw badRequest('只能把测评发布给本课程的班级');
}

export async function createEvaluation(ctx: ServerContext, user: AuthUser, input: EvaluationInput): Promise<{ id: string }> {
  await requireTeacher(ctx, user.id, user.clientType, input.courseId);
  const settings = settingsOf(input);
  await checkClasses(ctx, input.courseId, settings.classIds);
  const items = itemsOf(input.questions, settings.kind);
  checkPassMark(settings.passMark, items);
  const id = newId();
  await insertEvaluation(ctx.db, { id, courseId: input.courseId, authorId: user.id, now: ctx.now() }, settings, items);
  return { id };
}

export type EvaluationEdit = Partial<Omit<EvaluationInput, 'courseId'>>;

export const QUESTIONS_FIXED_MESSAGE = '已有学生作答，不能再修改题目；可以关闭这份测评，另建一份';

/** What the evaluation has now, as an edit would send it, so fields an edit leaves out keep their values. */
function storedInput(evaluation: EvaluationRecord): Omit<EvaluationInput, 'courseId' | 'questions'> {
  const { title, description, kind, classIds, timeLimitMinutes, maxAttempts, shuffle, passMark, opensAt, closesAt, releaseMode, anonymous } = evaluation;
  const { multipleScoring, latePolicy, latePenalty, lateUntil } = evaluation;
  return {
    title,
    description,
    kind,
    classIds,
    timeLimitMinutes,
    maxAttempts,
    shuffle,
    passMark,
    opensAt,
    closesAt,
    releaseMode,
    anonymous,
    multipleScoring,
    latePolicy,
    latePenalty,
    lateUntil,
  };
}

async function hasSubmissions(ctx: ServerContext, evaluationId: string): Promise<boolean> {
  const row = await ctx.db.selectFrom('submissions').select('id').where('evaluation_id', '=', evaluationId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function editEvaluation(ctx: ServerContext, user: AuthUser, id: string, input: EvaluationEdit): Promise<void> {
  const { evaluation } = await requireEvaluation(ctx, user, id, ['teacher']);
  const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const settings = settingsOf({ ...storedInput(evaluation), ...defined });
  await checkClasses(ctx, evaluation.courseId, settings.classIds);
  const draft = evaluation.status === 'draft';
  if (!draft && settings.kind !== evaluation.kind) throw badRequest('已发布的测评不能更改类型');
  // Once a student has opened the paper (which starts an attempt), its questions are fixed: answers point at them.
  // Checked again where they are replaced, under the lock an opening paper takes too (store.ts).
  if (!draft && input.questions && (await hasSubmissions(ctx, id))) throw badRequest(QUESTIONS_FIXED_MESSAGE);
  if (!draft && input.questions?.length === 0) throw badRequest('测评还没有题目，不能发布');
  const items = input.questions ? itemsOf(input.questions, settings.kind) : null;
  checkPassMark(settings.passMark, items ?? (await listItems(ctx.db, id)));
  if (!(await updateEvaluation(ctx.db, id, settings, items, ctx.now()))) throw badRequest(QUESTIONS_FIXED_MESSAGE);
  if (!draft) await extendDeadlinesInProgress(ctx.db, id, settings);
}

const NEXT: Record<EvaluationStatus, readonly EvaluationStatus[]> = {
  draft: ['published'],
  published: ['closed'],
  closed: ['published'],
};

export async function changeStatus(ctx: ServerContext, user: AuthUser, id: string, status: EvaluationStatus): Promise<void> {
  const { evaluation } = await requireEvaluation(ctx, user, id, ['teacher']);
  if (evaluation.status === status) return;
  if (!NEXT[evaluation.status].includes(status)) throw badRequest('测评状态不能这样变更');
  if (status === 'published' && (await listItems(ctx.db, id)).length === 0) throw badRequest('测评还没有题目，不能发布');
  await setStatus(ctx.db, id, status, ctx.now());
  if (status === 'closed') await endAttemptsInProgress(ctx.db, id, ctx.now());
}

export async function releaseResults(ctx: ServerContext, user: AuthUser, id: string): Promise<void> {
  const { evaluation } = await requireEvaluation(ctx, user, id, ['teacher']);
  if (evaluation.status === 'draft') throw badRequest('测评还未发布');
  await markReleased(ctx.db, id, ctx.now());
  // Whoever listens (LTI: the LMS gradebook) is told once the release is saved.
  await ctx.resultsReleased?.released(id);
}

export async function removeEvaluation(ctx: ServerContext, user: AuthUser, id: string): Promise<void> {
  const { evaluation } = await requireEvaluation(ctx, user, id, ['teacher']);
  const { count } = await ctx.db
    .selectFrom('submissions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('evaluation_id', '=', id)
    .executeTakeFirstOrThrow();
  if (Number(count) > 0) throw badRequest('已有学生作答的测评不能删除，可以关闭它');
  await ctx.db.deleteFrom('evaluations').where('id', '=', evaluation.id).execute();
}

export function resultsReleased(evaluation: EvaluationRecord): boolean {
  return evaluation.releaseMode === 'immediate' || evaluation.releasedAt !== null;
}

/** The course's evaluations as the caller's side may see them; students get their own progress on each. */
export async function listForCourse(ctx: ServerContext, user: AuthUser, courseId: string) {
  const role = await courseRoleFor(ctx, user.id, user.clientType, courseId);
  if (!role) throw notFound(COURSE_NOT_FOUND);
  const all = await listCourseEvaluations(ctx.db, courseId);
  const visible = role === 'teacher' ? all : all.filter((e) => e.status !== 'draft');
  const out = [];
  for (const evaluation of visible) {
    const summary = {
      id: evaluation.id,
      title: evaluation.title,
      kind: evaluation.kind,
      status: evaluation.status,
      opensAt: evaluation.opensAt,
      closesAt: evaluation.closesAt,
      timeLimitMinutes: evaluation.timeLimitMinutes,
      released: resultsReleased(evaluation),
      latePolicy: evaluation.latePolicy,
      latePenalty: evaluation.latePenalty,
      lateUntil: evaluation.lateUntil,
    };
    if (role !== 'student') {
      out.push(summary);
      continue;
    }
    if ((await requireEvaluation(ctx, user, evaluation.id, ['student']).catch(() => null)) === null) continue;
    const attempts = await studentAttempts(ctx.db, evaluation.id, user.id);
    const latest = attempts[0];
    out.push({
      ...summary,
      attemptsUsed: attempts.length,
      maxAttempts: evaluation.maxAttempts,
      myStatus: latest ? latest.status : 'todo',
      mySubmissionId: latest?.id ?? null,
      myScore: latest && resultsReleased(evaluation) ? latest.score : null,
      myLate: latest?.late ?? false,
      mySubmittedAt: latest?.submittedAt ?? null,
      myAutoSubmitted: latest?.autoSubmitted ?? false,
    });
  }
  return out;
}

/** The full evaluation (answers, rubrics) for its teachers; managers read it without editing. */
export async function readEvaluation(ctx: ServerContext, user: AuthUser, id: string) {
  const { evaluation } = await requireEvaluation(ctx, user, id, ['teacher', 'manager']);
  return { ...evaluation, released: resultsReleased(evaluation), questions: await listItems(ctx.db, id) };
}
