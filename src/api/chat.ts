import { uploadFile, type UploadedFile } from './files'
import { request, type RequestOptions } from './client'
import { streamEvents } from './stream'
import type { RatingReason } from '../../shared/rating-reasons'

/**
 * The chat calls of SPEC §7 ("Chat, version 1" and "version 2") as
 * docs/api/chat.md fixes them. v1 chats answer with one model, v2 chats
 * compare several; the calls are the same under `/v1` or `/v2`, and the
 * mode of a chat decides which prefix its calls use.
 */

export type ChatMode = 'v1' | 'v2'

export interface ModelInfo {
  name: string
  label: string
  /** Upstream model names; one is sent as `modelVersion`. */
  versions: string[]
  /** Can read images. */
  vision: boolean
  /** The offline engine (no language model configured). */
  builtin: boolean
  /** An image model: its answers are pictures (image messages), made by the generation queue. */
  kind?: 'image'
}

export interface ModelCatalogue {
  models: ModelInfo[]
  defaultModel: string
}

/** One model of a compare chat, with the version picked for it. */
export interface ModelChoice {
  model: string
  version?: string
}

export interface ChatSettings {
  title?: string
  model?: string
  modelVersion?: string | null
  usingContext?: boolean
  systemMessage?: string
  temperature?: number
  top_p?: number
  datasetIds?: string[]
  /** v2 only: the models to compare (2–4). */
  models?: ModelChoice[]
}

export interface Chat {
  chatNumber: string
  /** Empty until the first exchange names it. */
  title: string
  mode: ChatMode
  model: string
  modelVersion: string | null
  compareModels: ModelChoice[]
  usingContext: boolean
  systemMessage: string
  temperature: number
  top_p: number
  datasetIds: string[]
  assistantId: string | null
  courseId: string | null
  pinned: boolean
  /** When it was pinned, so the v1 and v2 lists merge in the server's order. */
  pinnedAt: number | null
  createTime: number
  updateTime: number
}

/** `blocked`: the safety check refused the question or the answer; its content is the refusal shown. */
export type MessageStatus = 'done' | 'streaming' | 'stopped' | 'error' | 'blocked'

export interface AttachedFile {
  id: string
  name: string
  size: number
  mime: string
  url: string
  /** How much of its text went to the model: characters sent of the whole (absent until the question is sent). */
  sent?: { chars: number; of: number }
}

/** SPEC §3 chat message as the server sends it. */
export interface ChatMessage {
  messageId: string
  parentMessageId: string | null
  conversationId: string
  createTime: number
  contentType: 'text' | 'image'
  /** Text, or for image messages JSON text of `[{b64Image}, …, {text}]` (an image model's answer: signed links to its pictures). */
  content: string
  files: AttachedFile[]
  model: string | null
  modelVersion: string | null
  role: 'user' | 'assistant'
  /** JSON text of `Reference[]`, or null. */
  reference: string | null
  pattern: 'single' | 'contrast'
  gmessageId: string | null
  /** v2 questions: JSON text of the models asked. */
  contrastData: string | null
  rating: number
  status: MessageStatus
  error: string | null
  usage?: { promptTokens: number; completionTokens: number }
  /** When its user last edited the text (null or absent: never). */
  editedAt?: number | null
  /** A thinking model's reasoning before the answer (shown folded; never sent back as context). */
  reasoning?: string | null
  /** How long it reasoned, in ms. */
  reasoningMs?: number | null
  /** A rated-down answer: why, when its reader said. */
  ratingReason?: { reason: RatingReason | null; note: string | null } | null
  chatTitle?: string
}

export interface Reference {
  documentId: string
  documentName: string
  datasetId?: string
  chunkId: string
  passage: string
  score: number
}

export interface CompletionRequest {
  conversationId: string
  prompt?: string
  model?: string
  modelVersion?: string
  /** The answer this question follows; null starts a new root. */
  parentMessageId?: string | null
  usingContext?: boolean
  systemMessage?: string
  temperature?: number
  top_p?: number
  /** Data URLs (vision models only). */
  images?: string[]
  /** Ids from the upload call. */
  files?: string[]
  datasetIds?: string[]
  /** Answer the question `parentMessageId` again. */
  regenerate?: boolean
  models?: ModelChoice[]
  /** In a course chat: the lesson the student is reading, so the answer knows it. */
  lessonId?: string
}

/**
 * The events of the completion stream (docs/api/chat.md "Completions").
 * An answer's events carry `seq` (1, 2, … per answer): a reader that lost
 * the stream resumes after the last one it saw.
 */
export type CompletionEvent =
  | { type: 'start'; conversationId: string; question: ChatMessage; answers: ChatMessage[] }
  | { type: 'delta'; messageId: string; text: string; seq?: number }
  | { type: 'reasoning'; messageId: string; text: string; seq?: number }
  | { type: 'done'; messageId: string; message: ChatMessage; seq?: number }
  | { type: 'error'; messageId: string; msg: string; message: ChatMessage; seq?: number }
  | { type: 'title'; conversationId: string; chatTitle: string; messageId?: string; seq?: number }
  | { type: 'end' }

export interface ShareLink {
  shareId: string
  /** `/shareView?id=…`, relative to the site. */
  path: string
}

export interface SharedMessage {
  shareId: string
  sharedAt: number
  message: Pick<
    ChatMessage,
    'messageId' | 'role' | 'contentType' | 'content' | 'model' | 'modelVersion' | 'reference' | 'createTime' | 'status' | 'editedAt'
  > & {
    /** The model as the picker names it (e.g. 内置离线引擎 rather than builtin). */
    modelLabel: string | null
  }
  /** The question a shared answer answers (null for a shared question). */
  question: Pick<ChatMessage, 'contentType' | 'content' | 'createTime'> | null
}

export interface PromptTemplate {
  id: string
  title: string
  description: string
  content: string
  category: string
  own: boolean
  createTime: number
}

export interface ChatListQuery {
  title?: string
  assistantId?: string
  courseId?: string
  page?: number
  pageSize?: number
}

export function fetchModels(options?: RequestOptions): Promise<ModelCatalogue> {
  return request<ModelCatalogue>('GET', 'v1/chat/models', undefined, options)
}

export function createChat(mode: ChatMode, settings: ChatSettings & { assistantId?: string; courseId?: string }): Promise<Chat> {
  return request<Chat>('POST', `${mode}/chat`, settings)
}

export function listChats(mode: ChatMode, query: ChatListQuery = {}, options?: RequestOptions): Promise<Chat[]> {
  return request<Chat[]>('GET', `${mode}/chat`, query, options)
}

export function updateChat(mode: ChatMode, chatNumber: string, settings: ChatSettings): Promise<Chat> {
  return request<Chat>('PUT', `${mode}/chat`, { chatNumber, ...settings })
}

export function deleteChat(mode: ChatMode, chatNumber: string): Promise<null> {
  return request<null>('DELETE', `${mode}/chat/${encodeURIComponent(chatNumber)}`)
}

export function setChatPinned(chatNumber: string, pinned: boolean): Promise<Chat> {
  return request<Chat>('POST', pinned ? 'v1/chat/top/add' : 'v1/chat/top/remove', { id: chatNumber })
}

/** The whole tree of a chat, oldest first. */
export function loadMessages(mode: ChatMode, chatNumber: string, options?: RequestOptions): Promise<ChatMessage[]> {
  return request<ChatMessage[]>('POST', `${mode}/chat/message`, { chatNumber }, options)
}

export function fetchMessage(mode: ChatMode, messageId: string): Promise<ChatMessage> {
  return request<ChatMessage>('GET', `${mode}/chat/message/${encodeURIComponent(messageId)}`)
}

export function editMessage(mode: ChatMode, messageId: string, content: string): Promise<ChatMessage> {
  return request<ChatMessage>('PUT', `${mode}/chat/message`, { messageId, content })
}

/** Deleting a question deletes its answers too. */
export function deleteMessage(mode: ChatMode, messageId: string): Promise<null> {
  return request<null>('DELETE', `${mode}/chat/message/${encodeURIComponent(messageId)}`)
}

/** 1 up, -1 down, 0 clears; in a v2 group a 1 marks the preferred answer. */
export function sendFeedback(body: {
  messageId: string
  rating: 1 | -1 | 0
  conversationId?: string
  model?: string
  /** With a thumbs-down: why, and the reader's own words. */
  reason?: RatingReason
  note?: string
}): Promise<ChatMessage> {
  return request<ChatMessage>('POST', 'v1/chat/message/feedback', body)
}

/** Up to three follow-up questions; a nicety, so failures stay quiet. */
export function fetchSuggested(query: { messageId: string; conversationId?: string; model?: string }, options?: RequestOptions): Promise<string[]> {
  return request<string[]>('GET', 'v1/chat/message/suggested', query, { quiet: true, ...options })
}

/**
 * Streams an answer (or several, in a v2 chat). Refusals reject before the
 * first event with the catalogue error; aborting `signal` closes the
 * connection, which stops the provider and keeps what was written.
 */
export async function* streamCompletion(mode: ChatMode, body: CompletionRequest, signal?: AbortSignal): AsyncGenerator<CompletionEvent> {
  for await (const event of streamEvents<CompletionEvent>(`${mode}/chat/completions`, { body, signal })) {
    yield event.data
  }
}

/**
 * Follows an answer still being written (after a reload or a dropped
 * connection, on whichever server): its events after `after` (0: all of it).
 */
export async function* resumeCompletion(mode: ChatMode, messageId: string, after: number, signal?: AbortSignal): AsyncGenerator<CompletionEvent> {
  for await (const event of streamEvents<CompletionEvent>(`${mode}/chat/completions/resume`, { body: { messageId, after }, signal })) {
    yield event.data
  }
}

/** Stops an answer wherever it is being written; closing the stream alone no longer does. */
export function stopCompletion(mode: ChatMode, messageId: string): Promise<{ stopped: boolean }> {
  return request<{ stopped: boolean }>('POST', `${mode}/chat/completions/stop`, { messageId }, { quiet: true })
}

export function shareMessage(messageId: string): Promise<ShareLink> {
  return request<ShareLink>('POST', 'v1/chat/share', { messageId })
}

/** Public: works signed out. Quiet, so a missing share is the page's own "not found". */
export function fetchShare(shareId: string, options?: RequestOptions): Promise<SharedMessage> {
  return request<SharedMessage>('GET', `app/api/chat/share/${encodeURIComponent(shareId)}`, undefined, { quiet: true, ...options })
}

export function revokeShare(shareId: string): Promise<null> {
  return request<null>('DELETE', `v1/chat/share/${encodeURIComponent(shareId)}`)
}

export function listPromptTemplates(query: { title?: string; description?: string } = {}, options?: RequestOptions): Promise<PromptTemplate[]> {
  return request<PromptTemplate[]>('GET', 'app/user/promptTemplate', query, options)
}

/** A file attached to a question (POST /app/api/file/upload); its id goes in `files`. */
export function uploadAttachment(file: File, options?: RequestOptions): Promise<UploadedFile> {
  return uploadFile(file, options)
}
