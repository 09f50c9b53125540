// Date ranges of the board and the records: YYYY-MM-DD days in the server's
// time zone (as the course board counts days), `to` inclusive.
import { badRequest } from '../../http/errors.js';
import { dayOf } from '../courses/index.js';

export const DAY_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';
const MAX_DAYS = 731;

/** Midnight (local) at the start of a YYYY-MM-DD day, or null when it is not a real date. */
export function dayStart(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const d = new Date(year, month - 1, date);
  if (d.getFullYear() !== year || d.getMonth() !== month - 1 || d.getDate() !== date) return null;
  return d.getTime();
}

export interface DayRange {
  from: string;
  to: string;
  /** [since, until) in ms. */
  since: number;
  until: number;
  /** Every day of the range, oldest first. */
  days: string[];
}

function daysBetween(since: number, until: number): string[] {
  const days: string[] = [];
  const cursor = new Date(since);
  while (cursor.getTime() < until) {
    days.push(dayOf(cursor.getTime()));
    cursor.setDate(cursor.getDate() + 1);
  }
  return days;
}

/** The range from..to (inclusive); 400 with a message naming the field when a day is wrong. */
export function parseRange(from: string, to: string): DayRange {
  const since = dayStart(from);
  if (since === null) throw badRequest('开始日期不是有效日期，请用 YYYY-MM-DD');
  const last = dayStart(to);
  if (last === null) throw badRequest('结束日期不是有效日期，请用 YYYY-MM-DD');
  if (last < since) throw badRequest('结束日期不能早于开始日期');
  const end = new Date(last);
  end.setDate(end.getDate() + 1);
  const days = daysBetween(since, end.getTime());
  if (days.length > MAX_DAYS) throw badRequest(`日期范围最长 ${MAX_DAYS} 天，请缩小范围`);
  return { from, to, since, until: end.getTime(), days };
}

/** The range of the same length just before this one (for comparison). */
export function previousRange(range: DayRange): DayRange {
  const start = new Date(range.since);
  start.setDate(start.getDate() - range.days.length);
  const to = new Date(range.since);
  to.setDate(to.getDate() - 1);
  return parseRange(dayOf(start.getTime()), dayOf(to.getTime()));
}
