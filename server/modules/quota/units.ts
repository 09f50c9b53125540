// Credits as people see them (numbers like 12.5) and as they are stored
// (integer millicredits), and the month an allowance belongs to.

export const MILLI = 1000;

export function toMilli(credits: number): number {
  return Math.round(credits * MILLI);
}

export function toCredits(milli: number): number {
  return Math.round(milli) / MILLI;
}

/** Schools run on China time: a month's allowance starts at 00:00 on the 1st, UTC+8. */
const CHINA_OFFSET_MS = 8 * 3600 * 1000;

export function periodOf(now: number): string {
  return new Date(now + CHINA_OFFSET_MS).toISOString().slice(0, 7);
}
