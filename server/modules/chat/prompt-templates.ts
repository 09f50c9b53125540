// Prompt templates (SPEC §7 /app/user/promptTemplate): the shared seeded
// ones plus each user's own, which only that user sees and changes.
import type { ServerContext } from '../../context.js';
import { containsText } from '../../db/contains.js';
import { newId } from '../../db/ids.js';
import { notFound } from '../../http/errors.js';

export interface PromptTemplateView {
  id: string;
  title: string;
  description: string;
  content: string;
  category: string;
  /** The user's own template (editable) rather than a shared one. */
  own: boolean;
  createTime: number;
}

export async function listPromptTemplates(ctx: ServerContext, userId: string, filter: { title?: string; description?: string }): Promise<PromptTemplateView[]> {
  let q = ctx.db
    .selectFrom('prompt_templates')
    .selectAll()
    .where((eb) => eb.or([eb('owner_id', 'is', null), eb('owner_id', '=', userId)]));
  if (filter.title?.trim()) q = q.where(containsText('title', filter.title.trim()));
  if (filter.description?.trim()) q = q.where(containsText('description', filter.description.trim()));
  const rows = await q.orderBy('owner_id', 'desc').orderBy('created_at').limit(500).execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    content: r.content,
    category: r.category,
    own: r.owner_id === userId,
    createTime: Number(r.created_at),
  }));
}

export interface PromptTemplateInput {
  title: string;
  description?: string;
  content: string;
  category?: string;
}

export async function createPromptTemplate(ctx: ServerContext, userId: string, input: PromptTemplateInput): Promise<PromptTemplateView> {
  const row = {
    id: newId(),
    owner_id: userId,
    title: input.title.trim(),
    description: input.description?.trim() ?? '',
    content: input.content,
    category: input.category?.trim() || '我的',
    created_at: ctx.now(),
  };
  await ctx.db.insertInto('prompt_templates').values(row).execute();
  return { id: row.id, title: row.title, description: row.description, content: row.content, category: row.category, own: true, createTime: row.created_at };
}

export async function updatePromptTemplate(ctx: ServerContext, userId: string, id: string, input: PromptTemplateInput): Promise<void> {
  const result = await ctx.db
    .updateTable('prompt_templates')
    .set({ title: input.title.trim(), description: input.description?.trim() ?? '', content: input.content, category: input.category?.trim() || '我的' })
    .where('id', '=', id)
    .where('owner_id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound('模板不存在，或不是你创建的模板');
}

export async function deletePromptTemplate(ctx: ServerContext, userId: string, id: string): Promise<void> {
  const result = await ctx.db.deleteFrom('prompt_templates').where('id', '=', id).where('owner_id', '=', userId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('模板不存在，或不是你创建的模板');
}
