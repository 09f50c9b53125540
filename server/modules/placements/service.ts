// Work placements (岗位实习): managers and supervisors place students at
// companies, students log their days, supervisors read them and are told
// about silence, long hours, night shifts and harm. Who sees a placement:
// its student, its supervisor (a teacher), and managers.
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { ClientType } from '../../db/schema.js';
import type { PlacementState } from '../../db/tables/placements.js';
import { ApiError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { displayName, parseClientTypes } from '../account/index.js';
import { dayOf } from '../courses/index.js';
import { requireSafe } from '../safety/index.js';
import { daysBetween, isDay, weekOf } from './days.js';
import {
  alertsOf,
  findAlert,
  findPlacement,
  insertLog,
  insertPlacement,
  lastLogs,
  listPlacementRows,
  logsOf,
  markAlertHandled,
  moveState,
  peopleByIds,
  signedWeeks,
  type PlacementRow,
} from './store.js';
import { watchLog, watchSilence } from './watch.js';

const PLACEMENT_NOT_FOUND = '实习不存在或你无权查看';
const MAX_LOG_MINUTES = 24 * 60;

export interface Viewer {
  id: string;
  clientType: ClientType;
}

export interface NewPlacement {
  studentId: string;
  company: { name: string; address?: string; contact?: string } | string;
  post: string;
  startDate: string;
  endDate: string;
  supervisorId: string;
  mentor: { name: string; phone: string };
  fileIds?: string[];
}

export interface PlacementAlertView {
  id: string;
  kind: string;
  about: string;
  detail: string;
  createTime: number;
  handled: boolean;
  handledBy: string | null;
  comment: string;
}

export interface PlacementView {
  id: string;
  student: { id: string; name: string };
  company: { name: string; address: string; contact: string };
  post: string;
  startDate: string;
  endDate: string;
  supervisor: { id: string; name: string };
  mentor: { name: string; phone: string };
  state: PlacementState;
  endReason: string;
  fileIds: string[];
  /** When the last log was sent (null: none yet). */
  lastLogAt: number | null;
  /** Weeks already over (up to today or the end date) that the mentor has not signed. */
  unsignedWeeks: number[];
  signedWeeks: Array<{ week: number; comment: string; signedAt: number }>;
  alerts: PlacementAlertView[];
}

function canSee(viewer: Viewer, p: PlacementRow): boolean {
  if (viewer.clientType === '2') return true;
  if (viewer.clientType === '1') return p.supervisor_id === viewer.id;
  return p.student_id === viewer.id;
}

/** The placement, if the viewer may see it, else 404: we never confirm it exists. */
export async function requireVisiblePlacement(ctx: ServerContext, viewer: Viewer, id: string): Promise<PlacementRow> {
  const found = await findPlacement(ctx.db, id);
  if (!found || !canSee(viewer, found)) throw notFound(PLACEMENT_NOT_FOUND);
  return found;
}

async function requireAccount(ctx: ServerContext, id: string, clientType: ClientType, missing: string): Promise<void> {
  const [person] = await peopleByIds(ctx.db, [id]);
  if (!person || !parseClientTypes(person.client_types).includes(clientType)) throw badRequest(missing);
}

export async function createPlacement(ctx: ServerContext, viewer: Viewer, input: NewPlacement): Promise<{ id: string }> {
  // A teacher places students under their own supervision; managers under anyone's.
  if (viewer.clientType === '1' && input.supervisorId !== viewer.id) throw forbidden('教师只能创建自己指导的实习');
  if (!isDay(input.startDate) || !isDay(input.endDate)) throw badRequest('请填写有效的开始和结束日期');
  if ((daysBetween(input.startDate, input.endDate) ?? -1) < 0) throw badRequest('结束日期不能早于开始日期');
  await requireAccount(ctx, input.studentId, '3', '所选学生不存在或不是学生账号');
  await requireAccount(ctx, input.supervisorId, '1', '校内指导教师不存在或不是教师账号');
  const company = typeof input.company === 'string' ? { name: input.company } : input.company;
  const now = ctx.now();
  const today = dayOf(now);
  const id = newId();
  await insertPlacement(ctx.db, {
    id,
    student_id: input.studentId,
    company_name: company.name.trim(),
    company_address: company.address?.trim() ?? '',
    company_contact: company.contact?.trim() ?? '',
    post: input.post.trim(),
    start_date: input.startDate,
    end_date: input.endDate,
    supervisor_id: input.supervisorId,
    mentor_name: input.mentor.name.trim(),
    mentor_phone: input.mentor.phone.trim(),
    // A placement that has begun is active from the day it is entered.
    state: input.startDate <= today ? 'active' : 'planned',
    end_reason: '',
    file_ids: JSON.stringify(input.fileIds ?? []),
    created_by: viewer.id,
    created_at: now,
    updated_at: now,
  });
  return { id };
}

const NEXT_STATES: Record<PlacementState, PlacementState[]> = {
  planned: ['active', 'ended'],
  active: ['finished', 'ended'],
  finished: [],
  ended: [],
};

export async function changePlacementState(ctx: ServerContext, viewer: Viewer, id: string, to: PlacementState, reason: string): Promise<void> {
  const p = await requireVisiblePlacement(ctx, viewer, id);
  if (viewer.clientType === '3') throw forbidden('学生不能更改实习状态');
  if (to === 'ended' && !reason.trim()) throw badRequest('提前结束实习时请写明原因');
  const from = (Object.keys(NEXT_STATES) as PlacementState[]).filter((state) => NEXT_STATES[state].includes(to));
  if (!from.includes(p.state) || !(await moveState(ctx.db, id, from, to, reason.trim(), ctx.now()))) {
    throw new ApiError(409, '实习当前状态不能这样更改，请刷新后再试');
  }
}

export interface NewLog {
  date: string;
  text: string;
  hours: number;
  night?: boolean;
  location?: string;
  fileIds?: string[];
}

export async function addLog(ctx: ServerContext, viewer: Viewer, id: string, input: NewLog): Promise<{ id: string }> {
  const p = await requireVisiblePlacement(ctx, viewer, id);
  if (p.student_id !== viewer.id) throw forbidden('只有实习的学生本人可以写实习日志');
  if (p.state !== 'active') throw badRequest('实习未在进行中，不能写日志');
  if (!isDay(input.date)) throw badRequest('请填写有效的日期');
  if (input.date < p.start_date || input.date > p.end_date) throw badRequest('日志日期不在实习期内');
  if (input.date > dayOf(ctx.now())) throw badRequest('不能为将来的日期写日志');
  const minutes = Math.round(input.hours * 60);
  if (minutes < 0 || minutes > MAX_LOG_MINUTES) throw badRequest('工作时长应在 0 到 24 小时之间');
  const text = input.text.trim();
  if (!text) throw badRequest('请填写日志内容');
  await requireSafe(ctx, { text, userId: viewer.id, source: 'placements' });
  const log = {
    id: newId(),
    placement_id: p.id,
    day: input.date,
    text,
    minutes,
    night: input.night ? 1 : 0,
    location: input.location?.trim() ?? '',
    file_ids: JSON.stringify(input.fileIds ?? []),
    created_at: ctx.now(),
  };
  if (!(await insertLog(ctx.db, log))) throw new ApiError(409, '这一天的日志已经提交过了');
  await watchLog(ctx, p, log);
  return { id: log.id };
}

export interface LogView {
  id: string;
  date: string;
  week: number | null;
  text: string;
  hours: number;
  night: boolean;
  location: string;
  fileIds: string[];
  createTime: number;
}

export function logView(startDate: string, l: Awaited<ReturnType<typeof logsOf>>[number]): LogView {
  return {
    id: l.id,
    date: l.day,
    week: weekOf(startDate, l.day),
    text: l.text,
    hours: l.minutes / 60,
    night: l.night === 1,
    location: l.location,
    fileIds: JSON.parse(l.file_ids) as string[],
    createTime: Number(l.created_at),
  };
}

export async function listLogs(ctx: ServerContext, viewer: Viewer, id: string): Promise<LogView[]> {
  const p = await requireVisiblePlacement(ctx, viewer, id);
  return (await logsOf(ctx.db, p.id)).map((l) => logView(p.start_date, l));
}

/** The weeks that are over by today (all of them once the end date is past), 1-based. */
function weeksOver(p: PlacementRow, today: string): number[] {
  const count =
    p.end_date < today
      ? Math.ceil(((daysBetween(p.start_date, p.end_date) ?? -1) + 1) / 7)
      : // A week is over once its seventh day is past.
        Math.floor(Math.max(daysBetween(p.start_date, today) ?? 0, 0) / 7);
  return Array.from({ length: count }, (_, i) => i + 1);
}

async function views(ctx: ServerContext, rows: PlacementRow[], viewer: Viewer): Promise<PlacementView[]> {
  if (viewer.clientType !== '3') await watchSilence(ctx, rows);
  const ids = rows.map((r) => r.id);
  const [people, last, signed, alerts] = await Promise.all([
    peopleByIds(
      ctx.db,
      rows.flatMap((r) => [r.student_id, r.supervisor_id]),
    ),
    lastLogs(ctx.db, ids),
    signedWeeks(ctx.db, ids),
    viewer.clientType === '3' ? Promise.resolve([]) : alertsOf(ctx.db, ids),
  ]);
  const nameOf = new Map(people.map((p) => [p.id, displayName(p)]));
  const today = dayOf(ctx.now());
  return rows.map((r) => {
    const weeks = signed.get(r.id) ?? new Map<number, { comment: string; signedAt: number }>();
    return {
      id: r.id,
      student: { id: r.student_id, name: nameOf.get(r.student_id) ?? '' },
      company: { name: r.company_name, address: r.company_address, contact: r.company_contact },
      post: r.post,
      startDate: r.start_date,
      endDate: r.end_date,
      supervisor: { id: r.supervisor_id, name: nameOf.get(r.supervisor_id) ?? '' },
      mentor: { name: r.mentor_name, phone: r.mentor_phone },
      state: r.state,
      endReason: r.end_reason,
      fileIds: JSON.parse(r.file_ids) as string[],
      lastLogAt: last.get(r.id)?.at ?? null,
      unsignedWeeks: r.state === 'planned' ? [] : weeksOver(r, today).filter((w) => !weeks.has(w)),
      signedWeeks: [...weeks].sort(([a], [b]) => a - b).map(([week, s]) => ({ week, ...s })),
      alerts: alerts
        .filter((a) => a.placement_id === r.id)
        .map((a) => ({
          id: a.id,
          kind: a.kind,
          about: a.about,
          detail: a.detail,
          createTime: Number(a.created_at),
          handled: a.handled_at !== null,
          handledBy: a.handled_at !== null ? (a.handler ?? '') : null,
          comment: a.comment,
        })),
    };
  });
}

/** Students see their own; teachers the students they supervise (all of them with `mine` or not); managers every placement, or their own with `mine`. */
export async function listPlacements(ctx: ServerContext, viewer: Viewer): Promise<PlacementView[]> {
  const filter = viewer.clientType === '3' ? { studentId: viewer.id } : viewer.clientType === '1' ? { supervisorId: viewer.id } : {};
  return views(ctx, await listPlacementRows(ctx.db, filter), viewer);
}

export async function readPlacement(ctx: ServerContext, viewer: Viewer, id: string): Promise<PlacementView> {
  const [view] = await views(ctx, [await requireVisiblePlacement(ctx, viewer, id)], viewer);
  return view!;
}

export async function handlePlacementAlert(ctx: ServerContext, viewer: Viewer, alertId: string, comment: string): Promise<void> {
  const alert = await findAlert(ctx.db, alertId);
  const p = alert ? await findPlacement(ctx.db, alert.placement_id) : undefined;
  if (!alert || !p || viewer.clientType === '3' || !canSee(viewer, p)) throw notFound('提醒不存在');
  await markAlertHandled(ctx.db, alertId, viewer.id, comment.trim(), ctx.now());
}
