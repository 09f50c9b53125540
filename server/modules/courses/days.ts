// Calendar days for the course board, in the server's time zone (a school
// runs its server where it teaches; TZ sets it).

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD of a moment. */
export function dayOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The last `count` days up to and including today's, oldest first, and when the first began. */
export function lastDays(now: number, count: number): { days: string[]; since: number } {
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  start.setDate(start.getDate() - (count - 1));
  const days: string[] = [];
  const cursor = new Date(start);
  for (let i = 0; i < count; i++) {
    days.push(dayOf(cursor.getTime()));
    cursor.setDate(cursor.getDate() + 1);
  }
  return { days, since: start.getTime() };
}
