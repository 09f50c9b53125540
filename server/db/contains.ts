// "Contains this text" filter that behaves the same on SQLite and PostgreSQL:
// case-insensitive, and `%`/`_` typed by a user match themselves, not anything.
import { sql, type Expression, type SqlBool } from 'kysely';

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/gu, (c) => `\\${c}`);
}

export function containsText(column: string, text: string): Expression<SqlBool> {
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
