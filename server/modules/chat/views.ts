// The shapes the client reads (SPEC §3 chat and message fields).
import type { ServerLocale } from '../../i18n/locales.js';
import { translateMessage } from '../../i18n/translate.js';
import type { ChatRecord, MessageRecord } from './store.js';

export interface ChatView {
  chatNumber: string;
  title: string;
  mode: 'v1' | 'v2';
  model: string;
  modelVersion: string | null;
  compareModels: Array<{ model: string; version?: string }>;
  usingContext: boolean;
  systemMessage: string;
  temperature: number;
  top_p: number;
  datasetIds: string[];
  assistantId: string | null;
  courseId: string | null;
  pinned: boolean;
  /** When it was pinned (null when not), so lists from v1 and v2 merge in order. */
  pinnedAt: number | null;
  createTime: number;
  updateTime: number;
}

export function chatView(chat: ChatRecord): ChatView {
  return {
    chatNumber: chat.id,
    title: chat.title,
    mode: chat.mode,
    model: chat.model,
    modelVersion: chat.modelVersion,
    compareModels: chat.compareModels,
    usingContext: chat.usingContext,
    systemMessage: chat.systemMessage,
    temperature: chat.temperature,
    top_p: chat.topP,
    datasetIds: chat.datasetIds,
    assistantId: chat.assistantId,
    courseId: chat.courseId,
    pinned: chat.pinnedAt !== null,
    pinnedAt: chat.pinnedAt,
    createTime: chat.createdAt,
    updateTime: chat.updatedAt,
  };
}

export interface MessageView {
  messageId: string;
  parentMessageId: string | null;
  conversationId: string;
  createTime: number;
  contentType: 'text' | 'image';
  content: string;
  files: MessageRecord['files'];
  model: string | null;
  modelVersion: string | null;
  role: 'user' | 'assistant';
  /** JSON text: list of {documentId, documentName, chunkId, passage, score}. */
  reference: string | null;
  /** 'single' for v1 answers, 'contrast' for the answers of a v2 compare group. */
  pattern: 'single' | 'contrast';
  gmessageId: string | null;
  /** v2: for a question, the models asked; JSON text. */
  contrastData: string | null;
  rating: number;
  status: MessageRecord['status'];
  error: string | null;
  usage: { promptTokens: number; completionTokens: number };
  /** When its user last edited the text; null when never. */
  editedAt: number | null;
  /** A thinking model's reasoning before the answer (shown folded, never sent back as context); null when none. */
  reasoning: string | null;
  /** How long it reasoned, in ms; null when it did not. */
  reasoningMs: number | null;
  /** A blocked answer's safety category. */
  safetyCategory?: string;
  /** A rated-down answer: why, when its reader said (reason one of RATING_REASONS; note their words). */
  ratingReason: { reason: string | null; note: string | null } | null;
  chatTitle?: string;
}

export function messageView(m: MessageRecord, extra: { contrastData?: string | null; chatTitle?: string } = {}): MessageView {
  return {
    messageId: m.id,
    parentMessageId: m.parentId,
    conversationId: m.chatId,
    createTime: m.createdAt,
    contentType: m.contentType,
    content: m.content,
    files: m.files,
    model: m.model,
    modelVersion: m.modelVersion,
    role: m.role,
    reference: m.reference,
    pattern: m.groupId ? 'contrast' : 'single',
    gmessageId: m.groupId,
    contrastData: extra.contrastData ?? null,
    rating: m.rating,
    status: m.status,
    error: m.error,
    usage: { promptTokens: m.promptTokens, completionTokens: m.completionTokens },
    editedAt: m.editedAt ?? null,
    reasoning: m.reasoning ?? null,
    reasoningMs: m.reasoningMs ?? null,
    ratingReason: m.rating === -1 && (m.ratingReason || m.ratingNote) ? { reason: m.ratingReason ?? null, note: m.ratingNote ?? null } : null,
    ...(m.status === 'blocked' && m.safetyCategory ? { safetyCategory: m.safetyCategory } : {}),
    ...(extra.chatTitle ? { chatTitle: extra.chatTitle } : {}),
  };
}

/**
 * A message as its reader's language shows it: an answer's error is saved
 * as the catalogue's zh-CN text (it fails before anyone reads it, or while
 * no one is there: a server that stopped), so it is put into the language
 * of each request that lists it.
 */
export function viewInLocale<T extends { error: string | null }>(view: T, locale: ServerLocale): T {
  return view.error ? { ...view, error: translateMessage(view.error, locale) } : view;
}
