// How students rate a course in its surveys ("students rating a
// course feed course evaluation"). A survey's choice questions list their
// options best first (the builder says so), so the first option rates 1, the
// last 0, and those between in even steps; a true/false question rates yes
// as 1. A course's rating is the mean over every rated answer of its
// published or closed surveys, shuffled options mapped back first.
import type { Kysely } from 'kysely';
import { parseJson } from '../../db/json.js';
import type { Database } from '../../db/schema.js';
import { originalChoice } from './paper.js';

type Db = Kysely<Database>;

/** One answer's rating, 0–1, or null when the question does not rate. */
export function answerRating(item: { type: string; options: string[] | null }, value: unknown): number | null {
  if (item.type === 'judge') return typeof value === 'boolean' ? (value ? 1 : 0) : null;
  if (item.type !== 'single' || !item.options || item.options.length < 2) return null;
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) >= item.options.length) return null;
  return 1 - (value as number) / (item.options.length - 1);
}

/** Each course's mean survey rating, 0–1; courses no survey rates are absent. */
export async function surveyRatings(db: Db, courseIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (courseIds.length === 0) return out;
  const items = await db
    .selectFrom('evaluation_items')
    .innerJoin('evaluations', 'evaluations.id', 'evaluation_items.evaluation_id')
    .select(['evaluation_items.id', 'evaluation_items.type', 'evaluation_items.options'])
    .where('evaluations.course_id', 'in', courseIds)
    .where('evaluations.kind', '=', 'survey')
    .where('evaluation_items.type', 'in', ['single', 'judge'])
    .execute();
  if (items.length === 0) return out;
  const byId = new Map(items.map((i) => [i.id, { type: i.type, options: parseJson<string[] | null>(i.options, null) }]));
  const answers = await db
    .selectFrom('submissions')
    .innerJoin('evaluations', 'evaluations.id', 'submissions.evaluation_id')
    .select(['evaluations.course_id', 'submissions.answers', 'submissions.option_order'])
    .where('evaluations.course_id', 'in', courseIds)
    .where('evaluations.kind', '=', 'survey')
    .where('submissions.status', '!=', 'in_progress')
    .execute();
  const sums = new Map<string, { total: number; count: number }>();
  for (const row of answers) {
    const values = parseJson<Record<string, unknown>>(row.answers, {});
    const order = parseJson<Record<string, number[]>>(row.option_order, {});
    for (const [itemId, value] of Object.entries(values)) {
      const item = byId.get(itemId);
      const rating = item ? answerRating(item, originalChoice(value, order[itemId])) : null;
      if (rating === null) continue;
      const sum = sums.get(row.course_id) ?? { total: 0, count: 0 };
      sums.set(row.course_id, { total: sum.total + rating, count: sum.count + 1 });
    }
  }
  for (const [courseId, { total, count }] of sums) out.set(courseId, total / count);
  return out;
}
