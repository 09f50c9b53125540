import { atom } from 'nanostores'
import { stopCompletion, streamCompletion, type AttachedFile, type ChatMessage, type ChatMode, type CompletionRequest } from '../api/chat'
import { isCancel } from '../api/errors'
import { $chatMessages } from '../i18n'
import { $activeMode, $chatScope, $chatState, $compareModels, $currentModel, createChat, removeChat, setActiveChat } from './chat'
import { afterStream, failUnfinished, finishUnfinished, noteSeq, onEvent, onStart, resumeAnswers, unfinished, type LocalIds } from './chat-answer-events'
import { beginText, endText, flushStreamTexts, resumeText } from './chat-stream-text'
import {
  $messages,
  $suggestions,
  $threadChat,
  addMessages,
  blankMessage,
  adoptNewChat,
  chooseBranch,
  findMessage,
  openThread,
  patchMessage,
  replaceMessage,
  threadTail,
} from './chat-thread'
import { $pendingDatasetIds } from './knowledge'
import { $modelSettings, takeSystemMessage } from './model-settings'
import { showToast } from './toasts'
import { onUserChange } from './user-scope'
import { $quotaRefusal, noteQuotaRefusal } from './quota'

export { $lastAnswerEnd } from './chat-answer-events'
export { streamReasoningOf, streamTextOf, type LiveReasoning } from './chat-stream-text'

/**
 * Sending a question and streaming its answers. A delta never touches the
 * message list: each streaming answer has its own text atom, which only that
 * answer's row reads, so a delta re-renders one row (and MarkdownView in it
 * only its last block). The list changes at the start and end of a stream.
 */

export interface Sending {
  chatNumber: string
  mode: ChatMode
  /** Answers being written (local placeholders until the server names them). */
  answerIds: readonly string[]
  controller: AbortController
}

export const $sending = atom<Sending | null>(null)

/** The lesson being read beside a course chat (`<zx-dialogue lesson-id>`); sent with each question. */
export const $chatLesson = atom('')

// The next person does not inherit an answer being written: its stream is closed
// (the token that could ask the server to stop it is already gone); its text goes with chat-stream-text.
onUserChange(() => {
  $sending.get()?.controller.abort()
  $sending.set(null)
})

let localIds = 0
function localId(kind: string): string {
  return `local-${kind}-${++localIds}`
}

function localMessage(fields: Partial<ChatMessage> & Pick<ChatMessage, 'messageId' | 'role'>): ChatMessage {
  return blankMessage({ conversationId: $threadChat.get(), ...fields })
}

/** What the next question is sent with: the picked model(s) and the context switch. */
function modelFields(mode: ChatMode): Partial<CompletionRequest> {
  const { usingContext } = $chatState.get()
  if (mode === 'v2') return { models: $compareModels.get(), usingContext }
  const current = $currentModel.get()
  return current ? { model: current.info.name, modelVersion: current.version, usingContext } : { usingContext }
}

export interface Question {
  prompt: string
  /** Data URLs, already downscaled. Sent once; kept only in memory. */
  images?: string[]
  files?: AttachedFile[]
}

/** The chat to send in: the open one, or a new one created now with the current picks (`created`). */
async function chatToSendIn(): Promise<{ chatNumber: string; mode: ChatMode; created?: boolean }> {
  const active = $chatState.get().active
  if (active && $threadChat.get() === active) return { chatNumber: active, mode: $activeMode.get() }
  const settings = $modelSettings.get()
  const mode: ChatMode = $chatState.get().compare ? 'v2' : 'v1'
  const picks = mode === 'v2' ? { models: $compareModels.get() } : { model: $currentModel.get()?.info.name, modelVersion: $currentModel.get()?.version ?? null }
  // A course's or assistant's chat takes its prompt, model and temperature from there (the server's
  // preset); the user's own defaults would override them. Opening the new chat then picks its model.
  const { assistantId, courseId } = $chatScope.get()
  const chat = await createChat(
    assistantId || courseId ? {} : { ...settings, systemMessage: takeSystemMessage(), ...picks, datasetIds: $pendingDatasetIds.get() },
  )
  adoptNewChat(chat.chatNumber)
  setActiveChat(chat.chatNumber)
  return { chatNumber: chat.chatNumber, mode: chat.mode, created: true }
}

/**
 * Sends a question. Resolves false when it was not sent (already streaming,
 * or refused before any answer started: the catalogue told the user why), so
 * the composer can give the text back.
 */
export async function sendQuestion(question: Question): Promise<boolean> {
  if ($sending.get()) return false
  const prompt = question.prompt.trim()
  const images = question.images ?? []
  if (!prompt && images.length === 0) return false
  const controller = new AbortController()
  // Claimed before the chat exists, so a second Enter cannot send twice.
  $sending.set({ chatNumber: '', mode: 'v1', answerIds: [], controller })
  let target: { chatNumber: string; mode: ChatMode; created?: boolean }
  try {
    target = await chatToSendIn()
  } catch {
    $sending.set(null)
    return false
  }
  const parent = threadTail()
  const pendingQuestion = localMessage({
    messageId: localId('question'),
    role: 'user',
    parentMessageId: parent,
    conversationId: target.chatNumber,
    contentType: images.length ? 'image' : 'text',
    content: images.length ? JSON.stringify([...images.map(b64Image => ({ b64Image })), { text: prompt }]) : prompt,
    files: question.files ?? [],
  })
  const placeholder = localMessage({
    messageId: localId('answer'),
    role: 'assistant',
    parentMessageId: pendingQuestion.messageId,
    conversationId: target.chatNumber,
    status: 'streaming',
  })
  addMessages(pendingQuestion, placeholder)
  $suggestions.set(null)
  const body: CompletionRequest = {
    conversationId: target.chatNumber,
    prompt,
    parentMessageId: parent,
    ...modelFields(target.mode),
    ...(images.length ? { images } : {}),
    ...(question.files?.length ? { files: question.files.map(f => f.id) } : {}),
    ...($chatLesson.get() && $chatScope.get().courseId ? { lessonId: $chatLesson.get() } : {}),
  }
  // A chat made for this question and refused before any answer would stay in the list as an empty
  // "新对话": it goes again (the composer keeps the text to send once the problem is fixed).
  const refused = target.created ? () => void removeChat(target.chatNumber).catch(() => {}) : undefined
  return runStream(target, body, controller, { question: pendingQuestion.messageId, placeholder: placeholder.messageId, refused })
}

/** Answers a question again (v1); the new answer joins its alternatives and is shown. */
export async function regenerate(questionId: string): Promise<boolean> {
  const chatNumber = $threadChat.get()
  if ($sending.get() || !chatNumber) return false
  const mode = $activeMode.get()
  const controller = new AbortController()
  const placeholder = localMessage({
    messageId: localId('answer'),
    role: 'assistant',
    parentMessageId: questionId,
    conversationId: chatNumber,
    status: 'streaming',
  })
  addMessages(placeholder)
  chooseBranch(questionId, placeholder.messageId)
  $suggestions.set(null)
  const body: CompletionRequest = { conversationId: chatNumber, parentMessageId: questionId, regenerate: true, ...modelFields(mode) }
  return runStream({ chatNumber, mode }, body, controller, { placeholder: placeholder.messageId })
}

async function runStream(
  target: { chatNumber: string; mode: ChatMode },
  body: CompletionRequest,
  controller: AbortController,
  local: LocalIds,
): Promise<boolean> {
  const sending: Sending = { ...target, answerIds: [local.placeholder], controller }
  $sending.set(sending)
  beginText(local.placeholder)
  let started = false
  let answerIds: string[] = []
  const seen: Record<string, number> = {}
  let ended = false
  try {
    for await (const event of streamCompletion(target.mode, body, controller.signal)) {
      // Leaving the chat stops reading (the connection closes, the server keeps what was written);
      // `end` is final even if a proxy holds the connection open.
      if ($threadChat.get() !== target.chatNumber) break
      if (event.type === 'end') {
        ended = true
        break
      }
      if (event.type === 'start') {
        started = true
        $quotaRefusal.set(null)
        answerIds = event.answers.map(a => a.messageId)
        onStart(event, local)
        $sending.set({ ...sending, answerIds })
      } else {
        noteSeq(seen, event)
        onEvent(event, target.chatNumber)
      }
    }
    // Cut off without its end (a server between us went away): the answers are still being written somewhere.
    if (started && !ended && !controller.signal.aborted && $threadChat.get() === target.chatNumber) {
      if (!(await resumeAnswers(target, unfinished(answerIds), seen, controller.signal))) failUnfinished(answerIds, $chatMessages.get().connectionLost)
    }
    return started
  } catch (error) {
    if (!started) {
      // Refused before anything was written: as if it was never sent.
      if (local.question) replaceMessage(local.question, null)
      replaceMessage(local.placeholder, null)
      endText(local.placeholder)
      if (!isCancel(error)) local.refused?.()
      noteQuotaRefusal(error)
      return false
    }
    // The connection dropped, not the answer: it is still being written on the server; pick it up where it was.
    if (!isCancel(error) && !(await resumeAnswers(target, unfinished(answerIds), seen, controller.signal))) {
      failUnfinished(answerIds, $chatMessages.get().connectionLost)
    }
    return true
  } finally {
    if (!started) endText(local.placeholder)
    // Answers the stream left open (stop, a dropped connection) keep what arrived.
    finishUnfinished(answerIds, 'stopped')
    flushStreamTexts()
    if ($sending.get()?.controller === controller) $sending.set(null)
    if (started) afterStream(target.chatNumber, answerIds)
  }
}

/**
 * A chat opened (or the page reloaded) while one of its answers is still
 * being written, here or on another server: follow it to its end instead
 * of showing it dead. Its text is rebuilt from the answer's first event.
 */
export async function reattachStreaming(): Promise<void> {
  const chatNumber = $threadChat.get()
  const ids = $messages
    .get()
    .filter(m => m.role === 'assistant' && m.status === 'streaming')
    .map(m => m.messageId)
  if (!chatNumber || ids.length === 0 || $sending.get()) return
  const controller = new AbortController()
  const target = { chatNumber, mode: $activeMode.get() }
  $sending.set({ ...target, answerIds: ids, controller })
  for (const id of ids) {
    // Until the first event arrives the saved part shows; the row then reads the answer's own text atom.
    resumeText(id, findMessage(id)?.content ?? '')
    patchMessage(id, {})
  }
  try {
    if (!(await resumeAnswers(target, ids, {}, controller.signal)) && $threadChat.get() === chatNumber) {
      failUnfinished(ids, $chatMessages.get().connectionLost)
    }
  } finally {
    if ($threadChat.get() === chatNumber) finishUnfinished(ids, 'stopped')
    flushStreamTexts()
    if ($sending.get()?.controller === controller) $sending.set(null)
    if ($threadChat.get() === chatNumber) afterStream(chatNumber, ids)
  }
}

/** Stops the answers being written; they keep what was written and show as stopped. */
export function stopSending(): void {
  const sending = $sending.get()
  if (!sending) return
  for (const id of sending.answerIds) {
    // Closing the stream stops it; the explicit call covers proxies that keep a closed connection open.
    if (!id.startsWith('local-')) stopCompletion(sending.mode, id).catch(() => {})
  }
  sending.controller.abort()
}

/**
 * Shows the active chat's messages whenever the active chat changes (a
 * click in the list, the element's attribute, a new chat). An answer still
 * streaming in the chat being left is stopped: it keeps what was written.
 */
export async function followActiveChat(): Promise<void> {
  const active = $chatState.get().active
  if (active === $threadChat.get()) return
  stopSending()
  const found = await openThread($activeMode.get(), active)
  if (!found && $chatState.get().active === active) {
    showToast('warning', $chatMessages.get().chatNotFound)
    setActiveChat('')
  } else if (found && $threadChat.get() === active) {
    void reattachStreaming()
  }
}
