// Rules of the AI dialogue: every chat and message belongs to one user and
// is found only through that user (another user's ids answer "not found").
import type { ModelProvider } from '../../ai/types.js';
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { ChatMode } from '../../db/tables/chat.js';
import { badRequest, notFound } from '../../http/errors.js';
import { IMAGE_MODEL_WRITES_NO_TEXT, imageModelNamed } from './image-answers.js';
import { questionPictureIds, withInlineImages } from './image-views.js';
import { removeDeletedQuestionPictures } from './images.js';
import { presetFor } from './presets.js';
import {
  clearGroupRatings,
  deleteChat,
  deleteShare,
  deleteMessages,
  findChat,
  findMessage,
  findShare,
  findShareByMessage,
  insertChat,
  insertShare,
  listChats,
  listMessages,
  updateChat,
  saveEditedMessage,
  updateMessage,
  type ChatChanges,
  type ChatRecord,
  type MessageRecord,
  type ModelChoice,
} from './store.js';
import { suggestQuestions } from './suggestions.js';
import { chatViewFor, chatViewsFor, userChatInput } from './redaction.js';
import { messageView, type ChatView, type MessageView } from './views.js';
import { DEFAULT_TEMPERATURE, DEFAULT_TOP_P } from '../../../shared/model-defaults.js';
import { checkRatingNote, requireShareable } from './safety.js';
import type { RatingReason } from '../../../shared/rating-reasons.js';

/** SPEC §9: follow instructions, answer in markdown. */
export const DEFAULT_SYSTEM_MESSAGE = '你是智学平台的 AI 助手。请认真遵循用户的指令，回答准确、有条理，并使用 Markdown 格式。';
export const MAX_COMPARE_MODELS = 4;

const CHAT_NOT_FOUND = '对话不存在或已删除';
const MESSAGE_NOT_FOUND = '消息不存在或已删除';

/** A chat started in an assistant or a course: its instructions come from there. */
export function isPresetChat(chat: Pick<ChatRecord, 'assistantId' | 'courseId'>): boolean {
  return Boolean(chat.assistantId || chat.courseId);
}

export async function requireOwnChat(ctx: ServerContext, userId: string, chatId: string): Promise<ChatRecord> {
  const chat = await findChat(ctx.db, chatId);
  if (!chat || chat.userId !== userId) throw notFound(CHAT_NOT_FOUND);
  return chat;
}

export async function requireOwnMessage(ctx: ServerContext, userId: string, messageId: string): Promise<MessageRecord> {
  const message = await findMessage(ctx.db, messageId);
  if (!message || message.userId !== userId) throw notFound(MESSAGE_NOT_FOUND);
  return message;
}

/** A model the installation offers, or a 400 that tells the user what to do. */
export function resolveModel(
  ctx: ServerContext,
  choice: ModelChoice,
): { model: string; version?: string; provider: ModelProvider; vision: boolean; contextTokens: number; image?: true } {
  const resolved = ctx.ai.resolve(choice.model, choice.version);
  // An image model answers with pictures (image-answers.ts); it has no versions.
  const image = resolved ? undefined : imageModelNamed(ctx, choice.model);
  if (image && !choice.version) return { model: image.name, provider: IMAGE_MODEL_WRITES_NO_TEXT, vision: false, contextTokens: 4_096, image: true };
  if (!resolved) {
    throw badRequest(choice.version ? `模型 ${choice.model} 没有版本 ${choice.version}，请重新选择` : `模型 ${choice.model} 未配置，请在模型列表中重新选择`);
  }
  return {
    model: resolved.model.name,
    version: resolved.version,
    provider: resolved.provider,
    vision: resolved.model.vision,
    contextTokens: resolved.model.contextTokens,
  };
}

function checkCompareModels(ctx: ServerContext, models: ModelChoice[]): ModelChoice[] {
  const unique = new Map(models.map((m) => [`${m.model}\u0000${m.version ?? ''}`, m]));
  if (models.some((m) => imageModelNamed(ctx, m.model))) throw badRequest('对比模式只能比较对话模型，图片模型请在普通对话中使用');
  if (unique.size < 2) throw badRequest('对比模式需要选择至少 2 个不同的模型');
  if (unique.size > MAX_COMPARE_MODELS) throw badRequest(`对比模式最多同时选择 ${MAX_COMPARE_MODELS} 个模型`);
  return [...unique.values()].map((m) => {
    const resolved = resolveModel(ctx, m);
    return resolved.version ? { model: resolved.model, version: resolved.version } : { model: resolved.model };
  });
}

export interface ChatSettingsInput {
  title?: string;
  model?: string;
  modelVersion?: string | null;
  compareModels?: ModelChoice[];
  usingContext?: boolean;
  systemMessage?: string;
  temperature?: number;
  top_p?: number;
  datasetIds?: string[];
}

export interface CreateChatInput extends ChatSettingsInput {
  mode: ChatMode;
  assistantId?: string | null;
  courseId?: string | null;
}

export async function createChat(ctx: ServerContext, userId: string, input: CreateChatInput): Promise<ChatView> {
  const now = ctx.now();
  // An assistant's or course's settings are the defaults; what the user picked wins.
  const preset = await presetFor(ctx, userId, { assistantId: input.assistantId, courseId: input.courseId });
  const presetModel = preset.model && ctx.ai.resolve(preset.model, preset.modelVersion) ? preset : {};
  const picked = resolveModel(ctx, {
    model: input.model ?? presetModel.model ?? ctx.ai.defaultModel.name,
    version: input.modelVersion ?? (input.model ? undefined : presetModel.modelVersion),
  });
  const compareModels = input.mode === 'v2' ? checkCompareModels(ctx, input.compareModels ?? defaultCompareModels(ctx)) : [];
  const chat: ChatRecord = {
    id: newId(),
    userId,
    title: input.title?.trim() ?? '',
    mode: input.mode,
    model: picked.model,
    modelVersion: picked.version ?? null,
    compareModels,
    usingContext: input.usingContext ?? true,
    // An assistant's or course's instructions are the teacher's, not the student's to rewrite.
    systemMessage: preset.systemMessage?.trim() || input.systemMessage?.trim() || DEFAULT_SYSTEM_MESSAGE,
    temperature: input.temperature ?? preset.temperature ?? DEFAULT_TEMPERATURE,
    topP: input.top_p ?? preset.topP ?? DEFAULT_TOP_P,
    datasetIds: input.datasetIds ?? preset.datasetIds ?? [],
    assistantId: input.assistantId ?? null,
    courseId: input.courseId ?? null,
    pinnedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await insertChat(ctx.db, chat);
  return chatViewFor(ctx, userId, chat);
}

/** Two models to compare when the client names none: the first two offered. */
function defaultCompareModels(ctx: ServerContext): ModelChoice[] {
  return ctx.ai.models.slice(0, 2).map((m) => ({ model: m.name, ...(m.versions[0] ? { version: m.versions[0] } : {}) }));
}

/** Settings changes as the client sent them, checked; unchanged fields are left alone. */
export function settingsChanges(
  ctx: ServerContext,
  input: ChatSettingsInput,
  chat: Pick<ChatRecord, 'mode' | 'assistantId' | 'courseId' | 'systemMessage'>,
): ChatChanges {
  const changes: ChatChanges = {};
  const mode = chat.mode;
  if (input.title !== undefined) {
    const title = input.title.trim();
    if (!title) throw badRequest('标题不能为空');
    changes.title = title;
  }
  if (input.model !== undefined) {
    const picked = resolveModel(ctx, { model: input.model, version: input.modelVersion ?? undefined });
    changes.model = picked.model;
    changes.modelVersion = picked.version ?? null;
  }
  if (input.compareModels !== undefined && mode === 'v2') changes.compareModels = checkCompareModels(ctx, input.compareModels);
  if (input.usingContext !== undefined) changes.usingContext = input.usingContext;
  if (input.systemMessage !== undefined) {
    const systemMessage = input.systemMessage.trim() || DEFAULT_SYSTEM_MESSAGE;
    if (isPresetChat(chat)) {
      // Clients resend their settings with every question; only a real change is refused
      // (an empty one is what a user who may not read the preset's prompt was shown).
      if (input.systemMessage.trim() && systemMessage !== chat.systemMessage) throw badRequest('这个对话的系统消息由助手或课程设定，不能修改');
    } else {
      changes.systemMessage = systemMessage;
    }
  }
  if (input.temperature !== undefined) changes.temperature = input.temperature;
  if (input.top_p !== undefined) changes.topP = input.top_p;
  if (input.datasetIds !== undefined) changes.datasetIds = [...new Set(input.datasetIds)];
  return changes;
}

export async function updateChatSettings(ctx: ServerContext, userId: string, chatId: string, input: ChatSettingsInput): Promise<ChatView> {
  const chat = await requireOwnChat(ctx, userId, chatId);
  const changes = settingsChanges(ctx, await userChatInput(ctx, userId, chat, input), chat);
  await updateChat(ctx.db, chat.id, { ...changes, updatedAt: ctx.now() });
  return chatViewFor(ctx, userId, { ...chat, ...changes, updatedAt: ctx.now() });
}

export async function listOwnChats(
  ctx: ServerContext,
  userId: string,
  query: { title?: string; mode?: ChatMode; assistantId?: string; courseId?: string; page: number; pageSize: number },
): Promise<ChatView[]> {
  const chats = await listChats(ctx.db, {
    userId,
    title: query.title?.trim() || undefined,
    mode: query.mode,
    assistantId: query.assistantId,
    courseId: query.courseId,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return chatViewsFor(ctx, userId, chats);
}

export async function removeChat(ctx: ServerContext, userId: string, chatId: string): Promise<void> {
  const chat = await requireOwnChat(ctx, userId, chatId);
  const pictures = questionPictureIds(await listMessages(ctx.db, chat.id));
  await deleteChat(ctx.db, chat.id);
  await removeDeletedQuestionPictures(ctx, chat.userId, pictures);
}

export async function setPinned(ctx: ServerContext, userId: string, chatId: string, pinned: boolean): Promise<ChatView> {
  const chat = await requireOwnChat(ctx, userId, chatId);
  const pinnedAt = pinned ? ctx.now() : null;
  await updateChat(ctx.db, chat.id, { pinnedAt });
  return chatViewFor(ctx, userId, { ...chat, pinnedAt });
}

/** For a v2 question, which models were asked (SPEC's contrastData), from its answers. */
function contrastDataFor(messages: MessageRecord[], question: MessageRecord): string | null {
  const answers = messages.filter((m) => m.parentId === question.id && m.groupId);
  if (answers.length === 0) return null;
  return JSON.stringify(answers.map((a) => ({ messageId: a.id, model: a.model, modelVersion: a.modelVersion, rating: a.rating })));
}

export async function loadMessages(ctx: ServerContext, userId: string, chatId: string): Promise<MessageView[]> {
  const chat = await requireOwnChat(ctx, userId, chatId);
  const messages = await listMessages(ctx.db, chat.id);
  return messages.map((m) => messageView(m, m.role === 'user' && chat.mode === 'v2' ? { contrastData: contrastDataFor(messages, m) } : {}));
}

export async function getOwnMessage(ctx: ServerContext, userId: string, messageId: string): Promise<MessageView> {
  return messageView(await requireOwnMessage(ctx, userId, messageId));
}

export async function editMessage(ctx: ServerContext, userId: string, messageId: string, content: string): Promise<MessageView> {
  const message = await requireOwnMessage(ctx, userId, messageId);
  if (message.contentType !== 'text') throw badRequest('图片消息不能编辑，请重新发送');
  if (message.status === 'streaming') throw badRequest('回答还在生成中，请先停止再编辑');
  if (!content.trim()) throw badRequest('消息内容不能为空');
  await saveEditedMessage(ctx.db, message.id, content, ctx.now());
  return messageView({ ...message, content, updatedAt: ctx.now(), editedAt: ctx.now() });
}

/**
 * Deleting a question removes its answers with it; deleting an answer removes
 * only that answer. Later turns stay, re-attached to what came before.
 */
export async function removeMessage(ctx: ServerContext, userId: string, messageId: string): Promise<void> {
  const message = await requireOwnMessage(ctx, userId, messageId);
  if (message.status === 'streaming') throw badRequest('回答还在生成中，请先停止再删除');
  const ids = [message.id];
  if (message.role === 'user') {
    const all = await listMessages(ctx.db, message.chatId);
    ids.push(...all.filter((m) => m.parentId === message.id && m.role === 'assistant').map((m) => m.id));
  }
  await deleteMessages(ctx.db, ids, message.parentId);
  await removeDeletedQuestionPictures(ctx, message.userId, questionPictureIds([message]));
}

export type Rating = -1 | 0 | 1;

/** Why a thumbs-down: one of the choices and the reader's words, both optional. */
export interface RatingWhy {
  reason?: RatingReason;
  note?: string;
}

/**
 * Rates an answer. A thumbs-down may say why; the note is read by the teacher
 * of the chat, so it passes the safety module first. Any other rating clears
 * a reason given before.
 */
export async function rateMessage(ctx: ServerContext, userId: string, messageId: string, rating: Rating, why: RatingWhy = {}): Promise<MessageView> {
  const message = await requireOwnMessage(ctx, userId, messageId);
  if (message.role !== 'assistant') throw badRequest('只能评价 AI 的回答');
  const note = rating === -1 ? why.note?.trim() || null : null;
  if (note) await checkRatingNote(ctx, message, note);
  const changes = { rating, ratingReason: rating === -1 ? (why.reason ?? null) : null, ratingNote: note };
  await updateMessage(ctx.db, message.id, changes);
  // In compare mode a thumbs-up is the user's pick of the group: one winner.
  if (message.groupId && rating === 1) await clearGroupRatings(ctx.db, message.groupId, message.id);
  return messageView({ ...message, ...changes });
}

export async function shareMessage(ctx: ServerContext, userId: string, messageId: string): Promise<{ shareId: string; path: string }> {
  const message = await requireOwnMessage(ctx, userId, messageId);
  if (message.status === 'streaming') throw badRequest('回答还在生成中，完成后再分享');
  // A public page must never show a failed answer as if it were one.
  if (message.role === 'assistant' && (message.status === 'error' || message.status === 'blocked')) throw badRequest('没有完成的回答不能分享，请重试后再分享');
  if (!/[^\s\u200b-\u200d\u2060]/u.test(message.content)) throw badRequest('空白的消息不能分享');
  await requireShareable(ctx, message);
  const existing = await findShareByMessage(ctx.db, message.id);
  const shareId = existing ?? newId();
  if (!existing) await insertShare(ctx.db, { id: shareId, messageId: message.id, userId, createdAt: ctx.now() });
  return { shareId, path: `/shareView?id=${encodeURIComponent(shareId)}` };
}

export interface SharedMessageView {
  shareId: string;
  sharedAt: number;
  message: Pick<
    MessageView,
    'messageId' | 'role' | 'contentType' | 'content' | 'model' | 'modelVersion' | 'reference' | 'createTime' | 'status' | 'editedAt'
  > & {
    /** The model's name as the picker shows it (e.g. 内置离线引擎 for builtin). */
    modelLabel: string | null;
  };
  /** For a shared answer, the question it answers (an answer alone reads out of context); no id, nothing else of the chat. */
  question: Pick<MessageView, 'contentType' | 'content' | 'createTime'> | null;
}

/** Public: exactly the shared message and nothing else of the chat. */
export async function readShare(ctx: ServerContext, shareId: string): Promise<SharedMessageView> {
  const share = await findShare(ctx.db, shareId);
  const message = share ? await findMessage(ctx.db, share.messageId) : null;
  if (!share || !message) throw notFound('分享的内容不存在或已被删除');
  const view = await withInlineImages(ctx, messageView(message));
  const asked = message.role === 'assistant' && message.parentId ? await findMessage(ctx.db, message.parentId) : null;
  const question = asked && asked.chatId === message.chatId && asked.role === 'user' ? await withInlineImages(ctx, messageView(asked)) : null;
  return {
    shareId: share.id,
    sharedAt: share.createdAt,
    message: {
      messageId: view.messageId,
      role: view.role,
      contentType: view.contentType,
      content: view.content,
      model: view.model,
      modelLabel: view.model ? (ctx.ai.models.find((m) => m.name === view.model)?.label ?? view.model) : null,
      modelVersion: view.modelVersion,
      reference: view.reference,
      createTime: view.createTime,
      status: view.status,
      // The shared page says the text was changed by its user, not written by the AI alone.
      editedAt: view.editedAt,
    },
    question: question ? { contentType: question.contentType, content: question.content, createTime: question.createTime } : null,
  };
}

export async function revokeShare(ctx: ServerContext, userId: string, shareId: string): Promise<void> {
  const share = await findShare(ctx.db, shareId);
  if (!share || share.userId !== userId) throw notFound('分享不存在或已取消');
  await deleteShare(ctx.db, share.id);
}

export async function suggestedQuestions(ctx: ServerContext, userId: string, messageId: string): Promise<string[]> {
  const answer = await requireOwnMessage(ctx, userId, messageId);
  if (answer.role !== 'assistant' || answer.status !== 'done') return [];
  const chat = await requireOwnChat(ctx, userId, answer.chatId);
  const question = answer.parentId ? await findMessage(ctx.db, answer.parentId) : null;
  const resolved = ctx.ai.resolve(answer.model ?? chat.model, answer.modelVersion ?? undefined);
  if (!resolved || !question) return [];
  const references = answer.reference ? (JSON.parse(answer.reference) as Parameters<typeof suggestQuestions>[5]) : [];
  try {
    return await suggestQuestions(resolved.provider, resolved.model.name, resolved.version, question.content, answer.content, references);
  } catch {
    return []; // suggestions are a nicety; a failing model must not show an error here
  }
}
