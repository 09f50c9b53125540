// The text and reasoning of each answer being streamed, kept apart from the
// message list: each streaming answer has its own atoms, which only that
// answer's row reads, so a delta re-renders one row. Deltas arriving in a
// burst are shown together, at most one render per answer each FLUSH_MS.
import { atom, type ReadableAtom, type WritableAtom } from 'nanostores'
import type { ChatMessage } from '../api/chat'
import { onUserChange } from './user-scope'

const streamTexts = new Map<string, WritableAtom<string>>()
const EMPTY = atom('')

/** The text streamed so far for an answer; empty for any other message. */
export function streamTextOf(messageId: string): ReadableAtom<string> {
  return streamTexts.get(messageId) ?? EMPTY
}

/** A thinking model's reasoning while it streams: its text, when it began and how long it took (set once the answer starts). */
export interface LiveReasoning {
  text: string
  startedAt: number
  ms: number | null
}

const streamReasonings = new Map<string, WritableAtom<LiveReasoning | null>>()
const NO_REASONING = atom<LiveReasoning | null>(null)

/** The reasoning streamed so far for an answer; null for any other message or before the first word. */
export function streamReasoningOf(messageId: string): ReadableAtom<LiveReasoning | null> {
  return streamReasonings.get(messageId) ?? NO_REASONING
}

export function appendReasoning(messageId: string, text: string): void {
  let live = streamReasonings.get(messageId)
  if (!live) streamReasonings.set(messageId, (live = atom<LiveReasoning | null>(null)))
  const now = live.get()
  live.set(now ? { ...now, text: now.text + text } : { text, startedAt: Date.now(), ms: null })
}

/** The answer's first word ends its reasoning: the time is taken then. */
export function endReasoning(messageId: string): void {
  const live = streamReasonings.get(messageId)
  const now = live?.get()
  if (live && now && now.ms === null) live.set({ ...now, ms: Date.now() - now.startedAt })
}

const FLUSH_MS = 16
const buffers = new Map<string, string>()
let flushTimer: ReturnType<typeof setTimeout> | undefined

function flushTexts(): void {
  flushTimer = undefined
  for (const [id, text] of buffers) streamTexts.get(id)?.set(text)
}

export function appendDelta(messageId: string, text: string): void {
  buffers.set(messageId, (buffers.get(messageId) ?? '') + text)
  flushTimer ??= setTimeout(flushTexts, FLUSH_MS)
}

export function beginText(messageId: string, text = ''): void {
  buffers.set(messageId, text)
  streamTexts.set(messageId, atom(text))
  // Made now, so the answer's row reads it from its first render.
  streamReasonings.set(messageId, atom<LiveReasoning | null>(null))
}

export function endText(messageId: string): string {
  const text = buffers.get(messageId) ?? ''
  buffers.delete(messageId)
  streamTexts.delete(messageId)
  return text
}

/** The reasoning an answer streamed, as the message keeps it, once its stream is over. */
export function endReasoningText(messageId: string): Pick<ChatMessage, 'reasoning' | 'reasoningMs'> {
  const live = streamReasonings.get(messageId)?.get()
  streamReasonings.delete(messageId)
  return live ? { reasoning: live.text, reasoningMs: live.ms ?? Date.now() - live.startedAt } : {}
}

/** Shows what is buffered now (a stream ended), without waiting for the next flush. */
export function flushStreamTexts(): void {
  if (flushTimer) clearTimeout(flushTimer)
  flushTexts()
}

/** A saved answer still being written elsewhere: its saved part shows until the first event rebuilds its text from the start. */
export function resumeText(messageId: string, saved: string): void {
  beginText(messageId, saved)
  buffers.set(messageId, '')
}

/** An answer's live reasoning is no longer shown (replaced or ended). */
export function dropReasoning(messageId: string): void {
  streamReasonings.delete(messageId)
}

// The next person does not inherit an answer's text being written.
onUserChange(() => {
  if (flushTimer) clearTimeout(flushTimer)
  flushTimer = undefined
  buffers.clear()
  streamTexts.clear()
  streamReasonings.clear()
})
