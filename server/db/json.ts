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

/** A JSON list of ids (dataset ids, …); anything else reads as empty. */
export function parseIdList(text: string | null): string[] {
  const value = parseJson<unknown>(text, []);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
