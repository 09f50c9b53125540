// A user's chats with assistants (SPEC `GET`/`DELETE /v1/chat/assistant/session`):
// the chat module owns chats; this lists those started from an assistant,
// with the assistant's name and picture, and deletes one through the chat rules.
import type { ServerContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { removeChat } from '../chat/index.js';

export interface AssistantSession {
  chatNumber: string;
  title: string;
  assistantId: string;
  /** null when the assistant was deleted since (the chat stays the user's own). */
  assistant: { title: string; avatar: string; kind: string } | null;
  createTime: number;
  updateTime: number;
}

export async function listAssistantSessions(
  ctx: ServerContext,
  userId: string,
  query: { assistantId?: string; page: number; pageSize: number },
): Promise<AssistantSession[]> {
  let q = ctx.db
    .selectFrom('chats')
    .leftJoin('assistants', 'assistants.id', 'chats.assistant_id')
    .select([
      'chats.id',
      'chats.title',
      'chats.assistant_id',
      'chats.created_at',
      'chats.updated_at',
      'assistants.title as assistant_title',
      'assistants.avatar as assistant_avatar',
      'assistants.kind as assistant_kind',
    ])
    .where('chats.user_id', '=', userId)
    .where('chats.assistant_id', 'is not', null);
  if (query.assistantId) q = q.where('chats.assistant_id', '=', query.assistantId);
  const rows = await q
    .orderBy('chats.updated_at', 'desc')
    .orderBy('chats.id')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return rows.map((r) => ({
    chatNumber: r.id,
    title: r.title,
    assistantId: r.assistant_id!,
    assistant: r.assistant_title === null ? null : { title: r.assistant_title, avatar: r.assistant_avatar ?? '', kind: r.assistant_kind ?? 'chat' },
    createTime: Number(r.created_at),
    updateTime: Number(r.updated_at),
  }));
}

export async function deleteAssistantSession(ctx: ServerContext, userId: string, chatNumber: string): Promise<void> {
  const chat = await ctx.db.selectFrom('chats').select(['id', 'user_id', 'assistant_id']).where('id', '=', chatNumber).executeTakeFirst();
  if (!chat || chat.user_id !== userId || !chat.assistant_id) throw notFound('会话不存在或已删除');
  await removeChat(ctx, userId, chat.id);
}
