// Course evaluation: managers keep the school's
// indicator system (weights adding up to 100, level descriptions), score
// each published course per indicator with a comment, and rank courses by
// the weighted total; a course's teachers read their own result. The
// default system is written on first use, so a new school starts from the
// five indicators vocational schools commonly use (default-indicators.ts,
// which also puts their untouched text into the reader's language).
import type { Kysely } from 'kysely';
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import { parseJson } from '../../db/json.js';
import type { Database } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, notFound } from '../../http/errors.js';
import { COURSE_NOT_FOUND, courseRoleFor } from '../courses/index.js';
import type { ServerLocale } from '../../i18n/locales.js';
import { courseFigures, type CourseFigures } from './course-figures.js';
import { DEFAULT_INDICATORS, indicatorAsStored, indicatorInLocale, measureOf, type Measure } from './default-indicators.js';

type Db = Kysely<Database>;

export interface Indicator {
  id: string;
  name: string;
  weight: number;
  levels: string[];
}

async function readIndicators(db: Db): Promise<Indicator[]> {
  const rows = await db.selectFrom('course_eval_indicators').selectAll().orderBy('position').execute();
  return rows.map((r) => ({ id: r.id, name: r.name, weight: Number(r.weight), levels: parseJson<string[]>(r.levels, []) }));
}

/** The school's system as stored (the defaults in zh-CN), written on first use. */
async function storedIndicators(ctx: ServerContext): Promise<Indicator[]> {
  const existing = await readIndicators(ctx.db);
  if (existing.length) return existing;
  // Fixed ids: two first visits at once write the defaults once.
  const now = ctx.now();
  await ctx.db
    .insertInto('course_eval_indicators')
    .values(
      DEFAULT_INDICATORS.map((i, position) => ({
        id: i.id,
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

/** The school's system as a `locale` reader reads it. */
export async function indicators(ctx: ServerContext, locale: ServerLocale): Promise<Indicator[]> {
  return (await storedIndicators(ctx)).map((i) => indicatorInLocale(i, locale));
}

/** Replaces the system; scores of indicators kept (same id) stay, those of removed ones go with them. */
export async function saveIndicators(ctx: ServerContext, input: Array<Omit<Indicator, 'id'> & { id?: string }>, locale: ServerLocale): Promise<void> {
  if (input.length === 0) throw badRequest('至少需要一项评价指标');
  const total = input.reduce((sum, i) => sum + i.weight, 0);
  if (Math.abs(total - 100) > 1e-6) throw badRequest(`各项指标的权重之和应为 100（现在是 ${total}）`);
  // A default sent back as the reader read it stays the default, not the reader's language written over it.
  const items = input.map((sent) => indicatorAsStored({ ...sent, name: sent.name.trim() }, locale));
  // Distinct as sent and as stored: an English "Lesson design" beside a typed 教学设计 would read twice in Chinese.
  const distinct = (names: string[]) => new Set(names).size === names.length;
  if (!distinct(input.map((i) => i.name.trim())) || !distinct(items.map((i) => i.name))) throw badRequest('指标名称不能重复');
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const keep = items.map((i) => i.id).filter((id): id is string => !!id);
    let removal = trx.deleteFrom('course_eval_indicators');
    if (keep.length) removal = removal.where('id', 'not in', keep);
    await removal.execute();
    for (const [position, item] of items.entries()) {
      const values = { name: item.name, weight: item.weight, levels: JSON.stringify(item.levels), position, updated_at: now };
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
export function suggestedScore(measure: Measure | undefined, f: CourseFigures): number | null {
  const pct = (x: number) => Math.round(Math.max(0, Math.min(1, x)) * 100);
  switch (measure) {
    case 'resources':
      return pct((Math.min(f.lessons, 20) / 20) * 0.7 + (Math.min(f.resources, 10) / 10) * 0.3);
    case 'delivery':
      return f.students ? pct(f.completionRate * 0.6 + (f.activeStudents30d / f.students) * 0.4) : null;
    case 'ai':
      return f.students ? pct(Math.min(1, f.aiQuestions / (f.students * 5))) : null;
    case 'students': {
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
        // By the indicator's id: its name may be renamed or read in another language.
        suggested: suggestedScore(measureOf(i.id), figures),
      };
    }),
    total: weightedTotal(system, scores),
  };
}

/** Every published course with its figures, scores and weighted total, ranked (unscored last). */
export async function ranking(ctx: ServerContext, locale: ServerLocale) {
  const system = await indicators(ctx, locale);
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
  const system = await storedIndicators(ctx);
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
export async function courseEvaluationOf(ctx: ServerContext, user: AuthUser, courseId: string, locale: ServerLocale) {
  const role = await courseRoleFor(ctx, user.id, user.clientType, courseId);
  if (role !== 'manager' && role !== 'teacher') throw notFound(COURSE_NOT_FOUND);
  const course = await ctx.db.selectFrom('courses').select(['id', 'title', 'category', 'term']).where('id', '=', courseId).executeTakeFirstOrThrow();
  const system = await indicators(ctx, locale);
  const [figures, scores] = await Promise.all([courseFigures(ctx.db, [courseId], ctx.now()), scoresOf(ctx.db, [courseId])]);
  return courseResult(system, course, figures.get(courseId)!, scores.get(courseId) ?? []);
}
