// The knowledge datasets an assistant answers from. The knowledge library
// (issue 6) is built alongside this area; this one function is where its
// check plugs in. Until then only an empty list, or ids present in a
// `datasets` table, are accepted.
import { sql } from 'kysely';
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { hasTables } from './table-presence.js';

export async function checkDatasetIds(ctx: ServerContext, _userId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  if (!(await hasTables(ctx, ['datasets']))) throw badRequest('知识库功能尚未启用，请先不选择知识库');
  const found = await sql<{ id: string }>`select id from datasets where id in (${sql.join(unique)})`.execute(ctx.db);
  const known = new Set(found.rows.map((r) => r.id));
  const missing = unique.filter((id) => !known.has(id));
  if (missing.length) throw badRequest('所选知识库不存在或已删除，请重新选择');
  return unique;
}
