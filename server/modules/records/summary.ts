// What a record says changed, built so that no secret can get in: field
// NAMES are listed, and a field's VALUE only when the field is on a short
// allowlist of plain labels (title, status, …) and the value is short.
// Passwords, tokens, keys, answers and chat text are never on that list, so
// they never reach a record whatever a route's body looks like.

/** Fields whose values are labels a manager may read in a record. */
const SHOWN_VALUES = new Set([
  'name',
  'title',
  'nickname',
  'status',
  'clientType',
  'clientTypes',
  'defaultClientType',
  'role',
  'visibility',
  'category',
  'term',
  'enabled',
  'hostedPages',
  'visitors',
  'published',
  'major',
  'className',
  'kind',
  'type',
]);

/** Names that look secret are not even listed by value-hint; they are kept as names only. */
const MAX_VALUE_LENGTH = 60;
const MAX_FIELDS = 16;
const MAX_SUMMARY = 500;

function shownValue(value: unknown): string | null {
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const oneLine = value.replace(/\s+/g, ' ').trim();
    return oneLine.length > MAX_VALUE_LENGTH ? `${oneLine.slice(0, MAX_VALUE_LENGTH)}…` : oneLine;
  }
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' && v.length <= 20)) {
    const joined = value.join(',');
    return joined.length > MAX_VALUE_LENGTH ? `${value.length}` : joined;
  }
  return null;
}

/**
 * "title=高等数学, status=published, description, classIds(3)". With
 * `valuesAllowed` false (chat, embed: the person's own words), names only.
 */
export function summarizeBody(body: unknown, valuesAllowed = true): string {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return '';
  const parts: string[] = [];
  const keys = Object.keys(body as Record<string, unknown>);
  for (const key of keys.slice(0, MAX_FIELDS)) {
    const value = (body as Record<string, unknown>)[key];
    const safeKey = key.replace(/[^\w.-]/g, '').slice(0, 40);
    if (!safeKey) continue;
    const shown = valuesAllowed && SHOWN_VALUES.has(key) ? shownValue(value) : null;
    if (shown !== null) parts.push(`${safeKey}=${shown}`);
    else if (Array.isArray(value)) parts.push(`${safeKey}(${value.length})`);
    else parts.push(safeKey);
  }
  if (keys.length > MAX_FIELDS) parts.push(`+${keys.length - MAX_FIELDS}`);
  const text = parts.join(', ');
  return text.length > MAX_SUMMARY ? `${text.slice(0, MAX_SUMMARY)}…` : text;
}

/** A name for the record's object, from a label field of a body or reply (never free text). */
export function labelOf(source: unknown): string | null {
  if (source === null || typeof source !== 'object') return null;
  const record = source as Record<string, unknown>;
  for (const key of ['title', 'name', 'nickname', 'username']) {
    const value = record[key];
    if (typeof value === 'string' && value.trim()) return value.replace(/\s+/g, ' ').trim().slice(0, 120);
  }
  return null;
}
