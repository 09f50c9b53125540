// What a supervisor is told about (《职业学校学生实习管理规定》): a student
// silent for three days, more than 8 hours a day or 40 a week, a night shift,
// or a word of harm in a log. Each alert is raised once per placement, kind
// and day (or week): the unique key makes two instances raising the same
// alert at once write it once. Silence is worked out when someone reads the
// placements, against the server's clock, so no timer has to run for it.
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { PlacementAlertKind } from '../../db/tables/placements.js';
import { dayOf } from '../courses/index.js';
import { recordOperation } from '../records/index.js';
import { daysBetween, weekOf, weekRange } from './days.js';
import { insertAlert, lastLogs, logsOf, type PlacementLogRow, type PlacementRow } from './store.js';

export const SILENT_DAYS = 3;
export const MAX_DAY_MINUTES = 8 * 60;
export const MAX_WEEK_MINUTES = 40 * 60;

/** Words of harm at work, matched in a log's text (lower-cased). */
const HARM_WORDS = [
  '受伤',
  '工伤',
  '割伤',
  '烫伤',
  '烧伤',
  '骨折',
  '摔伤',
  '砸伤',
  '夹伤',
  '扭伤',
  '触电',
  '流血',
  '晕倒',
  '事故',
  '受傷',
  '工傷',
  'injur',
  'hurt',
  'accident',
  'burned',
  'bleeding',
];

async function raise(ctx: ServerContext, placement: PlacementRow, kind: PlacementAlertKind, about: string, detail: string): Promise<void> {
  const id = newId();
  if (!(await insertAlert(ctx.db, { id, placement_id: placement.id, kind, about, detail, created_at: ctx.now() }))) return;
  await recordOperation(ctx, null, {
    action: 'placement-alert',
    objectType: 'placement_alert',
    objectId: id,
    summary: `${kind} ${about}`,
    result: 'success',
    actor: { userId: placement.student_id, username: '', clientType: null },
  });
}

/** The alerts a log raises as it is sent: hours over the day or week, a night shift, a word of harm. */
export async function watchLog(ctx: ServerContext, placement: PlacementRow, log: PlacementLogRow): Promise<void> {
  if (log.minutes > MAX_DAY_MINUTES) await raise(ctx, placement, 'hours', log.day, String(log.minutes));
  const week = weekOf(placement.start_date, log.day);
  if (week !== null) {
    const minutes = (await logsOf(ctx.db, placement.id, weekRange(placement.start_date, week))).reduce((sum, l) => sum + l.minutes, 0);
    if (minutes > MAX_WEEK_MINUTES) await raise(ctx, placement, 'hours', `W${week}`, String(minutes));
  }
  if (log.night) await raise(ctx, placement, 'night', log.day, '');
  const text = log.text.toLowerCase();
  const harm = HARM_WORDS.find((word) => text.includes(word));
  if (harm) await raise(ctx, placement, 'injury', log.day, harm);
}

/**
 * Raises a silence alert for each active placement whose last log (or start,
 * before the first log) is SILENT_DAYS or more days before today.
 */
export async function watchSilence(ctx: ServerContext, placements: PlacementRow[]): Promise<void> {
  const active = placements.filter((p) => p.state === 'active');
  if (active.length === 0) return;
  const today = dayOf(ctx.now());
  const last = await lastLogs(
    ctx.db,
    active.map((p) => p.id),
  );
  for (const p of active) {
    if (today < p.start_date) continue;
    const since = last.get(p.id)?.day ?? p.start_date;
    const quiet = daysBetween(since, today);
    if (quiet !== null && quiet >= SILENT_DAYS) await raise(ctx, p, 'silence', since, String(quiet)); // one alert per silence, not per day of it
  }
}
