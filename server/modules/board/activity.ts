// Active people per day and in a whole range, from the roll-ups for rolled
// days and from the raw tables for the rest (or for a class / course scope).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { dayOf } from '../courses/index.js';
import { dayStart, type DayRange } from './range.js';
import type { RollupStatus } from './rollup.js';
import { rawUserDays, type UsageScope } from './usage.js';

type Db = Kysely<Database>;

export interface Activity {
  /** day → client type → people active that day. */
  daily: Map<string, Map<string, number>>;
  /** Distinct people active in the range, by client type. */
  total: Map<string, number>;
}

/** Users active in these courses: opened a lesson or asked the course AI. */
async function courseUserDays(db: Db, range: DayRange, courseIds: string[]): Promise<Array<{ user_id: string; day: string }>> {
  if (courseIds.length === 0) return [];
  const visits = await db
    .selectFrom('course_visits')
    .select(['user_id', 'day'])
    .where('course_id', 'in', courseIds)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .execute();
  const askers = await db
    .selectFrom('chat_messages as m')
    .innerJoin('chats as c', 'c.id', 'm.chat_id')
    .select(['m.user_id', 'm.created_at'])
    .where('c.course_id', 'in', courseIds)
    .where('m.role', '=', 'user')
    .where('m.created_at', '>=', range.since)
    .where('m.created_at', '<', range.until)
    .execute();
  return [...visits, ...askers.map((a) => ({ user_id: a.user_id, day: dayOf(Number(a.created_at)) }))];
}

async function typesOf(db: Db, userIds: string[]): Promise<Map<string, string>> {
  const types = new Map<string, string>();
  for (let i = 0; i < userIds.length; i += 1000) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'default_client_type'])
      .where('id', 'in', userIds.slice(i, i + 1000))
      .execute();
    for (const r of rows) types.set(r.id, r.default_client_type);
  }
  return types;
}

function tally(userDays: Array<{ user_id: string; day: string }>, types: Map<string, string>): Activity {
  const daily = new Map<string, Map<string, number>>();
  const seenDay = new Set<string>();
  const total = new Map<string, number>();
  const seenUser = new Set<string>();
  for (const { user_id, day } of userDays) {
    const type = types.get(user_id);
    if (!type) continue;
    const key = `${user_id}|${day}`;
    if (!seenDay.has(key)) {
      seenDay.add(key);
      let perType = daily.get(day);
      if (!perType) daily.set(day, (perType = new Map()));
      perType.set(type, (perType.get(type) ?? 0) + 1);
    }
    if (!seenUser.has(user_id)) {
      seenUser.add(user_id);
      total.set(type, (total.get(type) ?? 0) + 1);
    }
  }
  return { daily, total };
}

/** Where the board's days come from (rollup.ts: rollupStatus). */
export type RolledDays = Pick<RollupStatus, 'rolledUntil' | 'liveFrom'>;

/**
 * Days before `rolledTo` come from the roll-ups; from `liveSince` on, from the raw tables.
 * Days between the two (the roll-up still running in the background) are left out, never read raw.
 */
export function split(range: DayRange, rolled: RolledDays): { rolledTo: string; liveSince: number } {
  const rolledTo = rolled.rolledUntil || range.from;
  return { rolledTo, liveSince: Math.max(range.since, dayStart(rolled.liveFrom) ?? range.since) };
}

export async function activity(db: Db, range: DayRange, scope: UsageScope, rolled: RolledDays): Promise<Activity> {
  if (scope.userIds || scope.courseIds) {
    let userDays = scope.courseIds ? await courseUserDays(db, range, scope.courseIds) : await rawUserDays(db, range.since, range.until, scope.userIds);
    if (scope.userIds && scope.courseIds) {
      const members = new Set(scope.userIds);
      userDays = userDays.filter((u) => members.has(u.user_id));
    }
    return tally(userDays, await typesOf(db, [...new Set(userDays.map((u) => u.user_id))]));
  }
  // Rolled days from the roll-ups, the rest (today) from the raw tables.
  const { rolledTo, liveSince } = split(range, rolled);
  const [perDay, rolledUsers, live] = await Promise.all([
    db
      .selectFrom('board_daily_active')
      .select(['day', 'client_type', 'users'])
      .where('day', '>=', range.from)
      .where('day', '<', rolledTo)
      .where('day', '<=', range.to)
      .execute(),
    db
      .selectFrom('users as u')
      .select(['u.id', 'u.default_client_type'])
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('board_user_days as d')
            .select(sql`1`.as('one'))
            .whereRef('d.user_id', '=', 'u.id')
            .where('d.day', '>=', range.from)
            .where('d.day', '<', rolledTo)
            .where('d.day', '<=', range.to),
        ),
      )
      .execute(),
    liveSince < range.until ? rawUserDays(db, liveSince, range.until) : Promise.resolve([]),
  ]);
  const liveTypes = await typesOf(db, [...new Set(live.map((u) => u.user_id))]);
  const liveActivity = tally(live, liveTypes);
  const daily = liveActivity.daily;
  for (const row of perDay) {
    let perType = daily.get(row.day);
    if (!perType) daily.set(row.day, (perType = new Map()));
    perType.set(row.client_type, (perType.get(row.client_type) ?? 0) + Number(row.users));
  }
  const total = new Map<string, number>();
  const counted = new Set<string>();
  for (const u of rolledUsers) {
    counted.add(u.id);
    total.set(u.default_client_type, (total.get(u.default_client_type) ?? 0) + 1);
  }
  for (const u of live) {
    if (counted.has(u.user_id)) continue;
    counted.add(u.user_id);
    const type = liveTypes.get(u.user_id);
    if (type) total.set(type, (total.get(type) ?? 0) + 1);
  }
  return { daily, total };
}
