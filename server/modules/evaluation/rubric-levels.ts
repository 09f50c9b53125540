// A rubric's level descriptions in a bank file's "levels" cell (or a paper's
// "评分等级：" lines): one criterion a line, its name, a colon, then its
// levels best first, split by "|":
//   原理: 讲清坐标系与刀位的关系 | 只说出部分 | 没有说明
// The export writes a line for every criterion once any has levels, each
// starting with the criterion's full name (a colon inside a name is fine);
// a line written by hand that names none takes the next criterion in order.
import type { RubricCriterion } from './question-rules.js';

const LEVEL_SEPARATOR = ' | ';
const LEVEL_SPLIT = /\s*[|｜]\s*/u;

/** The cell for a question's rubric: empty when no criterion has levels. */
export function levelsCell(rubric: readonly RubricCriterion[] | null | undefined): string {
  if (!rubric?.some((r) => r.levels?.length)) return '';
  return rubric.map((r) => `${r.criterion}: ${(r.levels ?? []).join(LEVEL_SEPARATOR)}`.trimEnd()).join('\n');
}

/** The line's levels when it starts with the criterion's name and a colon. */
function levelsAfterName(line: string, criterion: string): string | undefined {
  if (!line.startsWith(criterion)) return undefined;
  const rest = line.slice(criterion.length).trimStart();
  return rest.startsWith(':') || rest.startsWith('：') ? rest.slice(1) : undefined;
}

/** A line that names no criterion: a label before the first level is left out ("Принцип: A | B"), else all of it is levels. */
function levelsWithoutName(line: string): string {
  const colon = line.search(/[:：]/u);
  const bar = line.search(LEVEL_SPLIT);
  return colon >= 0 && (bar < 0 || colon < bar) ? line.slice(colon + 1) : line;
}

const splitLevels = (text: string) =>
  text
    .split(LEVEL_SPLIT)
    .map((l) => l.trim())
    .filter(Boolean);

/**
 * The rubric with the cell's levels put on its criteria: a line that starts
 * with a criterion's name goes to it; any other line to the first criterion
 * no line has named or taken yet. A line left with no criterion is an error
 * the teacher must fix (its number in the cell, from 1), never dropped.
 */
export function withLevels(rubric: RubricCriterion[], cell: string): { rubric: RubricCriterion[] } | { error: string } {
  const lines = cell
    .split(/\r?\n/u)
    .map((l) => l.trim())
    .filter(Boolean);
  const result = rubric.map((r) => ({ ...r }));
  const named = lines.map((line) => result.findIndex((r) => levelsAfterName(line, r.criterion) !== undefined));
  const taken = new Set(named.filter((at) => at >= 0));
  for (const [index, line] of lines.entries()) {
    let at = named[index]!;
    let text: string;
    if (at >= 0) text = levelsAfterName(line, result[at]!.criterion)!;
    else {
      at = result.findIndex((_, i) => !taken.has(i));
      if (at < 0) return { error: `评分等级第 ${index + 1} 行没有对应的评分标准` };
      taken.add(at);
      text = levelsWithoutName(line);
    }
    const levels = splitLevels(text);
    if (levels.length) result[at]!.levels = levels;
  }
  return { rubric: result };
}
