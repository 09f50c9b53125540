// What arrives on an answer's stream, applied to the thread: the start
// (placeholders give way to the server's messages), deltas and reasoning,
// the end of each answer, and following answers still being written after
// a dropped connection, each from the last event seen.
import { atom } from 'nanostores'
import { resumeCompletion, type ChatMode, type CompletionEvent } from '../api/chat'
import { HttpError, isCancel } from '../api/errors'
import { patchChat } from './chat'
import { $thread, $threadChat, addMessages, chooseBranch, findMessage, loadSuggestions, patchMessage, replaceMessage } from './chat-thread'
import { appendDelta, appendReasoning, beginText, dropReasoning, endReasoning, endReasoningText, endText } from './chat-stream-text'
import { perUser } from './user-scope'

/** Raised after every stream ends, for the element's `zx:answer-end` event. */
export const $lastAnswerEnd = perUser(atom<{ chatNumber: string; messageIds: readonly string[] } | null>(null), () => null)

/** The local messages shown until the server names the question and its answers. */
export interface LocalIds {
  question?: string
  placeholder: string
  /** The request failed before an answer started. */
  refused?: () => void
}

export function onStart(event: Extract<CompletionEvent, { type: 'start' }>, local: LocalIds): void {
  if (local.question) replaceMessage(local.question, event.question)
  replaceMessage(local.placeholder, null)
  endText(local.placeholder)
  dropReasoning(local.placeholder)
  for (const answer of event.answers) beginText(answer.messageId, answer.content)
  addMessages(...event.answers)
  const [first] = event.answers
  if (first) chooseBranch(event.question.messageId, first.messageId)
}

export function onEvent(event: CompletionEvent, chatNumber: string): void {
  switch (event.type) {
    case 'reasoning':
      appendReasoning(event.messageId, event.text)
      break
    case 'delta':
      endReasoning(event.messageId)
      appendDelta(event.messageId, event.text)
      break
    case 'done':
    case 'error':
      endText(event.messageId)
      dropReasoning(event.messageId)
      replaceMessage(event.messageId, event.message)
      break
    case 'title':
      patchChat(chatNumber, { title: event.chatTitle })
      break
  }
}

export function finishUnfinished(answerIds: readonly string[], status: 'stopped'): void {
  for (const id of answerIds) {
    if (findMessage(id)?.status !== 'streaming') continue
    patchMessage(id, { status, content: endText(id), ...endReasoningText(id) })
  }
}

export function failUnfinished(answerIds: readonly string[], error: string): void {
  for (const id of answerIds) {
    if (findMessage(id)?.status !== 'streaming') continue
    patchMessage(id, { status: 'error', error, content: endText(id), ...endReasoningText(id) })
  }
}

export function afterStream(chatNumber: string, answerIds: readonly string[]): void {
  patchChat(chatNumber, { updateTime: Date.now() })
  $lastAnswerEnd.set({ chatNumber, messageIds: answerIds })
  // Follow-ups only make sense after a whole single answer that is still the newest.
  const [onlyAnswer] = answerIds
  const answer = answerIds.length === 1 && onlyAnswer ? findMessage(onlyAnswer) : undefined
  const tail = $thread.get().at(-1)
  if (answer?.status === 'done' && tail?.kind === 'answer' && tail.message.messageId === answer.messageId) void loadSuggestions(answer)
}

/** Remembers the last event seen of each answer, to resume after it. */
export function noteSeq(seen: Record<string, number>, event: CompletionEvent): void {
  if ('seq' in event && event.seq && 'messageId' in event && event.messageId) seen[event.messageId] = Math.max(seen[event.messageId] ?? 0, event.seq)
}

export function unfinished(answerIds: readonly string[]): string[] {
  return answerIds.filter(id => findMessage(id)?.status === 'streaming')
}

/** Pauses between attempts to pick a dropped answer up again. */
const RESUME_PAUSES_MS = [300, 1_000, 2_000, 4_000]

/**
 * Follows answers still being written, each from the last event seen (0:
 * from its start), retrying a dropped connection a few times. True when
 * every answer reached its end, false when the connection could not be had.
 */
export async function resumeAnswers(
  target: { chatNumber: string; mode: ChatMode },
  ids: readonly string[],
  seen: Record<string, number>,
  signal: AbortSignal,
): Promise<boolean> {
  const followOne = async (id: string): Promise<boolean> => {
    for (let attempt = 0; ; attempt++) {
      try {
        for await (const event of resumeCompletion(target.mode, id, seen[id] ?? 0, signal)) {
          if ($threadChat.get() !== target.chatNumber || event.type === 'end') return true
          noteSeq(seen, event)
          onEvent(event, target.chatNumber)
        }
        return true
      } catch (error) {
        // Gone (deleted) or refused: nothing to follow. Cancelled: the reader left.
        if (isCancel(error) || error instanceof HttpError) return true
        const pause = RESUME_PAUSES_MS[attempt]
        if (pause === undefined || signal.aborted) return false
        await new Promise(resolve => setTimeout(resolve, pause))
      }
    }
  }
  const results = await Promise.all(ids.map(followOne))
  return results.every(Boolean)
}
