// SQL for placements, their logs, sign links, signed weeks and alerts.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PlacementAlertKind, PlacementLogsTable, PlacementsTable, PlacementState } from '../../db/tables/placements.js';

export type PlacementRow = PlacementsTable;
export type PlacementLogRow = PlacementLogsTable;

export async function insertPlacement(db: Kysely<Database>, row: PlacementRow): Promise<void> {
  await db.insertInto('placements').values(row).execute();
}

export async function findPlacement(db: Kysely<Database>, id: string): Promise<PlacementRow | undefined> {
  return db.selectFrom('placements').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface PlacementFilter {
  studentId?: string;
  supervisorId?: string;
}

export async function listPlacementRows(db: Kysely<Database>, filter: PlacementFilter): Promise<PlacementRow[]> {
  let query = db.selectFrom('placements').selectAll().orderBy('start_date', 'desc').orderBy('id');
  if (filter.studentId) query = query.where('student_id', '=', filter.studentId);
  if (filter.supervisorId) query = query.where('supervisor_id', '=', filter.supervisorId);
  return query.execute();
}

/** Moves a placement from one of `from` to `to`; false when it was in none of them (someone else moved it first). */
export async function moveState(db: Kysely<Database>, id: string, from: PlacementState[], to: PlacementState, reason: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('placements')
    .set({ state: to, end_reason: reason, updated_at: now })
    .where('id', '=', id)
    .where('state', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Inserts the day's log; false when the placement already has one for that day. */
export async function insertLog(db: Kysely<Database>, row: PlacementLogRow): Promise<boolean> {
  const result = await db
    .insertInto('placement_logs')
    .values(row)
    .onConflict((oc) => oc.columns(['placement_id', 'day']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function logsOf(db: Kysely<Database>, placementId: string, range?: { from: string; to: string }): Promise<PlacementLogRow[]> {
  let query = db.selectFrom('placement_logs').selectAll().where('placement_id', '=', placementId).orderBy('day');
  if (range) query = query.where('day', '>=', range.from).where('day', '<=', range.to);
  return query.execute();
}

/** The latest log day and when it was sent, per placement. */
export async function lastLogs(db: Kysely<Database>, placementIds: string[]): Promise<Map<string, { day: string; at: number }>> {
  const last = new Map<string, { day: string; at: number }>();
  if (placementIds.length === 0) return last;
  const rows = await db
    .selectFrom('placement_logs')
    .select(['placement_id', 'day', 'created_at'])
    .where('placement_id', 'in', placementIds)
    .orderBy('day')
    .execute();
  for (const r of rows) last.set(r.placement_id, { day: r.day, at: Number(r.created_at) });
  return last;
}

/** Logs sent and minutes worked per placement. */
export async function logTotals(db: Kysely<Database>, placementIds: string[]): Promise<Map<string, { count: number; minutes: number }>> {
  const totals = new Map<string, { count: number; minutes: number }>();
  if (placementIds.length === 0) return totals;
  const rows = await db
    .selectFrom('placement_logs')
    .select((eb) => ['placement_id', eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('minutes').as('minutes')])
    .where('placement_id', 'in', placementIds)
    .groupBy('placement_id')
    .execute();
  for (const r of rows) totals.set(r.placement_id, { count: Number(r.count), minutes: Number(r.minutes ?? 0) });
  return totals;
}

export async function signedWeeks(db: Kysely<Database>, placementIds: string[]): Promise<Map<string, Map<number, { comment: string; signedAt: number }>>> {
  const signed = new Map<string, Map<number, { comment: string; signedAt: number }>>();
  if (placementIds.length === 0) return signed;
  const rows = await db.selectFrom('placement_signatures').selectAll().where('placement_id', 'in', placementIds).execute();
  for (const r of rows) {
    const weeks = signed.get(r.placement_id) ?? new Map<number, { comment: string; signedAt: number }>();
    weeks.set(Number(r.week), { comment: r.comment, signedAt: Number(r.signed_at) });
    signed.set(r.placement_id, weeks);
  }
  return signed;
}

export async function insertSignLink(
  db: Kysely<Database>,
  row: { id: string; placement_id: string; week: number; token_hash: string; expires_at: number; created_by: string; created_at: number },
): Promise<void> {
  await db
    .insertInto('placement_sign_links')
    .values({ ...row, used_at: null })
    .execute();
}

export async function findSignLink(db: Kysely<Database>, tokenHash: string) {
  return db.selectFrom('placement_sign_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Uses the link and signs its week in one transaction: the link is claimed only
 * while unused and unexpired, so two presses of "sign" sign once.
 */
export async function signWithLink(
  db: Kysely<Database>,
  link: { id: string; placement_id: string; week: number },
  signature: { comment: string; ip: string },
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('placement_sign_links')
      .set({ used_at: now })
      .where('id', '=', link.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    await trx
      .insertInto('placement_signatures')
      .values({ placement_id: link.placement_id, week: link.week, comment: signature.comment, signed_at: now, ip: signature.ip })
      .onConflict((oc) => oc.columns(['placement_id', 'week']).doUpdateSet({ comment: signature.comment, signed_at: now, ip: signature.ip }))
      .execute();
    return true;
  });
}

/** Raises an alert once per placement, kind and day or week (a second raise of the same is a no-op). */
export async function insertAlert(
  db: Kysely<Database>,
  row: { id: string; placement_id: string; kind: PlacementAlertKind; about: string; detail: string; created_at: number },
): Promise<boolean> {
  const result = await db
    .insertInto('placement_alerts')
    .values({ ...row, handled_by: null, handled_at: null, comment: '' })
    .onConflict((oc) => oc.columns(['placement_id', 'kind', 'about']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function alertsOf(db: Kysely<Database>, placementIds: string[]) {
  if (placementIds.length === 0) return [];
  return db
    .selectFrom('placement_alerts as a')
    .leftJoin('users as h', 'h.id', 'a.handled_by')
    .select(['a.id', 'a.placement_id', 'a.kind', 'a.about', 'a.detail', 'a.handled_at', 'a.comment', 'a.created_at', 'h.name as handler'])
    .where('a.placement_id', 'in', placementIds)
    .orderBy('a.created_at', 'desc')
    .execute();
}

export async function findAlert(db: Kysely<Database>, id: string) {
  return db.selectFrom('placement_alerts').select(['id', 'placement_id']).where('id', '=', id).executeTakeFirst();
}

export async function markAlertHandled(db: Kysely<Database>, id: string, userId: string, comment: string, now: number): Promise<void> {
  await db.updateTable('placement_alerts').set({ handled_by: userId, handled_at: now, comment }).where('id', '=', id).where('handled_at', 'is', null).execute();
}

/** Names and client types of the people a placement names (student, supervisor). */
export async function peopleByIds(db: Kysely<Database>, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'nickname', 'client_types'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}
