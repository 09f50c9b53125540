// Rolls complete days (before today) into the board tables, oldest first,
// each day in its own transaction (delete, then insert: running twice is
// harmless). Runs when the board is asked and once a day; the first run
// after an upgrade works through the history once.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { dayOf } from '../courses/index.js';
import { dayStart } from './range.js';
import { rawUsage, rawUserDays } from './usage.js';

type Db = Kysely<Database>;

const INSERT_CHUNK = 500;

function nextDay(day: string): string {
  const d = new Date(dayStart(day)!);
  d.setDate(d.getDate() + 1);
  return dayOf(d.getTime());
}

async function firstActivityDay(db: Db): Promise<string | null> {
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

const running = new WeakMap<Db, Promise<string>>();

/** Rolls every complete day not rolled yet; returns the first day not rolled (today). */
export function rollUp(db: Db, now: number): Promise<string> {
  let job = running.get(db);
  if (!job) {
    job = (async () => {
      const today = dayOf(now);
      let day = (await rolledUntil(db)) || (await firstActivityDay(db)) || today;
      while (day < today) {
        await rollDay(db, day);
        day = nextDay(day);
      }
      if ((await rolledUntil(db)) === '') {
        await db.updateTable('board_rollup_state').set({ rolled_until: today, updated_at: Date.now() }).where('id', '=', 1).execute();
      }
      return day;
    })().finally(() => running.delete(db));
    running.set(db, job);
  }
  return job;
}
