import { atom, computed, map } from 'nanostores'
import { deleteMessage, fetchSuggested, loadMessages, sendFeedback, type ChatMessage, type ChatMode } from '../api/chat'
import { isCancel } from '../api/errors'
import { onUserChange, perUser } from './user-scope'
import type { RatingReason } from '../../shared/rating-reasons'

/**
 * The messages of the open chat (in memory only: the server holds them) and
 * the path through their tree that is shown. A question answered again has
 * several answers under it (alternatives, browsed "< 2/3 >"); the answers of
 * a compare question share a `gmessageId` and are shown side by side.
 */

export type ThreadItem =
  | { kind: 'question'; key: string; message: ChatMessage }
  | { kind: 'answer'; key: string; message: ChatMessage; alternatives: readonly string[] }
  | { kind: 'compare'; key: string; answers: readonly ChatMessage[] }

const ROOT = '~root'

/** The chat whose messages `$messages` holds ('' for a new chat). */
export const $threadChat = perUser(atom(''), () => '')
export const $messages = perUser(atom<readonly ChatMessage[]>([]), () => [])
export const $messagesLoading = perUser(atom(false), () => false)
/** parent id (or the root) → the child shown, when the user picked one; else the newest shows. */
export const $branchChoice = perUser(map<Record<string, string>>({}), () => ({}))

/** Follow-up questions offered after the newest answer. */
export const $suggestions = perUser(atom<{ messageId: string; questions: readonly string[] } | null>(null), () => null)

function childrenByParent(messages: readonly ChatMessage[]): Map<string, ChatMessage[]> {
  const children = new Map<string, ChatMessage[]>()
  const ids = new Set(messages.map(m => m.messageId))
  for (const message of messages) {
    // An orphan (its parent deleted) is shown from the root rather than lost.
    const parent = message.parentMessageId && ids.has(message.parentMessageId) ? message.parentMessageId : ROOT
    const list = children.get(parent)
    if (list) list.push(message)
    else children.set(parent, [message])
  }
  return children
}

function chosen(list: readonly ChatMessage[] | undefined, choice: string | undefined): ChatMessage | undefined {
  if (!list?.length) return undefined
  return list.find(m => m.messageId === choice) ?? list[list.length - 1]
}

/** The answer a compare group continues from: the preferred one, else the last. */
export function groupLead(answers: readonly ChatMessage[]): ChatMessage | undefined {
  return answers.find(a => a.rating === 1) ?? answers.at(-1)
}

/** The shown path: questions, each followed by its chosen answer or its compare group. */
export function buildThread(messages: readonly ChatMessage[], choice: Record<string, string>): ThreadItem[] {
  const children = childrenByParent(messages)
  const items: ThreadItem[] = []
  const seen = new Set<string>()
  let node = chosen(children.get(ROOT), choice[ROOT])
  while (node && !seen.has(node.messageId)) {
    seen.add(node.messageId)
    if (node.role === 'user') {
      items.push({ kind: 'question', key: node.messageId, message: node })
      const answers = children.get(node.messageId)
      const answer = chosen(answers, choice[node.messageId])
      if (!answer) break
      if (answer.gmessageId) {
        const group = answers!.filter(a => a.gmessageId === answer.gmessageId)
        group.forEach(a => seen.add(a.messageId))
        items.push({ kind: 'compare', key: answer.gmessageId, answers: group })
        // The next question hangs under one of the group's answers.
        const followUps = group.flatMap(a => children.get(a.messageId) ?? []).sort((a, b) => a.createTime - b.createTime)
        node = chosen(followUps, choice[answer.gmessageId])
        continue
      }
      seen.add(answer.messageId)
      items.push({ kind: 'answer', key: answer.messageId, message: answer, alternatives: answers!.filter(a => !a.gmessageId).map(a => a.messageId) })
      node = chosen(children.get(answer.messageId), choice[answer.messageId])
    } else {
      items.push({ kind: 'answer', key: node.messageId, message: node, alternatives: [node.messageId] })
      node = chosen(children.get(node.messageId), choice[node.messageId])
    }
  }
  return items
}

export const $thread = computed([$messages, $branchChoice], buildThread)

/** The message a new question follows: the end of the shown path, or null for the first question. */
export function threadTail(items: readonly ThreadItem[] = $thread.get()): string | null {
  const last = items[items.length - 1]
  if (!last) return null
  if (last.kind === 'compare') return groupLead(last.answers)?.messageId ?? null
  return last.message.messageId
}

/** A message with every field at its empty value, for messages made here before the server names them. */
export function blankMessage(fields: Partial<ChatMessage> & Pick<ChatMessage, 'messageId' | 'role' | 'conversationId'>): ChatMessage {
  return {
    parentMessageId: null,
    createTime: Date.now(),
    contentType: 'text',
    content: '',
    files: [],
    model: null,
    modelVersion: null,
    reference: null,
    pattern: 'single',
    gmessageId: null,
    contrastData: null,
    rating: 0,
    status: 'done',
    error: null,
    ...fields,
  }
}

let loadRequest: AbortController | undefined
onUserChange(() => loadRequest?.abort())

/** Shows a chat's messages ('' clears for a new chat). Resolves false when the chat could not be read. */
export async function openThread(mode: ChatMode, chatNumber: string): Promise<boolean> {
  loadRequest?.abort()
  $threadChat.set(chatNumber)
  $messages.set([])
  $branchChoice.set({})
  $suggestions.set(null)
  if (!chatNumber) {
    $messagesLoading.set(false)
    return true
  }
  const controller = (loadRequest = new AbortController())
  $messagesLoading.set(true)
  try {
    const messages = await loadMessages(mode, chatNumber, { signal: controller.signal, quiet: true })
    if (loadRequest === controller) $messages.set(messages)
    return true
  } catch (error) {
    if (isCancel(error)) return true
    return false
  } finally {
    if (loadRequest === controller) $messagesLoading.set(false)
  }
}

/** A new chat was created for the question being sent: its (empty) thread is the one shown. */
export function adoptNewChat(chatNumber: string): void {
  loadRequest?.abort()
  $threadChat.set(chatNumber)
  $messagesLoading.set(false)
}

export async function reloadThread(mode: ChatMode): Promise<void> {
  const chatNumber = $threadChat.get()
  if (!chatNumber) return
  const messages = await loadMessages(mode, chatNumber)
  if ($threadChat.get() === chatNumber) $messages.set(messages)
}

export function addMessages(...added: ChatMessage[]): void {
  $messages.set([...$messages.get(), ...added])
}

/** Replaces messages by id; `replacement` null removes. Other messages keep their identity (memoized rows). */
export function replaceMessage(messageId: string, replacement: ChatMessage | null): void {
  const list = $messages.get()
  const index = list.findIndex(m => m.messageId === messageId)
  if (index === -1) return
  const next = [...list]
  if (replacement) next[index] = replacement
  else next.splice(index, 1)
  $messages.set(next)
}

export function patchMessage(messageId: string, patch: Partial<ChatMessage>): void {
  const message = $messages.get().find(m => m.messageId === messageId)
  if (message) replaceMessage(messageId, { ...message, ...patch })
}

export function chooseBranch(parentKey: string, messageId: string): void {
  $branchChoice.setKey(parentKey, messageId)
}

export function findMessage(messageId: string): ChatMessage | undefined {
  return $messages.get().find(m => m.messageId === messageId)
}

export async function removeMessage(mode: ChatMode, messageId: string): Promise<void> {
  await deleteMessage(mode, messageId)
  await reloadThread(mode)
}

/** Thumbs: clicking the rating the answer already has clears it. */
export async function rateAnswer(message: ChatMessage, rating: 1 | -1): Promise<void> {
  const next = message.rating === rating ? 0 : rating
  const saved = await sendFeedback({ messageId: message.messageId, rating: next, conversationId: message.conversationId, model: message.model ?? undefined })
  replaceMessage(message.messageId, saved)
  // In a compare group one answer at most is preferred: the server reset the others.
  if (next === 1 && message.gmessageId) {
    for (const other of $messages.get()) {
      if (other.gmessageId === message.gmessageId && other.messageId !== message.messageId && other.rating === 1) {
        replaceMessage(other.messageId, { ...other, rating: 0 })
      }
    }
  }
}

/** A thumbs-down's reason and note, after the rating itself was saved. */
export async function explainRatingDown(message: ChatMessage, reason: RatingReason | undefined, note: string): Promise<void> {
  const saved = await sendFeedback({ messageId: message.messageId, rating: -1, reason, note: note.trim() || undefined, conversationId: message.conversationId })
  replaceMessage(message.messageId, saved)
}

export async function loadSuggestions(answer: ChatMessage): Promise<void> {
  $suggestions.set(null)
  try {
    const questions = await fetchSuggested({ messageId: answer.messageId, conversationId: answer.conversationId, model: answer.model ?? undefined })
    if ($threadChat.get() === answer.conversationId && questions.length) $suggestions.set({ messageId: answer.messageId, questions })
  } catch {
    // a nicety: nothing to show
  }
}
