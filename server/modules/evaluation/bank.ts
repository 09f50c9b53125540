// The question bank: a course's teachers add, edit, delete, import and draw
// questions; drafts written by AI enter it only when a teacher saves them.
import { randomInt } from 'node:crypto';
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { QuestionType } from '../../db/tables/evaluation.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { requireTeacher } from '../courses/index.js';
import {
  deleteQuestions,
  findQuestion,
  insertQuestions,
  listBankTags,
  listQuestions,
  updateQuestion,
  type BankFilter,
  type BankQuestionFields,
} from './bank-store.js';
import { checkQuestion, isRubricType, type QuestionInput } from './question-rules.js';
import type { ItemSource } from './store.js';

export type BankInput = QuestionInput & { source?: ItemSource };

export const QUESTION_NOT_FOUND = '题目不存在或已删除';

export function bankFields(q: BankInput): BankQuestionFields {
  return {
    type: q.type,
    stem: q.stem.trim(),
    options: q.options && q.options.length ? q.options.map((o) => o.trim()) : null,
    answer: q.answer ?? null,
    rubric: isRubricType(q.type) ? (q.rubric ?? null) : null,
    points: q.points,
    tags: [...new Set((q.tags ?? []).map((t) => t.trim()).filter(Boolean))],
    difficulty: q.difficulty ?? 3,
    explanation: q.explanation?.trim() ?? '',
    source: q.source ?? null,
  };
}

/**
 * A page of the course's questions under the filter (all of them without
 * `pageSize`), how many match, and every knowledge point of the bank: the
 * filter's choices must not shrink to the questions it has already picked.
 */
export async function listBank(ctx: ServerContext, user: AuthUser, courseId: string, query: BankFilter & { page?: number; pageSize?: number }) {
  await requireTeacher(ctx, user.id, user.clientType, courseId);
  const { page = 1, pageSize, ...filter } = query;
  const questions = await listQuestions(ctx.db, courseId, filter);
  const items = pageSize ? questions.slice((page - 1) * pageSize, page * pageSize) : questions;
  return { items, total: questions.length, tags: await listBankTags(ctx.db, courseId) };
}

/** Adds questions after checking every one; nothing is written when any is wrong. */
export async function addToBank(ctx: ServerContext, user: AuthUser, courseId: string, questions: BankInput[]): Promise<{ ids: string[] }> {
  await requireTeacher(ctx, user.id, user.clientType, courseId);
  if (questions.length === 0) throw badRequest('没有要保存的题目');
  questions.forEach((q, index) => checkQuestion(q, { survey: false, index }));
  const rows = questions.map((q) => ({ id: newId(), ...bankFields(q) }));
  await insertQuestions(ctx.db, courseId, user.id, rows, ctx.now());
  return { ids: rows.map((r) => r.id) };
}

async function ownQuestion(ctx: ServerContext, user: AuthUser, id: string) {
  const question = await findQuestion(ctx.db, id);
  if (!question) throw notFound(QUESTION_NOT_FOUND);
  await requireTeacher(ctx, user.id, user.clientType, question.courseId).catch(() => {
    throw notFound(QUESTION_NOT_FOUND);
  });
  return question;
}

/** A bank question to ask elsewhere (a live session): its course's teachers only, anyone else 404. */
export async function bankQuestionFor(ctx: ServerContext, user: AuthUser, id: string): Promise<{ courseId: string; question: QuestionInput }> {
  const q = await ownQuestion(ctx, user, id);
  return {
    courseId: q.courseId,
    question: {
      type: q.type,
      stem: q.stem,
      ...(q.options ? { options: q.options } : {}),
      ...(q.answer === null || q.answer === undefined ? {} : { answer: q.answer as QuestionInput['answer'] }),
      points: q.points,
      tags: q.tags,
      difficulty: q.difficulty,
      ...(q.explanation ? { explanation: q.explanation } : {}),
    },
  };
}

export async function editBankQuestion(ctx: ServerContext, user: AuthUser, id: string, input: BankInput): Promise<void> {
  await ownQuestion(ctx, user, id);
  checkQuestion(input, { survey: false });
  await updateQuestion(ctx.db, id, bankFields(input), ctx.now());
}

export async function removeBankQuestions(ctx: ServerContext, user: AuthUser, courseId: string, ids: string[]): Promise<{ deleted: number }> {
  await requireTeacher(ctx, user.id, user.clientType, courseId);
  return { deleted: await deleteQuestions(ctx.db, courseId, ids) };
}

export interface DrawRule {
  count: number;
  type?: QuestionType;
  difficulty?: number;
  tag?: string;
  points?: number;
}

/**
 * Questions drawn at random from the bank by rules ("5 single-choice of
 * difficulty 2 on 指令"), without repeats across rules; a rule the bank
 * cannot satisfy is refused saying how many it has.
 */
export async function drawFromBank(ctx: ServerContext, user: AuthUser, courseId: string, rules: DrawRule[]) {
  await requireTeacher(ctx, user.id, user.clientType, courseId);
  const bank = await listQuestions(ctx.db, courseId);
  const taken = new Set<string>();
  const drawn = [];
  for (const [index, rule] of rules.entries()) {
    const pool = bank.filter(
      (q) =>
        !taken.has(q.id) &&
        (!rule.type || q.type === rule.type) &&
        (!rule.difficulty || q.difficulty === rule.difficulty) &&
        (!rule.tag || q.tags.includes(rule.tag)),
    );
    if (pool.length < rule.count) throw badRequest(`第 ${index + 1} 条抽题规则需要 ${rule.count} 道题，题库中只有 ${pool.length} 道符合`);
    for (let n = 0; n < rule.count; n += 1) {
      const [picked] = pool.splice(randomInt(pool.length), 1);
      taken.add(picked!.id);
      // A rubric's points add up to its question's, so only objective questions take the rule's points.
      drawn.push({ ...picked!, bankQuestionId: picked!.id, ...(rule.points !== undefined && !isRubricType(picked!.type) ? { points: rule.points } : {}) });
    }
  }
  return drawn;
}
