// Rolls complete days (before today) into the board tables, oldest first,
// each day in its own transaction (delete, then insert: running twice is
// harmless, and a run cut short resumes at the first day not rolled). Runs
// in the background only (rollup-job.ts), never inside a board request: the
// first run after an upgrade works through a whole year of history.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { dayOf } from '../courses/index.js';
import { dayStart } from './range.js';
import { rawUsage, rawUserDays } from './usage.js';

type Db = Kysely<Database>;

const INSERT_CHUNK = 500;

export function nextDay(day: string): string {
  const d = new Date(dayStart(day)!);
  d.setDate(d.getDate() + 1);
  return dayOf(d.getTime());
}

export async function firstActivityDay(db: Db): Promise<string | null> {
  const [message, token] = await Promise.all([
    db
      .selectFrom('chat_messages')
      .select((eb) => eb.fn.min('created_at').as('at'))
      .executeTakeFirst(),
    db
      .selectFrom('auth_tokens')
      .select((eb) => eb.fn.min('created_at').as('at'))
      .executeTakeFirst(),
  ]);
  const times = [message?.at, token?.at].filter((t): t is number => t !== null && t !== undefined).map(Number);
  return times.length ? dayOf(Math.min(...times)) : null;
}

async function rollDay(db: Db, day: string): Promise<void> {
  const since = dayStart(day)!;
  const until = dayStart(nextDay(day))!;
  const [usage, userDays] = await Promise.all([rawUsage(db, since, until), rawUserDays(db, since, until)]);
  const types = userDays.length
    ? await db
        .selectFrom('users')
        .select(['id', 'default_client_type'])
        .where('id', 'in', [...new Set(userDays.map((u) => u.user_id))])
        .execute()
    : [];
  const typeOf = new Map(types.map((t) => [t.id, t.default_client_type]));
  const active = new Map<string, number>();
  for (const u of userDays) {
    const type = typeOf.get(u.user_id);
    if (type) active.set(type, (active.get(type) ?? 0) + 1);
  }
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('board_daily_usage').where('day', '=', day).execute();
    await trx.deleteFrom('board_user_days').where('day', '=', day).execute();
    await trx.deleteFrom('board_daily_active').where('day', '=', day).execute();
    for (let i = 0; i < usage.length; i += INSERT_CHUNK)
      await trx
        .insertInto('board_daily_usage')
        .values(usage.slice(i, i + INSERT_CHUNK))
        .execute();
    for (let i = 0; i < userDays.length; i += INSERT_CHUNK)
      await trx
        .insertInto('board_user_days')
        .values(userDays.slice(i, i + INSERT_CHUNK))
        .execute();
    if (active.size)
      await trx
        .insertInto('board_daily_active')
        .values([...active].map(([client_type, users]) => ({ day, client_type, users })))
        .execute();
    await trx
      .updateTable('board_rollup_state')
      .set({ rolled_until: nextDay(day), updated_at: Date.now() })
      .where('id', '=', 1)
      .execute();
  });
}

/** The first day not in the roll-ups (everything before it is). */
export async function rolledUntil(db: Db): Promise<string> {
  const state = await db.selectFrom('board_rollup_state').select('rolled_until').where('id', '=', 1).executeTakeFirst();
  return state?.rolled_until ?? '';
}

/**
 * Rolls every complete day not rolled yet; returns the first day not rolled (today).
 * `keepGoing` is asked before each day: false stops the run there (the lease was lost, the server closes).
 */
export async function rollUp(db: Db, now: number, keepGoing: () => Promise<boolean> = async () => true): Promise<string> {
  const today = dayOf(now);
  let day = (await rolledUntil(db)) || (await firstActivityDay(db)) || today;
  while (day < today) {
    if (!(await keepGoing())) return day;
    await rollDay(db, day);
    day = nextDay(day);
  }
  if ((await rolledUntil(db)) === '') {
    await db.updateTable('board_rollup_state').set({ rolled_until: today, updated_at: Date.now() }).where('id', '=', 1).execute();
  }
  return day;
}

/** Which days a board call reads from where, and how far the roll-up has come. */
export interface RollupStatus {
  /** Days before this come from the roll-ups ('' before the first run). */
  rolledUntil: string;
  /** From this day on, the raw tables: yesterday at the earliest, so a request never reads more than two days raw. */
  liveFrom: string;
  /** While days between the two are missing: how many days of history are rolled so far, of how many. */
  computing: { daysDone: number; daysTotal: number } | null;
}

const daysFromTo = (from: string, to: string) => Math.round((dayStart(to)! - dayStart(from)!) / (24 * 3600_000));

export async function rollupStatus(db: Db, now: number): Promise<RollupStatus> {
  const today = dayOf(now);
  const yesterday = dayOf(dayStart(today)! - 1);
  const rolled = await rolledUntil(db);
  const liveFrom = rolled > yesterday ? rolled : yesterday;
  if (rolled >= yesterday) return { rolledUntil: rolled, liveFrom, computing: null };
  const first = await firstActivityDay(db);
  if (first === null || first >= yesterday) return { rolledUntil: rolled, liveFrom, computing: null };
  const done = rolled && rolled > first ? daysFromTo(first, rolled) : 0;
  return { rolledUntil: rolled, liveFrom, computing: { daysDone: done, daysTotal: daysFromTo(first, today) } };
}
