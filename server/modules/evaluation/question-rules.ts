// What makes a question well-formed, per type:
//   single   options ≥ 2, answer: index              multiple  options ≥ 2, answer: index[] (≥ 1)
//   judge    answer: boolean                         blank     answer: string[] accepted answers
//   short    rubric [{criterion, points}] (optional answer: a model answer)
//   practical  rubric; answered with uploaded files (optional answer: what a good result looks like)
// Surveys carry no answers and no practical tasks. One place, so the bank, hand-built papers and
// imports refuse the same mistakes with the same words.
import { badRequest } from '../../http/errors.js';
import type { QuestionType } from '../../db/tables/evaluation.js';

export interface RubricCriterion {
  criterion: string;
  points: number;
  /** Level descriptions, best first (e.g. 优 / 良 / 中 / 差), optional. */
  levels?: string[];
}

export interface QuestionInput {
  type: QuestionType;
  stem: string;
  options?: string[];
  answer?: number | number[] | boolean | string[] | string;
  rubric?: RubricCriterion[];
  points: number;
  tags?: string[];
  difficulty?: number;
  explanation?: string;
}

const CHOICE_TYPES: readonly QuestionType[] = ['single', 'multiple'];

/** Types graded against a rubric (never scored automatically). */
export const isRubricType = (type: QuestionType): boolean => type === 'short' || type === 'practical';

function where(index: number | undefined): string {
  return index === undefined ? '' : `第 ${index + 1} 题：`;
}

/** Throws a 400 naming the question and the mistake; `survey` papers need no answers. */
export function checkQuestion(q: QuestionInput, options: { survey: boolean; index?: number }): void {
  const at = where(options.index);
  if (!q.stem.trim()) throw badRequest(`${at}题干不能为空`);
  if (!(q.points >= 0) || q.points > 1000) throw badRequest(`${at}分值应在 0 到 1000 之间`);
  if (CHOICE_TYPES.includes(q.type)) {
    const opts = q.options ?? [];
    if (opts.length < 2) throw badRequest(`${at}选择题至少需要两个选项`);
    if (opts.some((o) => !o.trim())) throw badRequest(`${at}选项不能为空`);
  } else if (q.options && q.options.length > 0) {
    throw badRequest(`${at}只有选择题可以有选项`);
  }
  if (options.survey) {
    if (q.type === 'practical') throw badRequest(`${at}问卷不能包含实操题`);
    return;
  }
  checkAnswer(q, at);
  if (isRubricType(q.type)) checkRubric(q, at);
}

function checkAnswer(q: QuestionInput, at: string): void {
  const { answer } = q;
  const optionCount = q.options?.length ?? 0;
  const isIndex = (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) < optionCount;
  switch (q.type) {
    case 'single':
      if (!isIndex(answer)) throw badRequest(`${at}单选题的答案应是一个选项序号（从 0 开始）`);
      return;
    case 'multiple':
      if (!Array.isArray(answer) || answer.length === 0 || !answer.every(isIndex) || new Set<unknown>(answer).size !== answer.length) {
        throw badRequest(`${at}多选题的答案应是不重复的选项序号列表`);
      }
      return;
    case 'judge':
      if (typeof answer !== 'boolean') throw badRequest(`${at}判断题的答案应是 true 或 false`);
      return;
    case 'blank':
      if (!Array.isArray(answer) || answer.length === 0 || !answer.every((a) => typeof a === 'string' && a.trim())) {
        throw badRequest(`${at}填空题至少需要一个可接受的答案`);
      }
      return;
    case 'short':
    case 'practical':
      if (answer !== undefined && typeof answer !== 'string')
        throw badRequest(q.type === 'short' ? `${at}简答题的参考答案应是文字` : `${at}实操题的参考答案应是文字`);
  }
}

function checkRubric(q: QuestionInput, at: string): void {
  const rubric = q.rubric ?? [];
  if (rubric.length === 0) throw badRequest(q.type === 'short' ? `${at}简答题需要评分量规（至少一条评分标准）` : `${at}实操题需要评分量规（至少一条评分标准）`);
  if (rubric.some((r) => !r.criterion.trim() || !(r.points > 0))) throw badRequest(`${at}每条评分标准需要名称和大于 0 的分值`);
  const total = rubric.reduce((sum, r) => sum + r.points, 0);
  if (Math.abs(total - q.points) > 1e-9) throw badRequest(`${at}评分标准分值之和（${total}）应等于题目分值（${q.points}）`);
}
