// Tables of the chat (AI dialogue) area. Composed into `Database` in ../schema.ts.
import type { ColumnType } from 'kysely';

export type ChatMode = 'v1' | 'v2';

export interface ChatsTable {
  /** The chatNumber the client uses. */
  id: string;
  user_id: string;
  title: string;
  mode: ChatMode;
  /** v1: the picked model and version; v2: JSON list of {model, version}. */
  model: string;
  model_version: string | null;
  compare_models: string | null;
  using_context: number;
  system_message: string;
  temperature: number;
  top_p: number;
  /** JSON list of knowledge dataset ids the answers draw on. */
  dataset_ids: string;
  assistant_id: string | null;
  course_id: string | null;
  pinned_at: number | null;
  created_at: number;
  updated_at: number;
}

export type MessageRole = 'user' | 'assistant';
/** blocked: refused by the safety check (server/modules/safety); its category is in safety_category. */
export type MessageStatus = 'done' | 'streaming' | 'stopped' | 'error' | 'blocked';

export interface ChatMessagesTable {
  id: string;
  chat_id: string;
  user_id: string;
  /** The turn this one answers or follows; regenerated answers share a parent. */
  parent_id: string | null;
  role: MessageRole;
  content_type: 'text' | 'image';
  content: string;
  /** JSON list of attached files ({id, name, size, mime, url}). */
  files: string;
  model: string | null;
  model_version: string | null;
  /** JSON list of knowledge passages the answer drew on. */
  reference: string | null;
  status: MessageStatus;
  error: string | null;
  /** 1 up, -1 down, 0 none. */
  rating: number;
  /** v2 compare: the answers of one question share this group id. */
  group_id: string | null;
  prompt_tokens: number;
  completion_tokens: number;
  created_at: number;
  updated_at: number;
  /** While streaming: the instance writing the answer (answer-leases.ts). */
  lease_owner: string | null;
  /** While streaming: when the answer counts as abandoned unless renewed (ms). */
  lease_expires_at: number | null;
  /** When its user last changed the text (null: as written by the model or the user at first). */
  edited_at: ColumnType<number | null, number | null | undefined, number | null>;
  /** A thinking model's reasoning before its answer (null: none); never sent back as context. */
  reasoning: ColumnType<string | null, string | null | undefined, string | null>;
  /** How long it reasoned, in ms (null: no reasoning). */
  reasoning_ms: ColumnType<number | null, number | null | undefined, number | null>;
  /** A rated-down answer: why (RATING_REASONS in the chat module; null: not said). */
  rating_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** A rated-down answer: the reader's own words on why (checked by the safety module). */
  rating_note: ColumnType<string | null, string | null | undefined, string | null>;
  /** A blocked answer: the safety category that refused it (0046_safety). */
  safety_category: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ChatSharesTable {
  id: string;
  message_id: string;
  user_id: string;
  created_at: number;
}

export interface PromptTemplatesTable {
  id: string;
  /** null for the templates every user sees (seeded). */
  owner_id: string | null;
  title: string;
  description: string;
  content: string;
  category: string;
  created_at: number;
}

export interface ChatTables {
  chats: ChatsTable;
  chat_messages: ChatMessagesTable;
  chat_shares: ChatSharesTable;
  prompt_templates: PromptTemplatesTable;
}
