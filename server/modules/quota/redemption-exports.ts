// The codes of a new batch exist in plain text only in the answer that made
// them and here: held in memory for a short while so the manager can download
// them once as CSV or XLSX. The first download takes them; a restart or the
// time running out loses them (the database never had them).
const KEEP_MS = 30 * 60 * 1000;

const pending = new Map<string, { codes: string[]; until: number }>();

export function keepForDownload(batchId: string, codes: string[], now: number): void {
  for (const [id, entry] of pending) if (entry.until < now) pending.delete(id);
  pending.set(batchId, { codes, until: now + KEEP_MS });
}

/** The codes, once; undefined when already downloaded or expired. */
export function takeForDownload(batchId: string, now: number): string[] | undefined {
  const entry = pending.get(batchId);
  pending.delete(batchId);
  return entry && entry.until >= now ? entry.codes : undefined;
}

export function downloadable(batchId: string, now: number): boolean {
  const entry = pending.get(batchId);
  return !!entry && entry.until >= now;
}
