// Chat rows written straight into the tables, for the data board's tests
// and bench (questions on given days without running a model).
import type { Kysely } from 'kysely';
import { newId } from '../../server/db/ids.js';
import type { Database } from '../../server/db/schema.js';
import type { ChatMessagesTable, ChatsTable } from '../../server/db/tables/chat.js';

export function chatRow(userId: string, at: number, model: string, courseId: string | null = null, assistantId: string | null = null): ChatsTable {
  return {
    id: newId(),
    user_id: userId,
    title: '提问',
    mode: 'v1',
    model,
    model_version: null,
    compare_models: null,
    using_context: 1,
    system_message: '',
    temperature: 0.7,
    top_p: 1,
    dataset_ids: '[]',
    assistant_id: assistantId,
    course_id: courseId,
    pinned_at: null,
    created_at: at,
    updated_at: at,
  };
}

// Columns with a default (ColumnType) are left to the database.
type MessageRow = Omit<ChatMessagesTable, 'edited_at' | 'reasoning' | 'reasoning_ms' | 'safety_category' | 'rating_reason' | 'rating_note'>;

/** A question and its answer (with tokens; `grounded` adds a cited passage). */
export function questionAndAnswer(chat: ChatsTable, at: number, question: string, tokens: [number, number] = [100, 200], grounded = false): MessageRow[] {
  const base = {
    chat_id: chat.id,
    user_id: chat.user_id,
    parent_id: null,
    content_type: 'text' as const,
    files: '[]',
    model_version: null,
    status: 'done' as const,
    error: null,
    rating: 0,
    group_id: null,
    lease_owner: null,
    lease_expires_at: null,
  };
  return [
    {
      ...base,
      id: newId(),
      role: 'user',
      content: question,
      model: null,
      reference: null,
      prompt_tokens: 0,
      completion_tokens: 0,
      created_at: at,
      updated_at: at,
    },
    {
      ...base,
      id: newId(),
      role: 'assistant',
      content: '回答',
      model: chat.model,
      reference: grounded ? '[{"id":"p1"}]' : null,
      prompt_tokens: tokens[0],
      completion_tokens: tokens[1],
      created_at: at + 1,
      updated_at: at + 1,
    },
  ];
}

export async function insertChats(db: Kysely<Database>, chats: ChatsTable[], messages: MessageRow[]): Promise<void> {
  for (let i = 0; i < chats.length; i += 500)
    await db
      .insertInto('chats')
      .values(chats.slice(i, i + 500))
      .execute();
  for (let i = 0; i < messages.length; i += 500)
    await db
      .insertInto('chat_messages')
      .values(messages.slice(i, i + 500))
      .execute();
}
