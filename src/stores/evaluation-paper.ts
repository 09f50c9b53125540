import { atom, map } from 'nanostores'
import { ApiError, TransportError } from '../api/errors'
import {
  autosaveAnswers,
  openPaper,
  submitAnswers,
  type AnswerRefusal,
  type AnswerValue,
  type AttemptOverReason,
  type AttemptRef,
  type HandedInPaper,
  type Paper,
} from '../api/evaluation'
import { perUser, perUserStored } from './user-scope'

/**
 * A student's paper while they answer it: the server's paper, the answers as
 * they stand on screen, and autosave. Each change is saved a moment later;
 * a failed save keeps the answer marked unsaved and retries (at once when the
 * browser comes back online), and unsaved answers are also kept in this
 * browser under the student's own key, so neither a reload nor a dropped
 * network loses one. Saves and the hand-in name the attempt on
 * screen, so a tab left on an attempt another tab handed in is refused rather
 * than writing into the newer one. The deadline is the server's: the
 * countdown runs on the server's clock as the paper reported it.
 *
 * A refused save says why (docs/api/evaluation.md): the attempt is over
 * (handed in elsewhere, time up, closed, a newer attempt) and the page shows
 * it handed in with what never reached the server; or one answer is invalid,
 * which is named and kept on screen while the others save; no answer at all
 * means no connection, and everything stays here until it is back.
 */

export type SaveState = 'saved' | 'saving' | 'unsaved' | 'offline' | 'invalid'

export interface PaperState {
  status: 'idle' | 'loading' | 'ready' | 'failed' | 'submitting' | 'submitted'
  paper?: Paper
  answers: Record<string, AnswerValue>
  save: SaveState
  savedAt?: number
  /** server time − browser time, for the countdown. */
  clockOffset: number
  error?: string
  submissionId?: string
  /** Why the attempt ended without this page handing it in (the server did as time ran out, or another page did). */
  ended?: AttemptOverReason
  /** How many answers on this page never reached the server before the attempt ended. */
  notReached?: number
  /** The answer the server refused as it stands, and its reason (the others still save). */
  invalid?: { questionId: string; message: string }
  /** Reopened after the last attempt was handed in: when, and whether the server did it. */
  handedIn?: Pick<HandedInPaper, 'submittedAt' | 'autoSubmitted'>
}

const idle = (): PaperState => ({ status: 'idle', answers: {}, save: 'saved', clockOffset: 0 })

export const $paper = perUser(map<PaperState>(idle()), idle)

/**
 * Answers not yet confirmed by the server, per attempt (its submissionId), kept
 * in this browser under the student's key: one attempt's never turn up in the
 * next. (Entries written before attempts were told apart are keyed by the
 * evaluation's id; `pendingFor` still reads those.)
 */
export const $unsavedAnswers = perUserStored(atom<Record<string, Record<string, AnswerValue>>>({}), {
  name: 'evaluationUnsaved',
  read: stored => (stored && typeof stored === 'object' ? (stored as Record<string, Record<string, AnswerValue>>) : {}),
  expireSeconds: 7 * 86_400,
})

const SAVE_DELAY_MS = 600
const RETRY_MS = [2_000, 5_000, 10_000, 20_000]

let timer: ReturnType<typeof setTimeout> | undefined
let retries = 0
let inFlight: Promise<void> | undefined

const message = (error: unknown) => (error instanceof ApiError ? error.message : error instanceof Error ? error.message : String(error))

function pendingFor({ evaluationId, submissionId }: AttemptRef): Record<string, AnswerValue> {
  const all = $unsavedAnswers.get()
  return all[submissionId] ?? all[evaluationId] ?? {}
}

function setPending({ evaluationId, submissionId }: AttemptRef, pending: Record<string, AnswerValue>): void {
  const all = { ...$unsavedAnswers.get() }
  delete all[evaluationId]
  if (Object.keys(pending).length) all[submissionId] = pending
  else delete all[submissionId]
  $unsavedAnswers.set(all)
}

/** The reason a refused save or hand-in carries, if the server gave one. */
function refusal(error: unknown): AnswerRefusal | null {
  if (!(error instanceof ApiError) || !error.data || typeof error.data !== 'object') return null
  const data = error.data as Partial<AnswerRefusal>
  return typeof data.reason === 'string' ? (data as AnswerRefusal) : null
}

/** The attempt is over: nothing more can be saved; the page shows it handed in and says what never arrived. */
function attemptEnded(attempt: AttemptRef, reason: AttemptOverReason): void {
  const notReached = Object.keys(pendingFor(attempt)).length
  setPending(attempt, {})
  clearTimeout(timer)
  $paper.set({ ...$paper.get(), status: 'submitted', ended: reason, notReached, submissionId: attempt.submissionId, invalid: undefined })
}

export async function loadPaper(evaluationId: string): Promise<void> {
  clearTimeout(timer)
  $paper.set({ ...idle(), status: 'loading' })
  try {
    const paper = await openPaper(evaluationId, { quiet: true })
    if (paper.state === 'handed_in') {
      // What this browser still held for that attempt can never be saved now.
      setPending(paper, {})
      $paper.set({
        ...idle(),
        status: 'submitted',
        submissionId: paper.submissionId,
        handedIn: { submittedAt: paper.submittedAt, autoSubmitted: paper.autoSubmitted },
      })
      return
    }
    const pending = pendingFor(paper)
    $paper.set({
      status: 'ready',
      paper,
      // What this browser had not yet saved wins over the server's copy.
      answers: { ...paper.answers, ...pending },
      save: Object.keys(pending).length ? 'unsaved' : 'saved',
      clockOffset: paper.serverNow - Date.now(),
    })
    if (Object.keys(pending).length) void saveNow()
  } catch (error) {
    $paper.set({ ...idle(), status: 'failed', error: message(error) })
  }
}

export function setAnswer(questionId: string, value: AnswerValue): void {
  const state = $paper.get()
  if (state.status !== 'ready' || !state.paper) return
  setPending(state.paper, { ...pendingFor(state.paper), [questionId]: value })
  const invalid = state.invalid?.questionId === questionId ? undefined : state.invalid
  $paper.set({ ...state, answers: { ...state.answers, [questionId]: value }, save: 'unsaved', invalid })
  clearTimeout(timer)
  timer = setTimeout(() => void saveNow(), SAVE_DELAY_MS)
}

/** Sends what is unsaved; on failure schedules a retry. */
export function saveNow(): Promise<void> {
  inFlight ??= (async () => {
    const state = $paper.get()
    const attempt = state.paper
    if (!attempt || state.status !== 'ready') return
    const pending = pendingFor(attempt)
    const entries = Object.entries(pending)
    if (!entries.length) return
    $paper.setKey('save', 'saving')
    try {
      const { savedAt } = await autosaveAnswers(
        attempt,
        entries.map(([questionId, value]) => ({ questionId, value })),
        { quiet: true },
      )
      retries = 0
      // Only what was sent is confirmed; a change made meanwhile stays pending.
      const now = { ...pendingFor(attempt) }
      for (const [id, value] of entries) if (JSON.stringify(now[id]) === JSON.stringify(value)) delete now[id]
      setPending(attempt, now)
      const invalid = $paper.get().invalid
      $paper.set({ ...$paper.get(), save: invalid ? 'invalid' : Object.keys(now).length ? 'unsaved' : 'saved', savedAt })
    } catch (error) {
      const why = refusal(error)
      if (why && why.reason !== 'invalid_answer') return attemptEnded(attempt, why.reason)
      if (why?.reason === 'invalid_answer') {
        // That one answer stays on screen, named, and out of what is sent; the rest is sent again at once.
        const rest = { ...pendingFor(attempt) }
        delete rest[why.questionId]
        setPending(attempt, rest)
        $paper.set({ ...$paper.get(), save: 'invalid', invalid: { questionId: why.questionId, message: message(error) } })
        if (Object.keys(rest).length) {
          clearTimeout(timer)
          timer = setTimeout(() => void saveNow(), 0)
        }
        return
      }
      if (error instanceof ApiError && error.code === 400) {
        // Refused for a reason no retry mends (the attempt is gone): the answers stay here, the reason shows.
        $paper.set({ ...$paper.get(), save: 'invalid', error: message(error) })
        return
      }
      const offline = error instanceof TransportError || (typeof navigator !== 'undefined' && navigator.onLine === false)
      $paper.setKey('save', offline ? 'offline' : 'unsaved')
      clearTimeout(timer)
      timer = setTimeout(() => void saveNow(), RETRY_MS[Math.min(retries, RETRY_MS.length - 1)])
      retries += 1
    }
  })().finally(() => (inFlight = undefined))
  return inFlight
}

if (typeof window !== 'undefined') window.addEventListener('online', () => void saveNow())

/** Hands the paper in with every answer on screen; the server scores it once. */
export async function submitPaper(): Promise<void> {
  const state = $paper.get()
  if (state.status !== 'ready' || !state.paper) return
  clearTimeout(timer)
  await inFlight
  const attempt = state.paper
  $paper.setKey('status', 'submitting')
  try {
    const answers = Object.entries($paper.get().answers).map(([questionId, value]) => ({ questionId, value }))
    const { id } = await submitAnswers(attempt, answers)
    setPending(attempt, {})
    $paper.set({ ...$paper.get(), status: 'submitted', submissionId: id, save: 'saved' })
  } catch (error) {
    const why = refusal(error)
    if (why && why.reason !== 'invalid_answer') return attemptEnded(attempt, why.reason)
    if (why?.reason === 'invalid_answer') {
      $paper.set({ ...$paper.get(), status: 'ready', save: 'invalid', invalid: { questionId: why.questionId, message: message(error) } })
      return
    }
    $paper.set({ ...$paper.get(), status: 'ready', error: message(error) })
  }
}
