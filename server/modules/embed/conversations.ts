// A visitor's chats with the key's assistant, through the chat module's own
// machinery (createChat, startCompletion, streamCompletion, rateMessage,
// suggestedQuestions): an embed answer is an ordinary chat answer. What this
// file adds is who may see what (a chat is reachable only through the
// visitor's own embed_conversations row, else 404) and the daily limits.
import type { ServerContext } from '../../context.js';
import { badRequest, notFound, tooMany } from '../../http/errors.js';
import { assistantPreset, assistantPublicInfo, type AssistantPublicInfo, findUsableAssistant } from '../assistants/index.js';
import {
  type AnswerRun,
  createChat,
  findMessage,
  loadMessages,
  type MessageView,
  startCompletion,
  type StartedCompletion,
  rateMessage,
  type Rating,
  type RatingWhy,
  removeChat,
  suggestedQuestions,
} from '../chat/index.js';
import { dayOf } from '../courses/index.js';
import {
  addTokens,
  conversationOfMessage,
  countMessage,
  insertConversation,
  isVisitorConversation,
  KEY_TOTAL,
  listConversations,
  readUsage,
  uncountMessage,
  type ConversationSummary,
  type EmbedKeyRecord,
} from './store.js';
import type { Visitor } from './visitors.js';

export const CONVERSATION_NOT_FOUND = '对话不存在或已删除';
const ASSISTANT_GONE = '该 AI 助手已停用，请联系网站管理员';
const HISTORY_LIMIT = 30;

/** What a visitor sees of a message: no model internals, no account ids. */
export interface EmbedMessage {
  messageId: string;
  parentMessageId: string | null;
  role: 'user' | 'assistant';
  content: string;
  status: MessageView['status'];
  error: string | null;
  reference: string | null;
  rating: number;
  createTime: number;
  /** A thinking model's reasoning, shown folded above the answer; null when none. */
  reasoning: string | null;
  reasoningMs: number | null;
}

export function embedMessage(m: Pick<MessageView, keyof EmbedMessage>): EmbedMessage {
  return {
    messageId: m.messageId,
    parentMessageId: m.parentMessageId,
    role: m.role,
    content: m.content,
    status: m.status,
    error: m.error,
    reference: m.reference,
    rating: m.rating,
    createTime: m.createTime,
    reasoning: m.reasoning,
    reasoningMs: m.reasoningMs,
  };
}

async function usableAssistant(ctx: ServerContext, key: EmbedKeyRecord) {
  // As the key's owner may use it: unpublished since, or deleted, it stops here.
  return findUsableAssistant(ctx, key.ownerId, key.assistantId).catch(() => {
    throw notFound(ASSISTANT_GONE);
  });
}

export interface SessionInfo {
  assistant: AssistantPublicInfo;
  visitor: { signedIn: boolean; name: string | null };
  /** Set once, for a new anonymous visitor: keep it and send it back. */
  visitorToken?: string;
  conversations: ConversationSummary[];
  /** Questions left today for this visitor; null when there is no limit. */
  messagesLeft: number | null;
  /** Origins whose pages may drive the iframe chat through postMessage. */
  parentOrigins: string[];
}

/** `hostedParents`: this server's own origins, when the key allows hosted pages (a Zhixue page may frame /iframe). */
export async function sessionInfo(ctx: ServerContext, key: EmbedKeyRecord, visitor: Visitor, hostedParents: string[]): Promise<SessionInfo> {
  const assistant = await usableAssistant(ctx, key);
  const used = await readUsage(ctx.db, key.id, visitor.record.id, dayOf(ctx.now()));
  const limit = key.limits.visitorDailyMessages;
  return {
    assistant: assistantPublicInfo(assistant),
    visitor: { signedIn: visitor.signedIn, name: visitor.name },
    ...(visitor.newToken ? { visitorToken: visitor.newToken } : {}),
    conversations: await listConversations(ctx.db, visitor.record.id, HISTORY_LIMIT),
    messagesLeft: limit > 0 ? Math.max(0, limit - used.messages) : null,
    parentOrigins: key.hostedPages ? [...key.origins, ...hostedParents] : key.origins,
  };
}

async function requireConversation(ctx: ServerContext, key: EmbedKeyRecord, visitor: Visitor | null, chatId: string): Promise<void> {
  if (!visitor || !(await isVisitorConversation(ctx.db, key.id, visitor.record.id, chatId))) throw notFound(CONVERSATION_NOT_FOUND);
}

export async function conversationMessages(ctx: ServerContext, key: EmbedKeyRecord, visitor: Visitor | null, chatId: string): Promise<EmbedMessage[]> {
  await requireConversation(ctx, key, visitor, chatId);
  return (await loadMessages(ctx, visitor!.chatOwnerId, chatId)).map(embedMessage);
}

export async function deleteConversation(ctx: ServerContext, key: EmbedKeyRecord, visitor: Visitor | null, chatId: string): Promise<void> {
  await requireConversation(ctx, key, visitor, chatId);
  await removeChat(ctx, visitor!.chatOwnerId, chatId);
}

async function requireOwnMessage(ctx: ServerContext, key: EmbedKeyRecord, visitor: Visitor | null, messageId: string): Promise<Visitor> {
  if (!visitor || !(await conversationOfMessage(ctx.db, key.id, visitor.record.id, messageId))) throw notFound('消息不存在或已删除');
  return visitor;
}

export async function rateEmbedMessage(
  ctx: ServerContext,
  key: EmbedKeyRecord,
  visitor: Visitor | null,
  messageId: string,
  rating: Rating,
  why: RatingWhy = {},
): Promise<EmbedMessage> {
  const v = await requireOwnMessage(ctx, key, visitor, messageId);
  return embedMessage(await rateMessage(ctx, v.chatOwnerId, messageId, rating, why));
}

export async function embedSuggestions(ctx: ServerContext, key: EmbedKeyRecord, visitor: Visitor | null, messageId: string): Promise<string[]> {
  const v = await requireOwnMessage(ctx, key, visitor, messageId);
  return suggestedQuestions(ctx, v.chatOwnerId, messageId);
}

/** Whether this visitor may stop the answer (it is in their own conversation). */
export async function mayStop(ctx: ServerContext, key: EmbedKeyRecord, visitor: Visitor | null, messageId: string): Promise<Visitor> {
  return requireOwnMessage(ctx, key, visitor, messageId);
}

const LIMIT_MESSAGES = {
  visitorMessages: '今天的提问次数已用完，请明天再来',
  visitorTokens: '今天的对话额度已用完，请明天再来',
  keyMessages: '该 AI 助手今天的使用次数已满，请明天再试',
  keyTokens: '该 AI 助手今天的对话额度已满，请明天再试',
};

/** Seconds until the next day starts (for Retry-After). */
function secondsUntilTomorrow(now: number): number {
  const next = new Date(now);
  next.setHours(24, 0, 0, 0);
  return Math.max(1, Math.ceil((next.getTime() - now) / 1000));
}

/** A limit refusal thrown inside the counting transaction, so it rolls back. */
class Refused extends Error {}

/** Counts one question against the visitor's and the key's limits, or refuses it (nothing counted). */
async function countQuestion(ctx: ServerContext, key: EmbedKeyRecord, visitor: Visitor, day: string): Promise<void> {
  const { limits } = key;
  const refusal = await ctx.db
    .transaction()
    .execute(async (trx) => {
      if (!(await countMessage(trx, key.id, visitor.record.id, day, { messages: limits.visitorDailyMessages, tokens: limits.visitorDailyTokens }))) {
        const used = await readUsage(trx, key.id, visitor.record.id, day);
        return limits.visitorDailyTokens > 0 && used.tokens >= limits.visitorDailyTokens ? LIMIT_MESSAGES.visitorTokens : LIMIT_MESSAGES.visitorMessages;
      }
      if (!(await countMessage(trx, key.id, KEY_TOTAL, day, { messages: limits.dailyMessages, tokens: limits.dailyTokens }))) {
        const used = await readUsage(trx, key.id, KEY_TOTAL, day);
        // Undo the visitor's count: the transaction rolls back on throw.
        throw new Refused(limits.dailyTokens > 0 && used.tokens >= limits.dailyTokens ? LIMIT_MESSAGES.keyTokens : LIMIT_MESSAGES.keyMessages);
      }
      return null;
    })
    .catch((error: unknown) => {
      if (error instanceof Refused) return error.message;
      throw error;
    });
  if (refusal) throw tooMany(refusal, secondsUntilTomorrow(ctx.now()));
}

export interface EmbedCompletionInput {
  conversationId?: string;
  prompt: string;
  parentMessageId?: string;
}

export interface PreparedEmbedCompletion {
  started: StartedCompletion;
  day: string;
}

/** Everything refusable is refused here, before the stream opens. */
export async function prepareEmbedCompletion(
  ctx: ServerContext,
  key: EmbedKeyRecord,
  visitor: Visitor,
  input: EmbedCompletionInput,
  run: AnswerRun,
): Promise<PreparedEmbedCompletion> {
  if (!input.prompt.trim()) throw badRequest('请输入问题');
  let chatId = input.conversationId;
  if (chatId) await requireConversation(ctx, key, visitor, chatId);
  const assistant = await usableAssistant(ctx, key);
  // The assistant's settings as its owner set them, sent with every question so that the owner's edits
  // reach existing conversations (the chat is not an "assistant chat" of the chat module: that one would
  // check the visitor's own access to the assistant, and a visitor may use it only through the key).
  const preset = await assistantPreset(ctx, key.ownerId, assistant.id);
  const day = dayOf(ctx.now());
  await countQuestion(ctx, key, visitor, day);
  const usable = preset.model && ctx.ai.resolve(preset.model, preset.modelVersion) ? preset : { ...preset, model: undefined, modelVersion: undefined };
  let created = false;
  try {
    if (!chatId) {
      const chat = await createChat(ctx, visitor.chatOwnerId, {
        mode: 'v1',
        ...(usable.model ? { model: usable.model, modelVersion: usable.modelVersion ?? null } : {}),
      });
      chatId = chat.chatNumber;
      created = true;
      await insertConversation(ctx.db, { chatId, keyId: key.id, visitorId: visitor.record.id, now: ctx.now() });
    }
    const started = await startCompletion(
      ctx,
      visitor.chatOwnerId,
      {
        conversationId: chatId,
        prompt: input.prompt,
        ...(input.parentMessageId ? { parentMessageId: input.parentMessageId } : {}),
        ...(preset.systemMessage ? { systemMessage: preset.systemMessage } : {}),
        ...(preset.temperature !== undefined ? { temperature: preset.temperature } : {}),
        ...(preset.topP !== undefined ? { top_p: preset.topP } : {}),
        datasetIds: preset.datasetIds ?? [],
      },
      'v1',
      run,
    );
    return { started, day };
  } catch (error) {
    // A refused question leaves nothing behind: no empty chat, no count.
    if (created && chatId) await removeChat(ctx, visitor.chatOwnerId, chatId).catch(() => undefined);
    await uncount(ctx, key, visitor, day);
    throw error;
  }
}

async function uncount(ctx: ServerContext, key: EmbedKeyRecord, visitor: Visitor, day: string): Promise<void> {
  await uncountMessage(ctx.db, key.id, visitor.record.id, day);
  await uncountMessage(ctx.db, key.id, KEY_TOTAL, day);
}

/**
 * After the stream: the tokens count as the user quota charges the answer
 * (chat-metering's tokensOfUse, saved on the message). An answer that failed
 * (an error, even after some text: the visitor retries it) or said nothing
 * gives the question back; one that finished, or that the visitor stopped
 * after it wrote text, keeps it.
 */
export async function recordTokens(ctx: ServerContext, key: EmbedKeyRecord, visitor: Visitor, done: PreparedEmbedCompletion): Promise<void> {
  let tokens = 0;
  let failed = true;
  for (const job of done.started.jobs) {
    const m = await findMessage(ctx.db, job.message.id);
    if (m) tokens += m.promptTokens + m.completionTokens;
    if (m?.status !== 'error') failed = false;
  }
  // The question was reserved before the stream (countQuestion); released, not re-checked, so it stays race-free.
  if (tokens === 0 || failed) await uncount(ctx, key, visitor, done.day);
  if (tokens > 0) await addTokens(ctx.db, key.id, [visitor.record.id, KEY_TOTAL], done.day, tokens);
}
