// The knowledge datasets a course AI answers from. The knowledge library
// (issue 6) is built alongside this area and will export its own check;
// this one function is where it plugs in. Until then only an empty list, or
// ids present in its `knowledge_datasets` table, are accepted.
import { sql } from 'kysely';
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';

export const MAX_COURSE_DATASETS = 20;

async function datasetsTableExists(ctx: ServerContext): Promise<boolean> {
  const tables = await ctx.db.introspection.getTables();
  return tables.some((t) => t.name === 'knowledge_datasets' && (ctx.data.schema === undefined || t.schema === ctx.data.schema));
}

export async function checkCourseDatasets(ctx: ServerContext, _userId: string, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  if (unique.length > MAX_COURSE_DATASETS) throw badRequest(`一门课程最多选择 ${MAX_COURSE_DATASETS} 个知识库`);
  if (!(await datasetsTableExists(ctx))) throw badRequest('知识库功能尚未启用，请先不选择知识库');
  const found = await sql<{ id: string }>`select id from knowledge_datasets where id in (${sql.join(unique)})`.execute(ctx.db);
  const known = new Set(found.rows.map((r) => r.id));
  if (unique.some((id) => !known.has(id))) throw badRequest('所选知识库不存在或已删除，请重新选择');
  return unique;
}
