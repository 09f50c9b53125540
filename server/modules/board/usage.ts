// AI use and activity read from the raw tables for a time window, summed in
// memory per day. Used for the days not rolled up yet (today) and, with a
// class filter, for the class's own people (a few dozen), where the raw rows
// are few. rollup.ts stores the same sums for complete days.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { BoardDailyUsageTable } from '../../db/tables/board.js';
import { dayOf } from '../courses/index.js';

type Db = Kysely<Database>;

export interface UsageScope {
  /** Only these people (a class); undefined: everyone. */
  userIds?: string[];
  /** Only chats in these courses (course or major filter); undefined: every chat. */
  courseIds?: string[];
}

/** Sums per day × client type × course × assistant × model. */
export async function rawUsage(db: Db, since: number, until: number, scope: UsageScope = {}): Promise<BoardDailyUsageTable[]> {
  if (scope.userIds?.length === 0 || scope.courseIds?.length === 0) return [];
  let query = db
    .selectFrom('chat_messages as m')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'm.role',
      'm.created_at',
      'm.prompt_tokens',
      'm.completion_tokens',
      'c.course_id',
      'c.assistant_id',
      'u.default_client_type',
      sql<string>`coalesce(m.model, c.model)`.as('model'),
      sql<number>`case when m.reference is null or m.reference = '' or m.reference = '[]' then 0 else 1 end`.as('grounded'),
    ])
    .where('m.created_at', '>=', since)
    .where('m.created_at', '<', until);
  if (scope.userIds) query = query.where('c.user_id', 'in', scope.userIds);
  if (scope.courseIds) query = query.where('c.course_id', 'in', scope.courseIds);
  const sums = new Map<string, BoardDailyUsageTable>();
  for (const row of await query.execute()) {
    const entry = {
      day: dayOf(Number(row.created_at)),
      client_type: row.default_client_type,
      course_id: row.course_id ?? '',
      assistant_id: row.assistant_id ?? '',
      model: row.model ?? '',
    };
    const key = `${entry.day}|${entry.client_type}|${entry.course_id}|${entry.assistant_id}|${entry.model}`;
    let sum = sums.get(key);
    if (!sum) sums.set(key, (sum = { ...entry, questions: 0, answers: 0, prompt_tokens: 0, completion_tokens: 0, grounded: 0 }));
    if (row.role === 'user') sum.questions += 1;
    else {
      sum.answers += 1;
      sum.prompt_tokens += Number(row.prompt_tokens) || 0;
      sum.completion_tokens += Number(row.completion_tokens) || 0;
      sum.grounded += Number(row.grounded);
    }
  }
  return [...sums.values()];
}

/** Who was active on which day in the window: asked the AI, opened a lesson, or signed in. */
export async function rawUserDays(db: Db, since: number, until: number, userIds?: string[]): Promise<Array<{ user_id: string; day: string }>> {
  if (userIds?.length === 0) return [];
  const firstDay = dayOf(since);
  const lastDay = dayOf(until - 1);
  let asked = db
    .selectFrom('chat_messages')
    .select(['user_id', 'created_at'])
    .where('role', '=', 'user')
    .where('created_at', '>=', since)
    .where('created_at', '<', until);
  let signedIn = db.selectFrom('auth_tokens').select(['user_id', 'created_at']).where('created_at', '>=', since).where('created_at', '<', until);
  let visited = db.selectFrom('course_visits').select(['user_id', 'day']).where('day', '>=', firstDay).where('day', '<=', lastDay);
  if (userIds) {
    asked = asked.where('user_id', 'in', userIds);
    signedIn = signedIn.where('user_id', 'in', userIds);
    visited = visited.where('user_id', 'in', userIds);
  }
  const [questions, tokens, visits] = await Promise.all([asked.execute(), signedIn.execute(), visited.execute()]);
  const seen = new Set<string>();
  const result: Array<{ user_id: string; day: string }> = [];
  const add = (user_id: string, day: string) => {
    const key = `${user_id}|${day}`;
    if (seen.has(key)) return;
    seen.add(key);
    result.push({ user_id, day });
  };
  for (const q of questions) add(q.user_id, dayOf(Number(q.created_at)));
  for (const t of tokens) add(t.user_id, dayOf(Number(t.created_at)));
  for (const v of visits) add(v.user_id, v.day);
  return result;
}
