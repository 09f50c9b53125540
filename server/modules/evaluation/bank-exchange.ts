// What the readers of other systems' question banks (Moodle XML, GIFT;
// moodle-xml-import.ts, gift-import.ts) share: the points a question gets,
// a category path as a knowledge point, and the sentences that name what
// did not come across. The sentences are zh-CN, put into the teacher's
// language by the route with every other row message.
import type { QuestionType } from '../../db/tables/evaluation.js';
import { DEFAULT_POINTS } from './question-import.js';

/** A question's points: the file's, when it gives a usable number, else the type's usual points. */
export function importedPoints(type: QuestionType, grade: number | undefined): number {
  return grade !== undefined && Number.isFinite(grade) && grade > 0 ? grade : DEFAULT_POINTS[type];
}

/** Moodle's own path words, which no teacher named: the course's and system's contexts, the tree's root, the default category. */
const CONTEXT_SEGMENT = /^(?:\$[a-z]+\$|top|default for .*)$/iu;

/** "$course$/top/数控编程/指令" → "指令": the innermost category a teacher named, or none. */
export function categoryPoint(path: string): string | undefined {
  // Moodle writes a "/" inside a category's name as "//".
  const segments = path
    .split(/(?<!\/)\/(?!\/)/u)
    .map((s) => s.replace(/\/\//gu, '/').trim())
    .filter((s) => s && !CONTEXT_SEGMENT.test(s));
  return segments.at(-1);
}

/** The 1-based line at a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i += 1) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

/** Types of other systems with no counterpart here, by their own names. */
const UNMAPPED: Record<string, string> = {
  matching: '匹配题没有对应的题型，未导入',
  randomsamatch: '匹配题没有对应的题型，未导入',
  cloze: '完形填空（一题多空）没有对应的题型，未导入',
  multianswer: '完形填空（一题多空）没有对应的题型，未导入',
  description: '说明文字不是题目，未导入',
};

/** Why a question of type `type` (Moodle's or GIFT's name for it) is left out. */
export const unmappedReason = (type: string): string => UNMAPPED[type.toLowerCase()] ?? `题型“${type}”没有对应的题型，未导入`;

/** What of an imported question did not come across. */
export const questionNotes = {
  partialCredit: '原题的部分得分答案未导入，只有满分答案算对',
  tolerance: (tolerance: string) => `原题允许的误差 ±${tolerance} 未导入，只接受准确值`,
  images: (count: number) => `原题的 ${count} 张图片未导入，请在题库中补上`,
  rubricToFill: '评分标准只有一条（满分），请在题库中补全',
};
