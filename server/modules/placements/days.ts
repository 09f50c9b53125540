// Calendar days of a placement (YYYY-MM-DD in the server's time zone, as the
// board counts days) and its weeks, which count from 1 at the start date.
import { dayStart } from '../board/index.js';

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (negative when `to` is earlier); null for a day that does not exist. */
export function daysBetween(from: string, to: string): number | null {
  const a = dayStart(from);
  const b = dayStart(to);
  if (a === null || b === null) return null;
  // Rounded: a day across a daylight-saving change is 23 or 25 hours long.
  return Math.round((b - a) / DAY_MS);
}

/** The placement week a day falls in (1 = the first seven days from the start date), or null before the start. */
export function weekOf(startDate: string, day: string): number | null {
  const offset = daysBetween(startDate, day);
  return offset === null || offset < 0 ? null : Math.floor(offset / 7) + 1;
}

/** The first and last day of a placement week. */
export function weekRange(startDate: string, week: number): { from: string; to: string } {
  return { from: addDays(startDate, (week - 1) * 7), to: addDays(startDate, week * 7 - 1) };
}

export function addDays(day: string, count: number): string {
  const start = dayStart(day);
  if (start === null) throw new Error(`not a day: ${day}`);
  const d = new Date(start);
  d.setDate(d.getDate() + count);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function isDay(day: string): boolean {
  return dayStart(day) !== null;
}
