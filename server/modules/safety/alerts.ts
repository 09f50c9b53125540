// Self-harm is a person, not a violation: the student's words raise an alert
// to the teachers of their classes and to the managers with the admin right
// (as managers chose in the settings). Who sees an alert is worked out when it
// is read, so a teacher who joins the class later sees it too; the first
// person to handle it marks it handled for everyone. The phones managers set
// also get a short notice by SMS (never the student's words).
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import { notFound } from '../../http/errors.js';
import { recordOperation } from '../records/index.js';
import { sendAlertSms } from '../sms/index.js';
import { inBackground, safetyState } from './runtime.js';
import { alertPhones } from './settings.js';

export interface AlertView {
  id: string;
  category: string;
  student: string;
  className: string;
  excerpt: string;
  createTime: number;
  handled: boolean;
  handledBy: string | null;
}

const ALERT_LIST_LIMIT = 100;

export async function raiseAlert(ctx: ServerContext, alert: { eventId: string; userId: string; category: string; excerpt: string }): Promise<void> {
  const id = newId();
  await ctx.db
    .insertInto('safety_alerts')
    .values({
      id,
      event_id: alert.eventId,
      user_id: alert.userId,
      category: alert.category,
      excerpt: alert.excerpt,
      handled_by: null,
      handled_at: null,
      created_at: ctx.now(),
    })
    .execute();
  await recordOperation(ctx, null, {
    action: 'safety-alert',
    objectType: 'safety_alert',
    objectId: id,
    summary: alert.category,
    result: 'success',
    actor: { userId: alert.userId, username: '', clientType: null },
  });
  // A notice by SMS too, sent after the student has their reply.
  const phones = alertPhones((await safetyState(ctx)).settings);
  if (phones.length) inBackground(ctx, (log) => sendAlertSms(ctx, phones, log));
}

async function isAdmin(ctx: ServerContext, userId: string): Promise<boolean> {
  const row = await ctx.db.selectFrom('users').select('admin').where('id', '=', userId).executeTakeFirst();
  return Number(row?.admin ?? 0) === 1;
}

/** Whose alerts `viewerId` receives: every student's (a manager with the admin right), or their classes' students'. */
async function watchedStudents(ctx: ServerContext, viewerId: string, manager: boolean): Promise<'all' | string[]> {
  const { settings } = await safetyState(ctx);
  if (manager && settings.alertManagers && (await isAdmin(ctx, viewerId))) return 'all';
  if (!settings.alertTeachers) return [];
  const rows = await ctx.db
    .selectFrom('class_members as t')
    .innerJoin('class_members as s', 's.class_id', 't.class_id')
    .select('s.user_id')
    .where('t.user_id', '=', viewerId)
    .where('t.role', '=', 'teacher')
    .where('s.role', '=', 'student')
    .distinct()
    .execute();
  return rows.map((r) => r.user_id);
}

export async function listAlerts(ctx: ServerContext, viewerId: string, manager: boolean): Promise<AlertView[]> {
  const students = await watchedStudents(ctx, viewerId, manager);
  if (students !== 'all' && students.length === 0) return [];
  let query = ctx.db
    .selectFrom('safety_alerts as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('users as h', 'h.id', 'a.handled_by')
    .select(['a.id', 'a.category', 'a.excerpt', 'a.created_at', 'a.handled_at', 'a.user_id', 'u.name', 'u.username', 'h.name as handler'])
    .orderBy('a.created_at', 'desc')
    .limit(ALERT_LIST_LIMIT);
  if (students !== 'all') query = query.where('a.user_id', 'in', students);
  const rows = await query.execute();
  const classes = await classNames(
    ctx,
    rows.map((r) => r.user_id),
  );
  return rows.map((r) => ({
    id: r.id,
    category: r.category,
    student: r.name || r.username || '',
    className: classes.get(r.user_id) ?? '',
    excerpt: r.excerpt,
    createTime: Number(r.created_at),
    handled: r.handled_at !== null,
    handledBy: r.handled_at !== null ? (r.handler ?? '') : null,
  }));
}

async function classNames(ctx: ServerContext, userIds: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (userIds.length === 0) return names;
  const rows = await ctx.db
    .selectFrom('class_members as m')
    .innerJoin('classes as c', 'c.id', 'm.class_id')
    .select(['m.user_id', 'c.name'])
    .where('m.user_id', 'in', [...new Set(userIds)])
    .where('m.role', '=', 'student')
    .orderBy('c.name')
    .execute();
  for (const r of rows) names.set(r.user_id, names.has(r.user_id) ? `${names.get(r.user_id)}, ${r.name}` : r.name);
  return names;
}

/** Marks an alert the viewer receives as handled by them (once: a second hand keeps the first). */
export async function handleAlert(ctx: ServerContext, viewerId: string, manager: boolean, alertId: string): Promise<void> {
  const students = await watchedStudents(ctx, viewerId, manager);
  const alert = await ctx.db.selectFrom('safety_alerts').select(['id', 'user_id']).where('id', '=', alertId).executeTakeFirst();
  if (!alert || (students !== 'all' && !students.includes(alert.user_id))) throw notFound('提醒不存在');
  await ctx.db
    .updateTable('safety_alerts')
    .set({ handled_by: viewerId, handled_at: ctx.now() })
    .where('id', '=', alertId)
    .where('handled_at', 'is', null)
    .execute();
}
