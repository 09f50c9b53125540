// JSON columns are text (docs/architecture.md): parsed where rows are read,
// with a fallback so one damaged value never breaks a whole list.

export function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** A JSON list (items as stored); anything else reads as empty. */
export function parseList<T>(text: string | null): T[] {
  const value = parseJson<unknown>(text, []);
  return Array.isArray(value) ? (value as T[]) : [];
}

/** A JSON list of strings (dataset ids, tags, …); anything else reads as empty. */
export function parseIdList(text: string | null): string[] {
  return parseList<unknown>(text).filter((v): v is string => typeof v === 'string');
}
