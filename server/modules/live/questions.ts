// Timed questions: the teacher pushes one (a question as in evaluation:
// single, multiple, true/false or blank), students present answer once
// before the countdown ends, the chart fills as answers come, the key is
// shown on the teacher's word. Scoring is evaluation's own objective
// scoring; an answer counts as right when it earns the full points.
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { newId } from '../../db/ids.js';
import { bankQuestionFor, checkQuestion, scoreObjective, type QuestionInput } from '../evaluation/index.js';
import { requireOpen, sessionForStudent, sessionForTeacher } from './access.js';
import { publish } from './events.js';
import { answers, findQuestion, insertAnswer, insertQuestion, markRevealed, updateSession } from './store.js';
import { questionView, revealView, tallyOf } from './views.js';

export const LIVE_TYPES: readonly string[] = ['single', 'multiple', 'judge', 'blank'];
/** An answer sent as the countdown reaches zero still counts if it arrives this much later (the phone's network). */
export const ANSWER_GRACE_MS = 1_000;
export const QUESTION_NOT_FOUND = '题目不存在或不属于这堂课';

/** The question to push: the one written, or the course's bank question named. */
async function questionOf(
  ctx: ServerContext,
  user: AuthUser,
  courseId: string,
  input: { question?: QuestionInput | undefined; bankQuestionId?: string | undefined },
) {
  if (input.question) return input.question;
  if (!input.bankQuestionId) throw badRequest('请写一道题，或从题库选一道题');
  const banked = await bankQuestionFor(ctx, user, input.bankQuestionId);
  if (banked.courseId !== courseId) throw notFound(QUESTION_NOT_FOUND);
  return banked.question;
}

export async function pushQuestion(
  ctx: ServerContext,
  log: FastifyBaseLogger,
  user: AuthUser,
  id: string,
  input: { question?: QuestionInput | undefined; bankQuestionId?: string | undefined; seconds: number },
) {
  const s = await sessionForTeacher(ctx, user, id);
  requireOpen(ctx, s);
  const question = await questionOf(ctx, user, s.courseId, input);
  if (!LIVE_TYPES.includes(question.type)) throw badRequest('课堂上只能推送单选、多选、判断和填空题');
  checkQuestion(question, { survey: false });
  const now = ctx.now();
  const record = { id: newId(), sessionId: s.id, question, shownAt: now, closesAt: now + input.seconds * 1000 };
  await insertQuestion(ctx.db, record);
  if (s.firstQuestionAt === null) await updateSession(ctx.db, s.id, { first_question_at: now });
  const stored = (await findQuestion(ctx.db, s.id, record.id))!;
  await publish(ctx, log, s.id, 'question', { ...questionView(stored), now });
  return { questionId: record.id, closesAt: record.closesAt };
}

/** A value of the question's shape, or a 400 saying what is expected. */
function checkValue(q: QuestionInput, value: unknown): void {
  const optionCount = q.options?.length ?? 0;
  const isOption = (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) < optionCount;
  const fits =
    q.type === 'single'
      ? isOption(value)
      : q.type === 'multiple'
        ? Array.isArray(value) && value.length > 0 && value.every(isOption)
        : q.type === 'judge'
          ? typeof value === 'boolean'
          : typeof value === 'string' && value.trim().length > 0 && value.length <= 200;
  if (!fits) throw badRequest('答案的格式与题型不符');
}

/** Same value twice: the retry of one answer (a phone that lost the reply). */
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export async function answerQuestion(ctx: ServerContext, log: FastifyBaseLogger, user: AuthUser, id: string, input: { questionId: string; value: unknown }) {
  const { session } = await sessionForStudent(ctx, user, id);
  const q = await findQuestion(ctx.db, session.id, input.questionId);
  if (!q) throw notFound(QUESTION_NOT_FOUND);
  const [stored] = await answers(ctx.db, session.id, { questionId: q.id, userId: user.id });
  if (stored) {
    if (sameValue(stored.value, input.value)) return { questionId: q.id, value: stored.value, answeredAt: stored.answeredAt };
    throw badRequest('这道题你已经回答过了');
  }
  requireOpen(ctx, session);
  const now = ctx.now();
  if (q.revealedAt !== null || now > q.closesAt + ANSWER_GRACE_MS) throw badRequest('作答时间已到');
  checkValue(q.question, input.value);
  const score = scoreObjective({ type: q.question.type, answer: q.question.answer, points: 1 }, input.value, 'all-or-nothing') ?? 0;
  const fresh = await insertAnswer(ctx.db, session.id, { questionId: q.id, userId: user.id, value: input.value, score, correct: score >= 1, answeredAt: now });
  if (!fresh) return answerQuestion(ctx, log, user, id, input); // a retry that raced the first try: answered as above
  // Totals, not increments: a screen keeps the largest count it has seen of each bar, so events
  // that cross on the way or repeat what its snapshot already held never count an answer twice.
  await publish(ctx, log, session.id, 'tally', tallyOf(q, await answers(ctx.db, session.id, { questionId: q.id })), 'teacher');
  return { questionId: q.id, value: input.value, answeredAt: now };
}

export async function revealQuestion(ctx: ServerContext, log: FastifyBaseLogger, user: AuthUser, id: string, questionId: string) {
  const s = await sessionForTeacher(ctx, user, id);
  const q = await findQuestion(ctx.db, s.id, questionId);
  if (!q) throw notFound(QUESTION_NOT_FOUND);
  const now = ctx.now();
  await markRevealed(ctx.db, q.id, now);
  const view = revealView(q, await answers(ctx.db, s.id, { questionId: q.id }));
  await publish(ctx, log, s.id, 'reveal', view);
  return view;
}
