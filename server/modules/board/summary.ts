// The data board: everything a school leader reads, for a date range and an
// optional class / major / course, with the previous period's headline
// figures for comparison. AI use and activity come from daily roll-ups
// (rollup.ts) plus today's raw rows; the rest are indexed counts.
import type { Kysely } from 'kysely';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import type { BoardDailyUsageTable } from '../../db/tables/board.js';
import { type TopicCount, topTopics } from '../courses/index.js';
import { activity, split, type RolledDays } from './activity.js';
import { costOf, loadPrices, type PriceList } from './prices.js';
import { previousRange, type DayRange } from './range.js';
import { rollupStatus } from './rollup.js';
import { rawUsage, type UsageScope } from './usage.js';
import { placementEvidence } from './placement-evidence.js';
import { parseIdList, parseJson } from '../../db/json.js';

type Db = Kysely<Database>;

export interface BoardFilter {
  classId?: string;
  /** A course category (major). */
  major?: string;
  courseId?: string;
}

type PerType = Record<'1' | '2' | '3', number>;
/** Questions segmented for the topics (segmentation is CPU on the request thread: ~40 ms per 500). */
const TOPIC_SAMPLE = 500;

const perType = (map: Map<string, number> | undefined): PerType => ({ '1': map?.get('1') ?? 0, '2': map?.get('2') ?? 0, '3': map?.get('3') ?? 0 });

export interface Headline {
  questions: number;
  answers: number;
  activeUsers: number;
  tokens: number;
  cost: number | null;
  completions: number;
  newUsers: number;
  groundedShare: number;
}

async function scopeOf(db: Db, filter: BoardFilter): Promise<UsageScope> {
  const scope: UsageScope = {};
  if (filter.classId) {
    const members = await db.selectFrom('class_members').select('user_id').where('class_id', '=', filter.classId).execute();
    scope.userIds = members.map((m) => m.user_id);
  }
  if (filter.courseId) scope.courseIds = [filter.courseId];
  else if (filter.major) {
    const courses = await db.selectFrom('courses').select('id').where('category', '=', filter.major).execute();
    scope.courseIds = courses.map((c) => c.id);
  }
  return scope;
}

async function usageRows(db: Db, range: DayRange, scope: UsageScope, days: RolledDays): Promise<BoardDailyUsageTable[]> {
  if (scope.userIds) return rawUsage(db, range.since, range.until, scope);
  const { rolledTo, liveSince } = split(range, days);
  if (scope.courseIds?.length === 0) return [];
  // Summed in SQL over the course dimension (kept only for filtering), so a year reads ~days × models rows.
  let rolled = db
    .selectFrom('board_daily_usage')
    .select((eb) => [
      'day',
      'client_type',
      'assistant_id',
      'model',
      eb.fn.sum<number>('questions').as('questions'),
      eb.fn.sum<number>('answers').as('answers'),
      eb.fn.sum<number>('prompt_tokens').as('prompt_tokens'),
      eb.fn.sum<number>('completion_tokens').as('completion_tokens'),
      eb.fn.sum<number>('grounded').as('grounded'),
    ])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .where('day', '<', rolledTo)
    .groupBy(['day', 'client_type', 'assistant_id', 'model']);
  if (scope.courseIds) rolled = rolled.where('course_id', 'in', scope.courseIds);
  const [stored, live] = await Promise.all([rolled.execute(), liveSince < range.until ? rawUsage(db, liveSince, range.until, scope) : Promise.resolve([])]);
  const sums = stored.map((r) => ({
    ...r,
    course_id: '',
    questions: Number(r.questions),
    answers: Number(r.answers),
    prompt_tokens: Number(r.prompt_tokens),
    completion_tokens: Number(r.completion_tokens),
    grounded: Number(r.grounded),
  }));
  return [...sums, ...live];
}

async function completionsIn(db: Db, range: DayRange, scope: UsageScope): Promise<number> {
  if (scope.userIds?.length === 0 || scope.courseIds?.length === 0) return 0;
  let query = db
    .selectFrom('lesson_progress')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('completed_at', '>=', range.since)
    .where('completed_at', '<', range.until);
  if (scope.userIds) query = query.where('user_id', 'in', scope.userIds);
  if (scope.courseIds) query = query.where('course_id', 'in', scope.courseIds);
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

async function newUsersIn(db: Db, range: DayRange, scope: UsageScope): Promise<number> {
  if (scope.userIds?.length === 0) return 0;
  let query = db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>=', range.since)
    .where('created_at', '<', range.until);
  if (scope.userIds) query = query.where('id', 'in', scope.userIds);
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

function totalCost(prices: PriceList, rows: BoardDailyUsageTable[]): number | null {
  let cost: number | null = null;
  for (const r of rows) {
    const c = costOf(prices, r.model, r.prompt_tokens, r.completion_tokens);
    if (c !== null) cost = (cost ?? 0) + c;
  }
  return cost === null ? null : Math.round(cost * 100) / 100;
}

async function headline(
  db: Db,
  range: DayRange,
  scope: UsageScope,
  rolled: RolledDays,
  prices: PriceList,
): Promise<{ headline: Headline; usage: BoardDailyUsageTable[]; active: Awaited<ReturnType<typeof activity>> }> {
  const [usage, active, completions, newUsers] = await Promise.all([
    usageRows(db, range, scope, rolled),
    activity(db, range, scope, rolled),
    completionsIn(db, range, scope),
    newUsersIn(db, range, scope),
  ]);
  let questions = 0;
  let answers = 0;
  let tokens = 0;
  let grounded = 0;
  for (const r of usage) {
    questions += r.questions;
    answers += r.answers;
    tokens += r.prompt_tokens + r.completion_tokens;
    grounded += r.grounded;
  }
  const activeUsers = [...active.total.values()].reduce((a, b) => a + b, 0);
  return {
    headline: {
      questions,
      answers,
      activeUsers,
      tokens,
      cost: totalCost(prices, usage),
      completions,
      newUsers,
      groundedShare: answers ? Math.round((grounded / answers) * 1000) / 10 : 0,
    },
    usage,
    active,
  };
}

async function userCounts(db: Db, scope: UsageScope): Promise<{ total: number; byClientType: PerType }> {
  let query = db.selectFrom('users').select(['client_types']);
  if (scope.userIds) query = query.where('id', 'in', scope.userIds.length ? scope.userIds : ['']);
  const rows = await query.execute();
  const byClientType: PerType = { '1': 0, '2': 0, '3': 0 };
  for (const r of rows) for (const t of r.client_types.split(',')) if (t in byClientType) byClientType[t as keyof PerType] += 1;
  return { total: rows.length, byClientType };
}

async function courseFigures(db: Db, range: DayRange, scope: UsageScope) {
  let courses = db.selectFrom('courses').select(['id', 'status', 'created_at']);
  if (scope.courseIds) courses = courses.where('id', 'in', scope.courseIds.length ? scope.courseIds : ['']);
  const rows = await courses.execute();
  const ids = rows.map((r) => r.id);
  const lessons = ids.length
    ? Number(
        (
          await db
            .selectFrom('lessons')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .$if(!!scope.courseIds, (q) => q.where('course_id', 'in', ids))
            .executeTakeFirst()
        )?.n ?? 0,
      )
    : 0;
  return {
    total: rows.length,
    published: rows.filter((r) => r.status === 'published').length,
    createdInRange: rows.filter((r) => Number(r.created_at) >= range.since && Number(r.created_at) < range.until).length,
    lessons,
  };
}

/** Each evaluation's total points (surveys: 0). */
async function paperTotals(db: Db, evaluationIds: string[]): Promise<Map<string, number>> {
  if (!evaluationIds.length) return new Map();
  const rows = await db
    .selectFrom('evaluation_items')
    .select((eb) => ['evaluation_id', eb.fn.sum<number>('points').as('total')])
    .where('evaluation_id', 'in', evaluationIds)
    .groupBy('evaluation_id')
    .execute();
  return new Map(rows.map((r) => [r.evaluation_id, Number(r.total ?? 0)]));
}

/** Knowledge points of questions answered in live sessions in the range, with each answer's score (0 to 1). */
async function liveAnswerTags(db: Db, range: DayRange, scope: UsageScope): Promise<Array<{ tags: string[]; score: number }>> {
  let query = db
    .selectFrom('live_answers as a')
    .innerJoin('live_questions as q', 'q.id', 'a.question_id')
    .innerJoin('live_sessions as s', 's.id', 'a.session_id')
    .select(['a.score', 'q.question'])
    .where('a.answered_at', '>=', range.since)
    .where('a.answered_at', '<', range.until);
  if (scope.courseIds) query = query.where('s.course_id', 'in', scope.courseIds.length ? scope.courseIds : ['']);
  if (scope.userIds) query = query.where('a.user_id', 'in', scope.userIds.length ? scope.userIds : ['']);
  const rows = await query.limit(50_000).execute();
  return rows.map((r) => ({ tags: parseJson<{ tags?: string[] }>(r.question, {}).tags ?? [], score: Number(r.score) }));
}

async function evaluationFigures(db: Db, range: DayRange, scope: UsageScope) {
  let subs = db
    .selectFrom('submissions as s')
    .innerJoin('evaluations as e', 'e.id', 's.evaluation_id')
    .select(['s.id', 's.student_id', 's.score', 's.handed_in_by', 'e.id as evaluation_id', 'e.title'])
    .where('s.submitted_at', '>=', range.since)
    .where('s.submitted_at', '<', range.until);
  if (scope.courseIds) subs = subs.where('e.course_id', 'in', scope.courseIds.length ? scope.courseIds : ['']);
  if (scope.userIds) subs = subs.where('s.student_id', 'in', scope.userIds.length ? scope.userIds : ['']);
  const rows = (await subs.limit(50_000).execute()).map((r) => ({ ...r, score: r.score === null ? null : Number(r.score) }));
  const evaluations = new Map<string, { id: string; title: string; submissions: number; autoSubmitted: number; scoreSum: number; scored: number }>();
  for (const r of rows) {
    let e = evaluations.get(r.evaluation_id);
    if (!e) evaluations.set(r.evaluation_id, (e = { id: r.evaluation_id, title: r.title, submissions: 0, autoSubmitted: 0, scoreSum: 0, scored: 0 }));
    e.submissions += 1;
    if (r.handed_in_by === 'deadline') e.autoSubmitted += 1;
    if (r.score !== null) {
      e.scoreSum += r.score;
      e.scored += 1;
    }
  }
  // Weakest knowledge points: the tags of items with the lowest share of points earned.
  const items = rows.length
    ? await db
        .selectFrom('submission_items as si')
        .innerJoin('evaluation_items as i', 'i.id', 'si.item_id')
        .select(['si.score', 'i.points', 'i.tags'])
        .where(
          'si.submission_id',
          'in',
          rows.slice(0, 5_000).map((r) => r.id),
        )
        .where('si.score', 'is not', null)
        .execute()
    : [];
  const tags = new Map<string, { earned: number; possible: number; answers: number }>();
  const addTags = (itemTags: string[], earned: number, possible: number) => {
    for (const tag of itemTags) {
      if (!tag) continue;
      let t = tags.get(tag);
      if (!t) tags.set(tag, (t = { earned: 0, possible: 0, answers: 0 }));
      t.earned += earned;
      t.possible += possible;
      t.answers += 1;
    }
  };
  for (const item of items) if (Number(item.points)) addTags(parseIdList(item.tags), Number(item.score), Number(item.points));
  // Questions answered in live sessions count too: each answer one point possible, its score the share earned.
  for (const answer of await liveAnswerTags(db, range, scope)) addTags(answer.tags, answer.score, 1);
  // Papers have different totals (a 10-point quiz, a 100-point exam), so the overall average is a share of each paper's points.
  const maxScores = await paperTotals(db, [...evaluations.keys()]);
  const rates = rows.filter((r) => r.score !== null && maxScores.get(r.evaluation_id)).map((r) => r.score! / maxScores.get(r.evaluation_id)!);
  return {
    submissions: rows.length,
    /** Of those, handed in by the server when the attempt's time ran out. */
    autoSubmitted: rows.filter((r) => r.handed_in_by === 'deadline').length,
    participants: new Set(rows.map((r) => r.student_id)).size,
    averageRate: rates.length ? Math.round((rates.reduce((a, r) => a + r, 0) / rates.length) * 1000) / 10 : null,
    byEvaluation: [...evaluations.values()]
      .sort((a, b) => b.submissions - a.submissions)
      .slice(0, 10)
      .map((e) => ({
        id: e.id,
        title: e.title,
        submissions: e.submissions,
        autoSubmitted: e.autoSubmitted,
        averageScore: e.scored ? Math.round((e.scoreSum / e.scored) * 10) / 10 : null,
        maxScore: maxScores.get(e.id) ?? 0,
      })),
    weakest: [...tags.entries()]
      .map(([tag, t]) => ({ tag, rate: Math.round((t.earned / t.possible) * 1000) / 10, answers: t.answers }))
      .sort((a, b) => a.rate - b.rate)
      .slice(0, 8),
  };
}

async function knowledgeFigures(db: Db) {
  const [libraries, documents] = await Promise.all([
    db
      .selectFrom('knowledge_datasets')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('chunk_count').as('passages')])
      .executeTakeFirst(),
    db
      .selectFrom('knowledge_documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst(),
  ]);
  return { libraries: Number(libraries?.n ?? 0), documents: Number(documents?.n ?? 0), passages: Number(libraries?.passages ?? 0) };
}

async function embedTraffic(db: Db, range: DayRange) {
  const rows = await db
    .selectFrom('embed_usage as u')
    .innerJoin('embed_keys as k', 'k.id', 'u.key_id')
    .select(['k.id', 'k.name', 'k.origins', (eb) => eb.fn.sum<number>('u.messages').as('messages'), (eb) => eb.fn.sum<number>('u.tokens').as('tokens')])
    .where('u.visitor_id', '=', '')
    .where('u.day', '>=', range.from)
    .where('u.day', '<=', range.to)
    .groupBy(['k.id', 'k.name', 'k.origins'])
    .execute();
  return rows
    .map((r) => {
      return { keyId: r.id, name: r.name, origins: parseIdList(r.origins), messages: Number(r.messages ?? 0), tokens: Number(r.tokens ?? 0) };
    })
    .sort((a, b) => b.messages - a.messages);
}

async function topicsOf(db: Db, range: DayRange, scope: UsageScope): Promise<TopicCount[]> {
  if (scope.userIds?.length === 0 || scope.courseIds?.length === 0) return [];
  // The newest questions by time alone (the created_at index), students picked after:
  // joined to users first, a planner may walk every chat of every student instead.
  let query = db
    .selectFrom('chat_messages as m')
    .select(['m.user_id', 'm.content', 'm.content_type'])
    .where('m.role', '=', 'user')
    .where('m.created_at', '>=', range.since)
    .where('m.created_at', '<', range.until);
  if (scope.userIds) query = query.where('m.user_id', 'in', scope.userIds);
  if (scope.courseIds) query = query.where('m.chat_id', 'in', db.selectFrom('chats').select('id').where('course_id', 'in', scope.courseIds));
  const rows = await query
    .orderBy('m.created_at', 'desc')
    .limit(TOPIC_SAMPLE * 3)
    .execute();
  const askers = [...new Set(rows.map((r) => r.user_id))];
  const students = new Set(
    askers.length
      ? (await db.selectFrom('users').select('id').where('id', 'in', askers).where('default_client_type', '=', '3').execute()).map((u) => u.id)
      : [],
  );
  const questions = rows.filter((r) => students.has(r.user_id)).slice(0, TOPIC_SAMPLE);
  // Only the words counted leave the server: never a question itself.
  return topTopics(questions.map((r) => (r.content_type === 'image' ? '' : r.content.slice(0, 500))));
}

async function teacherActivity(db: Db, range: DayRange) {
  const rows = await db
    .selectFrom('operation_records')
    .select(['user_id', 'username', 'action', (eb) => eb.fn.countAll<number>().as('n')])
    .where('client_type', '=', '1')
    .where('at', '>=', range.since)
    .where('at', '<', range.until)
    .where('result', '=', 'success')
    .where('action', 'not in', ['login', 'logout'])
    .groupBy(['user_id', 'username', 'action'])
    .execute();
  const teachers = new Map<string, { username: string; actions: number; created: number; published: number }>();
  for (const r of rows) {
    const key = r.user_id ?? r.username;
    let t = teachers.get(key);
    if (!t) teachers.set(key, (t = { username: r.username, actions: 0, created: 0, published: 0 }));
    t.actions += Number(r.n);
    if (r.action === 'create') t.created += Number(r.n);
    if (r.action === 'publish') t.published += Number(r.n);
  }
  return [...teachers.values()].sort((a, b) => b.actions - a.actions).slice(0, 20);
}

async function assistantNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('assistants').select(['id', 'title']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}

export async function boardSummary(ctx: ServerContext, range: DayRange, filter: BoardFilter) {
  const db = ctx.db;
  const prices = loadPrices(ctx.config.env);
  const rolled = await rollupStatus(db, ctx.now());
  const scope = await scopeOf(db, filter);
  const previous = previousRange(range);
  const [current, before, users, courses, evaluations, knowledge, embed, topics, teachers, placements] = await Promise.all([
    headline(db, range, scope, rolled, prices),
    headline(db, previous, scope, rolled, prices),
    userCounts(db, scope),
    courseFigures(db, range, scope),
    evaluationFigures(db, range, scope),
    knowledgeFigures(db),
    embedTraffic(db, range),
    topicsOf(db, range, scope),
    teacherActivity(db, range),
    placementEvidence(db, range, scope, filter.major),
  ]);

  const byDay = new Map<string, { questions: number; tokens: number; byModel: Record<string, number> }>();
  const byModel = new Map<string, { questions: number; answers: number; promptTokens: number; completionTokens: number }>();
  const byAssistant = new Map<string, number>();
  for (const r of current.usage) {
    let d = byDay.get(r.day);
    if (!d) byDay.set(r.day, (d = { questions: 0, tokens: 0, byModel: {} }));
    d.questions += r.questions;
    d.tokens += r.prompt_tokens + r.completion_tokens;
    const model = r.model || '—';
    d.byModel[model] = (d.byModel[model] ?? 0) + r.questions;
    let m = byModel.get(model);
    if (!m) byModel.set(model, (m = { questions: 0, answers: 0, promptTokens: 0, completionTokens: 0 }));
    m.questions += r.questions;
    m.answers += r.answers;
    m.promptTokens += r.prompt_tokens;
    m.completionTokens += r.completion_tokens;
    if (r.assistant_id) byAssistant.set(r.assistant_id, (byAssistant.get(r.assistant_id) ?? 0) + r.questions);
  }
  const topAssistantIds = [...byAssistant.entries()].sort((a, b) => b[1] - a[1]).slice(0, 10);
  const names = await assistantNames(
    db,
    topAssistantIds.map(([id]) => id),
  );

  return {
    range: { from: range.from, to: range.to, days: range.days.length },
    previousRange: { from: previous.from, to: previous.to },
    filter,
    questions: current.headline.questions,
    activeUsers: current.headline.activeUsers,
    headline: current.headline,
    previous: before.headline,
    users: { ...users, activeByClientType: perType(current.active.total) },
    daily: range.days.map((day) => ({
      day,
      active: perType(current.active.daily.get(day)),
      questions: byDay.get(day)?.questions ?? 0,
      tokens: byDay.get(day)?.tokens ?? 0,
      byModel: byDay.get(day)?.byModel ?? {},
    })),
    models: [...byModel.entries()]
      .map(([model, m]) => ({ model, ...m, cost: costOf(prices, model, m.promptTokens, m.completionTokens) }))
      .sort((a, b) => b.questions - a.questions),
    currency: prices.currency,
    courses: { ...courses, completions: current.headline.completions },
    evaluations,
    knowledge: { ...knowledge, groundedShare: current.headline.groundedShare },
    embed,
    assistants: topAssistantIds.map(([id, questions]) => ({ id, name: names.get(id) ?? '', questions })),
    topics,
    teachers,
    placements,
    rolledUntil: rolled.rolledUntil,
    /** Set while the background roll-up works through history: the AI-use and activity figures are those so far. */
    computing: rolled.computing,
  };
}

export type BoardSummary = Awaited<ReturnType<typeof boardSummary>>;
