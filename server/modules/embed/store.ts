// SQL of the embed area: keys, visitors, which chat belongs to which visitor,
// and the usage counters. Rows map to camelCase records here.
import { sql, type Kysely, type Selectable } from 'kysely';
import { parseIdList } from '../../db/json.js';
import type { Database } from '../../db/schema.js';
import { storedLocale, type ServerLocale } from '../../i18n/locales.js';
import type { EmbedKeysTable, EmbedVisitorMode } from '../../db/tables/embed.js';

type Db = Kysely<Database>;

export interface EmbedLimits {
  /** Per visitor and day; 0 = no limit. */
  visitorDailyMessages: number;
  visitorDailyTokens: number;
  /** For the whole key per day; 0 = no limit. */
  dailyMessages: number;
  dailyTokens: number;
}

export interface EmbedKeyRecord {
  id: string;
  ownerId: string;
  assistantId: string;
  name: string;
  origins: string[];
  hostedPages: boolean;
  visitors: EmbedVisitorMode;
  identitySecret: string | null;
  limits: EmbedLimits;
  enabled: boolean;
  serviceUserId: string | null;
  /** The creator's language, for the service account's name (service-user.ts). */
  locale: ServerLocale;
  createdAt: number;
  updatedAt: number;
}

function toKey(row: Selectable<EmbedKeysTable>): EmbedKeyRecord {
  return {
    id: row.id,
    ownerId: row.owner_id,
    assistantId: row.assistant_id,
    name: row.name,
    origins: parseIdList(row.origins),
    hostedPages: row.hosted_pages === 1,
    visitors: row.visitors,
    identitySecret: row.identity_secret,
    limits: {
      visitorDailyMessages: Number(row.visitor_daily_messages),
      visitorDailyTokens: Number(row.visitor_daily_tokens),
      dailyMessages: Number(row.daily_messages),
      dailyTokens: Number(row.daily_tokens),
    },
    enabled: row.enabled === 1,
    serviceUserId: row.service_user_id,
    locale: storedLocale(row.locale),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

function toRow(key: EmbedKeyRecord): EmbedKeysTable {
  return {
    id: key.id,
    owner_id: key.ownerId,
    assistant_id: key.assistantId,
    name: key.name,
    origins: JSON.stringify(key.origins),
    hosted_pages: key.hostedPages ? 1 : 0,
    visitors: key.visitors,
    identity_secret: key.identitySecret,
    visitor_daily_messages: key.limits.visitorDailyMessages,
    visitor_daily_tokens: key.limits.visitorDailyTokens,
    daily_messages: key.limits.dailyMessages,
    daily_tokens: key.limits.dailyTokens,
    enabled: key.enabled ? 1 : 0,
    service_user_id: key.serviceUserId,
    locale: key.locale,
    created_at: key.createdAt,
    updated_at: key.updatedAt,
  };
}

export async function findKey(db: Db, id: string): Promise<EmbedKeyRecord | null> {
  const row = await db.selectFrom('embed_keys').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toKey(row) : null;
}

export async function listKeysOf(db: Db, ownerId: string): Promise<EmbedKeyRecord[]> {
  const rows = await db.selectFrom('embed_keys').selectAll().where('owner_id', '=', ownerId).orderBy('created_at', 'desc').orderBy('id').execute();
  return rows.map(toKey);
}

export async function insertKey(db: Db, key: EmbedKeyRecord): Promise<void> {
  await db.insertInto('embed_keys').values(toRow(key)).execute();
}

export async function updateKey(db: Db, key: EmbedKeyRecord): Promise<void> {
  const { id, owner_id, created_at, service_user_id, ...changes } = toRow(key);
  await db.updateTable('embed_keys').set(changes).where('id', '=', id).execute();
}

export async function deleteKey(db: Db, id: string): Promise<void> {
  await db.deleteFrom('embed_keys').where('id', '=', id).execute();
}

/** Sets the service account once; false when another request set one first. */
export async function claimServiceUser(db: Db, keyId: string, userId: string): Promise<boolean> {
  const result = await db
    .updateTable('embed_keys')
    .set({ service_user_id: userId })
    .where('id', '=', keyId)
    .where('service_user_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ── visitors ────────────────────────────────────────────────────────────

export interface VisitorRecord {
  id: string;
  keyId: string;
  userId: string | null;
  /** When the visitor last made a request (kept to the minute: visitors.ts). */
  lastSeenAt: number;
}

function visitorOf(row: { id: string; key_id: string; user_id: string | null; last_seen_at: number | string }): VisitorRecord {
  return { id: row.id, keyId: row.key_id, userId: row.user_id, lastSeenAt: Number(row.last_seen_at) };
}

export async function findVisitorByToken(db: Db, keyId: string, tokenHash: string): Promise<VisitorRecord | null> {
  const row = await db
    .selectFrom('embed_visitors')
    .select(['id', 'key_id', 'user_id', 'last_seen_at'])
    .where('token_hash', '=', tokenHash)
    .where('key_id', '=', keyId)
    .executeTakeFirst();
  return row ? visitorOf(row) : null;
}

export async function findVisitorByUser(db: Db, keyId: string, userId: string): Promise<VisitorRecord | null> {
  const row = await db
    .selectFrom('embed_visitors')
    .select(['id', 'key_id', 'user_id', 'last_seen_at'])
    .where('key_id', '=', keyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? visitorOf(row) : null;
}

export async function insertVisitor(
  db: Db,
  visitor: { id: string; keyId: string; tokenHash: string | null; userId: string | null; now: number },
): Promise<void> {
  await db
    .insertInto('embed_visitors')
    .values({
      id: visitor.id,
      key_id: visitor.keyId,
      token_hash: visitor.tokenHash,
      user_id: visitor.userId,
      created_at: visitor.now,
      last_seen_at: visitor.now,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function touchVisitor(db: Db, id: string, now: number): Promise<void> {
  await db.updateTable('embed_visitors').set({ last_seen_at: now }).where('id', '=', id).execute();
}

// ── conversations ───────────────────────────────────────────────────────

export interface ConversationSummary {
  conversationId: string;
  title: string;
  createTime: number;
  updateTime: number;
}

export async function insertConversation(db: Db, row: { chatId: string; keyId: string; visitorId: string; now: number }): Promise<void> {
  await db.insertInto('embed_conversations').values({ chat_id: row.chatId, key_id: row.keyId, visitor_id: row.visitorId, created_at: row.now }).execute();
}

/** The chat if it is this visitor's conversation through this key. */
export async function isVisitorConversation(db: Db, keyId: string, visitorId: string, chatId: string): Promise<boolean> {
  const row = await db
    .selectFrom('embed_conversations')
    .select('chat_id')
    .where('chat_id', '=', chatId)
    .where('key_id', '=', keyId)
    .where('visitor_id', '=', visitorId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function listConversations(db: Db, visitorId: string, limit: number): Promise<ConversationSummary[]> {
  const rows = await db
    .selectFrom('embed_conversations')
    .innerJoin('chats', 'chats.id', 'embed_conversations.chat_id')
    .select(['chats.id', 'chats.title', 'chats.created_at', 'chats.updated_at'])
    .where('embed_conversations.visitor_id', '=', visitorId)
    .orderBy('chats.updated_at', 'desc')
    .orderBy('chats.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ conversationId: r.id, title: r.title, createTime: Number(r.created_at), updateTime: Number(r.updated_at) }));
}

/** The chat of an assistant message, if the message belongs to this visitor's conversation. */
export async function conversationOfMessage(db: Db, keyId: string, visitorId: string, messageId: string): Promise<string | null> {
  const row = await db
    .selectFrom('chat_messages')
    .innerJoin('embed_conversations', 'embed_conversations.chat_id', 'chat_messages.chat_id')
    .select('chat_messages.chat_id')
    .where('chat_messages.id', '=', messageId)
    .where('embed_conversations.key_id', '=', keyId)
    .where('embed_conversations.visitor_id', '=', visitorId)
    .executeTakeFirst();
  return row?.chat_id ?? null;
}

// ── usage ───────────────────────────────────────────────────────────────

/** The whole key's row in embed_usage. */
export const KEY_TOTAL = '';

export interface Usage {
  messages: number;
  tokens: number;
}

export async function readUsage(db: Db, keyId: string, visitorId: string, day: string): Promise<Usage> {
  const row = await db
    .selectFrom('embed_usage')
    .select(['messages', 'tokens'])
    .where('key_id', '=', keyId)
    .where('visitor_id', '=', visitorId)
    .where('day', '=', day)
    .executeTakeFirst();
  return { messages: Number(row?.messages ?? 0), tokens: Number(row?.tokens ?? 0) };
}

async function ensureUsageRow(db: Db, keyId: string, visitorId: string, day: string): Promise<void> {
  await db
    .insertInto('embed_usage')
    .values({ key_id: keyId, visitor_id: visitorId, day, messages: 0, tokens: 0 })
    .onConflict((oc) => oc.columns(['key_id', 'visitor_id', 'day']).doNothing())
    .execute();
}

/**
 * Counts one message if the row is under both limits (0 = none), in one
 * conditional UPDATE so that two requests at once cannot both slip past a
 * limit. False when a limit is reached (nothing counted).
 */
export async function countMessage(db: Db, keyId: string, visitorId: string, day: string, limits: { messages: number; tokens: number }): Promise<boolean> {
  await ensureUsageRow(db, keyId, visitorId, day);
  let q = db
    .updateTable('embed_usage')
    .set({ messages: sql`messages + 1` })
    .where('key_id', '=', keyId)
    .where('visitor_id', '=', visitorId)
    .where('day', '=', day);
  if (limits.messages > 0) q = q.where('messages', '<', limits.messages);
  if (limits.tokens > 0) q = q.where('tokens', '<', limits.tokens);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function uncountMessage(db: Db, keyId: string, visitorId: string, day: string): Promise<void> {
  await db
    .updateTable('embed_usage')
    .set({ messages: sql`messages - 1` })
    .where('key_id', '=', keyId)
    .where('visitor_id', '=', visitorId)
    .where('day', '=', day)
    .where('messages', '>', 0)
    .execute();
}

export async function addTokens(db: Db, keyId: string, visitorIds: string[], day: string, tokens: number): Promise<void> {
  if (tokens <= 0) return;
  await db
    .updateTable('embed_usage')
    .set({ tokens: sql`tokens + ${tokens}` })
    .where('key_id', '=', keyId)
    .where('visitor_id', 'in', visitorIds)
    .where('day', '=', day)
    .execute();
}

/** Today's totals per key (for the owner's list): messages, tokens and distinct visitors. */
export async function usageByKey(db: Db, keyIds: string[], day: string): Promise<Map<string, Usage & { visitors: number }>> {
  const result = new Map<string, Usage & { visitors: number }>();
  if (keyIds.length === 0) return result;
  const rows = await db
    .selectFrom('embed_usage')
    .select(['key_id', 'visitor_id', 'messages', 'tokens'])
    .where('key_id', 'in', keyIds)
    .where('day', '=', day)
    .execute();
  for (const row of rows) {
    const entry = result.get(row.key_id) ?? { messages: 0, tokens: 0, visitors: 0 };
    if (row.visitor_id === KEY_TOTAL) {
      entry.messages = Number(row.messages);
      entry.tokens = Number(row.tokens);
    } else if (Number(row.messages) > 0) {
      entry.visitors += 1;
    }
    result.set(row.key_id, entry);
  }
  return result;
}
