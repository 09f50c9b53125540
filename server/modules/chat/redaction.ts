// What a user reads back of a chat's settings. The instructions of an
// assistant's or a course's chat (the teacher's system prompt) and its
// private datasets belong to the teacher who wrote them: a student chatting
// with the assistant uses them but never reads them. Only the preset's owner
// (the assistant's owner, a course's teacher) sees them in chat replies.
// A chat started through an embed key hides them from everyone: the key's
// owner set them, and the visitor may use them only through the key.
import type { ServerContext } from '../../context.js';
import { precompiled } from '../../db/precompiled.js';
import { forbidden } from '../../http/errors.js';
import type { ChatRecord } from './store.js';
import { chatView, type ChatView } from './views.js';

// Every question checks it: built once (server/db/precompiled.ts).
const embedConversation = precompiled((db, slot) => db.selectFrom('embed_conversations').select('chat_id').where('chat_id', '=', slot(0)));

/** Whether the chat was started through an embed key (the embed module's conversations). */
export async function isEmbedChat(ctx: ServerContext, chatId: string): Promise<boolean> {
  return (await embedConversation(ctx.db, chatId)).length > 0;
}

async function ownsPreset(ctx: ServerContext, userId: string, chat: ChatRecord): Promise<boolean> {
  if (await isEmbedChat(ctx, chat.id)) return false;
  if (!chat.assistantId && !chat.courseId) return true;
  for (const [kind, id] of [
    ['assistant', chat.assistantId],
    ['course', chat.courseId],
  ] as const) {
    if (!id) continue;
    const owns = ctx.chatPresets[kind]?.owns;
    if (!owns || !(await owns(ctx, userId, id))) return false;
  }
  return true;
}

/** Dataset ids of this chat the user may not see: private datasets of someone else. */
export async function hiddenDatasetIds(ctx: ServerContext, userId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .selectFrom('knowledge_datasets')
    .select('id')
    .where('id', 'in', [...ids])
    .where('owner_id', '!=', userId)
    .where('visibility', '=', 'private')
    .execute();
  return rows.map((r) => r.id);
}

/** The chat as `userId` may read it: a preset's prompt and others' private datasets left out unless they own it. */
export async function chatViewFor(ctx: ServerContext, userId: string, chat: ChatRecord): Promise<ChatView> {
  const view = chatView(chat);
  if (await ownsPreset(ctx, userId, chat)) return view;
  const hidden = new Set(await hiddenDatasetIds(ctx, userId, chat.datasetIds));
  return { ...view, systemMessage: '', datasetIds: chat.datasetIds.filter((id) => !hidden.has(id)) };
}

export async function chatViewsFor(ctx: ServerContext, userId: string, chats: readonly ChatRecord[]): Promise<ChatView[]> {
  return Promise.all(chats.map((chat) => chatViewFor(ctx, userId, chat)));
}

export const EMBED_CHAT_ELSEWHERE = '这个对话来自网站嵌入的 AI 助手，只能在原网页中继续';

/**
 * Settings a user sends for their own chat (PUT /v1/chat, completions), before
 * they are applied: a chat started through an embed key is refused (it stays
 * under its key's limits, so it is continued only through the key), and the
 * datasets the user cannot see (a preset's private ones) are kept when the
 * user picks datasets, since the user never saw them to send them back.
 */
export async function userChatInput<T extends { datasetIds?: string[] | undefined }>(
  ctx: ServerContext,
  userId: string,
  chat: ChatRecord,
  input: T,
): Promise<T> {
  if (await isEmbedChat(ctx, chat.id)) throw forbidden(EMBED_CHAT_ELSEWHERE);
  if (input.datasetIds === undefined) return input;
  const hidden = await hiddenDatasetIds(ctx, userId, chat.datasetIds);
  return hidden.length ? { ...input, datasetIds: [...new Set([...hidden, ...input.datasetIds])] } : input;
}
