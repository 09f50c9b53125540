// Course evaluation (issue 13, SPEC menu 9): managers keep the school's
// indicator system (weights adding up to 100, level descriptions), score
// each published course per indicator with a comment, and rank courses by
// the weighted total; a course's teachers read their own result. The
// default system is written on first use, so a new school starts from the
// five indicators vocational schools commonly use.
import type { Kysely } from 'kysely';
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import { parseJson } from '../../db/json.js';
import type { Database } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { COURSE_NOT_FOUND, courseRoleFor } from '../courses/index.js';
import { courseFigures, type CourseFigures } from './course-figures.js';

type Db = Kysely<Database>;

export interface Indicator {
  id: string;
  name: string;
  weight: number;
  levels: string[];
}

const DEFAULT_INDICATORS: Array<Omit<Indicator, 'id'>> = [
  { name: '教学设计', weight: 20, levels: ['目标清晰、内容结构合理、贴合岗位', '目标较清晰、结构基本合理', '目标或结构有明显欠缺'] },
  { name: '资源建设', weight: 20, levels: ['课时、资源丰富且持续更新', '资源基本齐全', '资源不足'] },
  { name: '教学实施', weight: 20, levels: ['学生活跃、完成率高', '活跃度与完成率一般', '参与度低'] },
  { name: 'AI 应用', weight: 20, levels: ['课程 AI 深度融入教学', '有一定使用', '很少使用'] },
  { name: '学生评价', weight: 20, levels: ['测评与问卷结果优秀', '结果良好', '结果欠佳'] },
];

async function readIndicators(db: Db): Promise<Indicator[]> {
  const rows = await db.selectFrom('course_eval_indicators').selectAll().orderBy('position').execute();
  return rows.map((r) => ({ id: r.id, name: r.name, weight: Number(r.weight), levels: parseJson<string[]>(r.levels, []) }));
}

export async function indicators(ctx: ServerContext): Promise<Indicator[]> {
  const existing = await readIndicators(ctx.db);
  if (existing.length) return existing;
  // Fixed ids: two first visits at once write the defaults once.
  const now = ctx.now();
  await ctx.db
    .insertInto('course_eval_indicators')
    .values(
      DEFAULT_INDICATORS.map((i, position) => ({
        id: `default-${position + 1}`,
        name: i.name,
        weight: i.weight,
        levels: JSON.stringify(i.levels),
        position,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return readIndicators(ctx.db);
}

/** Replaces the system; scores of indicators kept (same id) stay, those of removed ones go with them. */
export async function saveIndicators(ctx: ServerContext, input: Array<Omit<Indicator, 'id'> & { id?: string }>): Promise<void> {
  if (input.length === 0) throw badRequest('至少需要一项评价指标');
  const total = input.reduce((sum, i) => sum + i.weight, 0);
  if (Math.abs(total - 100) > 1e-6) throw badRequest(`各项指标的权重之和应为 100（现在是 ${total}）`);
  if (new Set(input.map((i) => i.name.trim())).size !== input.length) throw badRequest('指标名称不能重复');
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const keep = input.map((i) => i.id).filter((id): id is string => !!id);
    let removal = trx.deleteFrom('course_eval_indicators');
    if (keep.length) removal = removal.where('id', 'not in', keep);
    await removal.execute();
    for (const [position, item] of input.entries()) {
      const values = { name: item.name.trim(), weight: item.weight, levels: JSON.stringify(item.levels), position, updated_at: now };
      const updated = item.id ? await trx.updateTable('course_eval_indicators').set(values).where('id', '=', item.id).executeTakeFirst() : null;
      if (!updated || Number(updated.numUpdatedRows) === 0)
        await trx
          .insertInto('course_eval_indicators')
          .values({ id: newId(), created_at: now, ...values })
          .execute();
    }
  });
}

/** What the data suggests for an indicator of the default system (0–100), or null when it says nothing. */
export function suggestedScore(indicator: string, f: CourseFigures): number | null {
  const pct = (x: number) => Math.round(Math.max(0, Math.min(1, x)) * 100);
  switch (indicator) {
    case '资源建设':
      return pct((Math.min(f.lessons, 20) / 20) * 0.7 + (Math.min(f.resources, 10) / 10) * 0.3);
    case '教学实施':
      return f.students ? pct(f.completionRate * 0.6 + (f.activeStudents30d / f.students) * 0.4) : null;
    case 'AI 应用':
      return f.students ? pct(Math.min(1, f.aiQuestions / (f.students * 5))) : null;
    case '学生评价': {
      // Students' results and students' own rating of the course count alike; either alone when the other is missing.
      const parts = [f.evaluationAverage, f.surveyRating].filter((x): x is number => x !== null);
      return parts.length ? pct(parts.reduce((a, b) => a + b, 0) / parts.length) : null;
    }
    default:
      return null;
  }
}

interface ScoreRow {
  indicatorId: string;
  score: number;
  comment: string;
}

async function scoresOf(db: Db, courseIds: string[]): Promise<Map<string, ScoreRow[]>> {
  const map = new Map<string, ScoreRow[]>();
  if (courseIds.length === 0) return map;
  const rows = await db.selectFrom('course_eval_scores').selectAll().where('course_id', 'in', courseIds).execute();
  for (const r of rows) map.set(r.course_id, [...(map.get(r.course_id) ?? []), { indicatorId: r.indicator_id, score: Number(r.score), comment: r.comment }]);
  return map;
}

function weightedTotal(system: Indicator[], scores: ScoreRow[]): number | null {
  if (system.some((i) => !scores.find((s) => s.indicatorId === i.id))) return null;
  return Math.round(system.reduce((sum, i) => sum + (scores.find((s) => s.indicatorId === i.id)!.score * i.weight) / 100, 0) * 10) / 10;
}

function courseResult(system: Indicator[], course: { id: string; title: string; category: string; term: string }, figures: CourseFigures, scores: ScoreRow[]) {
  return {
    courseId: course.id,
    title: course.title,
    category: course.category,
    term: course.term,
    figures,
    indicators: system.map((i) => {
      const s = scores.find((x) => x.indicatorId === i.id);
      return {
        indicatorId: i.id,
        name: i.name,
        weight: i.weight,
        score: s?.score ?? null,
        comment: s?.comment ?? '',
        suggested: suggestedScore(i.name, figures),
      };
    }),
    total: weightedTotal(system, scores),
  };
}

/** Every published course with its figures, scores and weighted total, ranked (unscored last). */
export async function ranking(ctx: ServerContext) {
  const system = await indicators(ctx);
  const courses = await ctx.db.selectFrom('courses').select(['id', 'title', 'category', 'term']).where('status', '=', 'published').orderBy('title').execute();
  const ids = courses.map((c) => c.id);
  const [figures, scores] = await Promise.all([courseFigures(ctx.db, ids, ctx.now()), scoresOf(ctx.db, ids)]);
  const results = courses.map((c) => courseResult(system, c, figures.get(c.id)!, scores.get(c.id) ?? []));
  results.sort((a, b) => (b.total ?? -1) - (a.total ?? -1) || a.title.localeCompare(b.title, 'zh'));
  let rank = 0;
  return { indicators: system, courses: results.map((r) => ({ ...r, rank: r.total === null ? null : (rank += 1) })) };
}

export async function scoreCourse(ctx: ServerContext, user: AuthUser, courseId: string, input: ScoreRow[]): Promise<void> {
  const course = await ctx.db.selectFrom('courses').select('status').where('id', '=', courseId).executeTakeFirst();
  if (!course || course.status !== 'published') throw notFound('只能评价已发布的课程');
  const system = await indicators(ctx);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    for (const s of input) {
      if (!system.some((i) => i.id === s.indicatorId)) throw badRequest('评价指标不存在，请刷新后重试');
      const values = { score: s.score, comment: s.comment.trim(), scored_by: user.id, updated_at: now };
      const updated = await trx
        .updateTable('course_eval_scores')
        .set(values)
        .where('course_id', '=', courseId)
        .where('indicator_id', '=', s.indicatorId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0)
        await trx
          .insertInto('course_eval_scores')
          .values({ course_id: courseId, indicator_id: s.indicatorId, ...values })
          .execute();
    }
  });
}

/** One course's result: managers, and the course's own teachers. */
export async function courseEvaluationOf(ctx: ServerContext, user: AuthUser, courseId: string) {
  const role = await courseRoleFor(ctx, user.id, user.clientType, courseId);
  if (role !== 'manager' && role !== 'teacher') throw notFound(COURSE_NOT_FOUND);
  const course = await ctx.db.selectFrom('courses').select(['id', 'title', 'category', 'term']).where('id', '=', courseId).executeTakeFirstOrThrow();
  const system = await indicators(ctx);
  const [figures, scores] = await Promise.all([courseFigures(ctx.db, [courseId], ctx.now()), scoresOf(ctx.db, [courseId])]);
  return courseResult(system, course, figures.get(courseId)!, scores.get(courseId) ?? []);
}
