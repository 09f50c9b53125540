// SQL for chats and their messages. Rows map to camelCase records here;
// JSON columns are parsed here so nothing above sees raw text.
import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import { containsText } from '../../db/contains.js';
import type { Database } from '../../db/schema.js';
import type { ChatMode, ChatMessagesTable, ChatsTable, MessageRole, MessageStatus } from '../../db/tables/chat.js';
import { parseJson } from '../../db/json.js';
import { precompiled, precompiledInsert, precompiledUpdateById } from '../../db/precompiled.js';

export interface ModelChoice {
  model: string;
  version?: string;
}

export interface ChatRecord {
  id: string;
  userId: string;
  title: string;
  mode: ChatMode;
  model: string;
  modelVersion: string | null;
  compareModels: ModelChoice[];
  usingContext: boolean;
  systemMessage: string;
  temperature: number;
  topP: number;
  datasetIds: string[];
  assistantId: string | null;
  courseId: string | null;
  pinnedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface AttachedFile {
  id: string;
  name: string;
  size: number;
  mime: string;
  url: string;
  /** How much of its text went to the model: characters sent of the whole (absent on questions stored before this was told). */
  sent?: { chars: number; of: number };
}

export interface MessageRecord {
  id: string;
  chatId: string;
  userId: string;
  parentId: string | null;
  role: MessageRole;
  contentType: 'text' | 'image';
  content: string;
  files: AttachedFile[];
  model: string | null;
  modelVersion: string | null;
  /** JSON text of the passages used (SPEC §3 keeps it as text). */
  reference: string | null;
  status: MessageStatus;
  error: string | null;
  rating: number;
  groupId: string | null;
  promptTokens: number;
  completionTokens: number;
  createdAt: number;
  updatedAt: number;
  /** When its user last edited the text; null or absent when never. */
  editedAt?: number | null;
  /** A thinking model's reasoning before the answer; null or absent when none. */
  reasoning?: string | null;
  /** How long it reasoned (ms). */
  reasoningMs?: number | null;
  /** A blocked answer: the safety category that refused it (server/modules/safety). */
  safetyCategory?: string | null;
  /** A rated-down answer: why (a RatingReason) and in the reader's words; null or absent when not said. */
  ratingReason?: string | null;
  ratingNote?: string | null;
}

type Db = Kysely<Database>;

// Every question writes its messages and touches its chat: built once per shape (server/db/precompiled.ts).
const insertMessageRows = precompiledInsert('chat_messages');
const updateMessageRow = precompiledUpdateById('chat_messages');
const updateChatRow = precompiledUpdateById('chats');

function toChat(row: Selectable<ChatsTable>): ChatRecord {
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    mode: row.mode,
    model: row.model,
    modelVersion: row.model_version,
    compareModels: parseJson<ModelChoice[]>(row.compare_models, []),
    usingContext: Number(row.using_context) === 1,
    systemMessage: row.system_message,
    temperature: Number(row.temperature),
    topP: Number(row.top_p),
    datasetIds: parseJson<string[]>(row.dataset_ids, []),
    assistantId: row.assistant_id,
    courseId: row.course_id,
    pinnedAt: row.pinned_at === null ? null : Number(row.pinned_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

function toMessage(row: Selectable<ChatMessagesTable>): MessageRecord {
  return {
    id: row.id,
    chatId: row.chat_id,
    userId: row.user_id,
    parentId: row.parent_id,
    role: row.role,
    contentType: row.content_type,
    content: row.content,
    files: parseJson<AttachedFile[]>(row.files, []),
    model: row.model,
    modelVersion: row.model_version,
    reference: row.reference,
    status: row.status,
    error: row.error,
    rating: Number(row.rating),
    groupId: row.group_id,
    promptTokens: Number(row.prompt_tokens),
    completionTokens: Number(row.completion_tokens),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    editedAt: row.edited_at === null || row.edited_at === undefined ? null : Number(row.edited_at),
    reasoning: row.reasoning ?? null,
    reasoningMs: row.reasoning_ms === null || row.reasoning_ms === undefined ? null : Number(row.reasoning_ms),
    safetyCategory: row.safety_category ?? null,
    ratingReason: row.rating_reason ?? null,
    ratingNote: row.rating_note ?? null,
  };
}

export async function insertChat(db: Db, chat: ChatRecord): Promise<void> {
  await db
    .insertInto('chats')
    .values({
      id: chat.id,
      user_id: chat.userId,
      title: chat.title,
      mode: chat.mode,
      model: chat.model,
      model_version: chat.modelVersion,
      compare_models: chat.compareModels.length ? JSON.stringify(chat.compareModels) : null,
      using_context: chat.usingContext ? 1 : 0,
      system_message: chat.systemMessage,
      temperature: chat.temperature,
      top_p: chat.topP,
      dataset_ids: JSON.stringify(chat.datasetIds),
      assistant_id: chat.assistantId,
      course_id: chat.courseId,
      pinned_at: chat.pinnedAt,
      created_at: chat.createdAt,
      updated_at: chat.updatedAt,
    })
    .execute();
}

export type ChatChanges = Partial<
  Pick<
    ChatRecord,
    'title' | 'model' | 'modelVersion' | 'compareModels' | 'usingContext' | 'systemMessage' | 'temperature' | 'topP' | 'datasetIds' | 'pinnedAt' | 'updatedAt'
  >
>;

export async function updateChat(db: Db, id: string, changes: ChatChanges): Promise<void> {
  const values: Partial<ChatsTable> = {};
  if (changes.title !== undefined) values.title = changes.title;
  if (changes.model !== undefined) values.model = changes.model;
  if (changes.modelVersion !== undefined) values.model_version = changes.modelVersion;
  if (changes.compareModels !== undefined) values.compare_models = JSON.stringify(changes.compareModels);
  if (changes.usingContext !== undefined) values.using_context = changes.usingContext ? 1 : 0;
  if (changes.systemMessage !== undefined) values.system_message = changes.systemMessage;
  if (changes.temperature !== undefined) values.temperature = changes.temperature;
  if (changes.topP !== undefined) values.top_p = changes.topP;
  if (changes.datasetIds !== undefined) values.dataset_ids = JSON.stringify(changes.datasetIds);
  if (changes.pinnedAt !== undefined) values.pinned_at = changes.pinnedAt;
  if (changes.updatedAt !== undefined) values.updated_at = changes.updatedAt;
  await updateChatRow(db, id, values);
}

// Every question reads its chat and the messages it continues: built once (server/db/precompiled.ts).
const chatById = precompiled((db, slot) => db.selectFrom('chats').selectAll().where('id', '=', slot(0)));
const messageById = precompiled((db, slot) => db.selectFrom('chat_messages').selectAll().where('id', '=', slot(0)));

export async function findChat(db: Db, id: string): Promise<ChatRecord | null> {
  const [row] = await chatById(db, id);
  return row ? toChat(row) : null;
}

export interface ChatListQuery {
  userId: string;
  title?: string;
  mode?: ChatMode;
  assistantId?: string;
  courseId?: string;
  limit: number;
  offset: number;
}

/** Pinned chats first (most recently pinned on top), then the newest. */
export async function listChats(db: Db, query: ChatListQuery): Promise<ChatRecord[]> {
  let q = db.selectFrom('chats').selectAll().where('user_id', '=', query.userId);
  if (query.title) q = q.where(containsText('title', query.title));
  if (query.mode) q = q.where('mode', '=', query.mode);
  if (query.assistantId) q = q.where('assistant_id', '=', query.assistantId);
  if (query.courseId) q = q.where('course_id', '=', query.courseId);
  const rows = await q
    .orderBy((eb) => eb.case().when('pinned_at', 'is not', null).then(0).else(1).end())
    .orderBy('pinned_at', 'desc')
    .orderBy('updated_at', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  return rows.map(toChat);
}

export async function deleteChat(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('chat_shares')
      .where('message_id', 'in', trx.selectFrom('chat_messages').select('id').where('chat_id', '=', id))
      .execute();
    await trx.deleteFrom('chat_messages').where('chat_id', '=', id).execute();
    await trx.deleteFrom('chats').where('id', '=', id).execute();
  });
}

/** `lease`: for an answer about to stream, who writes it and until when (answer-leases.ts). */
export type MessageLease = { owner: string; expiresAt: number };

/** Several messages in one statement (a question and its answers: one insert, not one per row). */
export async function insertMessages(db: Db, rows: ReadonlyArray<{ message: MessageRecord; lease?: MessageLease | undefined }>): Promise<void> {
  await insertMessageRows(
    db,
    rows.map(({ message: m, lease }) => ({
      id: m.id,
      chat_id: m.chatId,
      user_id: m.userId,
      parent_id: m.parentId,
      role: m.role,
      content_type: m.contentType,
      content: m.content,
      files: JSON.stringify(m.files),
      model: m.model,
      model_version: m.modelVersion,
      reference: m.reference,
      status: m.status,
      error: m.error,
      rating: m.rating,
      group_id: m.groupId,
      prompt_tokens: m.promptTokens,
      completion_tokens: m.completionTokens,
      created_at: m.createdAt,
      updated_at: m.updatedAt,
      lease_owner: lease?.owner ?? null,
      lease_expires_at: lease?.expiresAt ?? null,
    })),
  );
}

export type MessageChanges = Partial<
  Pick<
    MessageRecord,
    | 'contentType'
    | 'content'
    | 'status'
    | 'error'
    | 'rating'
    | 'reference'
    | 'promptTokens'
    | 'completionTokens'
    | 'parentId'
    | 'updatedAt'
    | 'reasoning'
    | 'reasoningMs'
    | 'safetyCategory'
    | 'ratingReason'
    | 'ratingNote'
  >
>;

export async function updateMessage(db: Db, id: string, changes: MessageChanges): Promise<void> {
  const values: Updateable<ChatMessagesTable> = {};
  if (changes.contentType !== undefined) values.content_type = changes.contentType;
  if (changes.content !== undefined) values.content = changes.content;
  if (changes.status !== undefined) values.status = changes.status;
  if (changes.error !== undefined) values.error = changes.error;
  if (changes.rating !== undefined) values.rating = changes.rating;
  if (changes.reference !== undefined) values.reference = changes.reference;
  if (changes.promptTokens !== undefined) values.prompt_tokens = changes.promptTokens;
  if (changes.completionTokens !== undefined) values.completion_tokens = changes.completionTokens;
  if (changes.parentId !== undefined) values.parent_id = changes.parentId;
  if (changes.updatedAt !== undefined) values.updated_at = changes.updatedAt;
  if (changes.reasoning !== undefined) values.reasoning = changes.reasoning;
  if (changes.reasoningMs !== undefined) values.reasoning_ms = changes.reasoningMs;
  if (changes.safetyCategory !== undefined) values.safety_category = changes.safetyCategory;
  if (changes.ratingReason !== undefined) values.rating_reason = changes.ratingReason;
  if (changes.ratingNote !== undefined) values.rating_note = changes.ratingNote;
  await updateMessageRow(db, id, values);
}

/** The user changed the text: recorded, so a shared copy can say it is not all the model's. */
export async function saveEditedMessage(db: Db, id: string, content: string, now: number): Promise<void> {
  await db.updateTable('chat_messages').set({ content, updated_at: now, edited_at: now }).where('id', '=', id).execute();
}

export async function findMessage(db: Db, id: string): Promise<MessageRecord | null> {
  const [row] = await messageById(db, id);
  return row ? toMessage(row) : null;
}

/** Messages of a chat, oldest first (creation order is the tree's natural order). */
export async function listMessages(db: Db, chatId: string): Promise<MessageRecord[]> {
  const rows = await db.selectFrom('chat_messages').selectAll().where('chat_id', '=', chatId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toMessage);
}

/** The query for a chat's newest message (its plan is checked in test/server/chat/chat-message-order.test.ts). */
export function latestMessageQuery(db: Db, chatId: string) {
  return db.selectFrom('chat_messages').select('id').where('chat_id', '=', chatId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1);
}

const latestMessage = precompiled((db, slot) => latestMessageQuery(db, slot(0)));

/** The newest message of a chat (what a question without a parent continues), or null in an empty chat. */
export async function latestMessageId(db: Db, chatId: string): Promise<string | null> {
  const [row] = await latestMessage(db, chatId);
  return row?.id ?? null;
}

/**
 * Up to `limit` messages of one branch, newest first: `fromId` and then its
 * ancestors, walked by parent id in the database, so a long chat is read only
 * as far as the caller needs (the next page starts at the last one's parent).
 */
export async function listBranch(db: Db, chatId: string, fromId: string, limit: number): Promise<MessageRecord[]> {
  const rows = await db
    .withRecursive('branch(id, parent_id, depth)', (qb) =>
      qb
        .selectFrom('chat_messages')
        .select(['id', 'parent_id', sql<number>`0`.as('depth')])
        .where('id', '=', fromId)
        .where('chat_id', '=', chatId)
        .unionAll((rb) =>
          rb
            .selectFrom('chat_messages as m')
            .innerJoin('branch as b', 'b.parent_id', 'm.id')
            .select(['m.id', 'm.parent_id', sql<number>`b.depth + 1`.as('depth')])
            .where('m.chat_id', '=', chatId)
            // Bounds the walk (and any cycle a bad row could make) to one page.
            .where('b.depth', '<', limit - 1),
        ),
    )
    .selectFrom('branch as b')
    .innerJoin('chat_messages as m', 'm.id', 'b.id')
    .selectAll('m')
    .orderBy('b.depth')
    .execute();
  return rows.map(toMessage);
}

/**
 * Removes messages and hands their children to `newParentId`, so deleting a
 * turn in the middle never cuts the rest of the conversation off.
 */
export async function deleteMessages(db: Db, ids: string[], newParentId: string | null): Promise<void> {
  if (ids.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('chat_messages').set({ parent_id: newParentId }).where('parent_id', 'in', ids).where('id', 'not in', ids).execute();
    await trx.deleteFrom('chat_shares').where('message_id', 'in', ids).execute();
    await trx.deleteFrom('chat_messages').where('id', 'in', ids).execute();
  });
}

/** Clears the other answers' ratings in a compare group when one is preferred. */
export async function clearGroupRatings(db: Db, groupId: string, exceptId: string): Promise<void> {
  await db.updateTable('chat_messages').set({ rating: 0 }).where('group_id', '=', groupId).where('id', '!=', exceptId).execute();
}

export async function insertShare(db: Db, share: { id: string; messageId: string; userId: string; createdAt: number }): Promise<void> {
  await db.insertInto('chat_shares').values({ id: share.id, message_id: share.messageId, user_id: share.userId, created_at: share.createdAt }).execute();
}

export async function findShareByMessage(db: Db, messageId: string): Promise<string | null> {
  const row = await db.selectFrom('chat_shares').select('id').where('message_id', '=', messageId).executeTakeFirst();
  return row?.id ?? null;
}

export async function findShare(db: Db, id: string): Promise<{ id: string; messageId: string; userId: string; createdAt: number } | null> {
  const row = await db.selectFrom('chat_shares').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? { id: row.id, messageId: row.message_id, userId: row.user_id, createdAt: Number(row.created_at) } : null;
}

export async function deleteShare(db: Db, id: string): Promise<void> {
  await db.deleteFrom('chat_shares').where('id', '=', id).execute();
}
