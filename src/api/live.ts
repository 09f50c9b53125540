import { downloadWithToken, request, type RequestOptions } from './client'
import type { Question, QuestionType } from './evaluation'
import { streamEvents } from './stream'

/**
 * The live classroom (docs/api/live.md): the teacher's session with its
 * changing join code, students joining by code, timed questions, random
 * calls, the class wall, and the session's event stream.
 */

const seg = encodeURIComponent

export interface LiveStudent {
  id: string
  name: string
}

export interface LiveQuestion {
  questionId: string
  position: number
  questionType: QuestionType
  stem: string
  options: string[] | null
  seconds: number
  shownAt: number
  closesAt: number
  now: number
  /** Teacher: the totals so far. */
  tally?: LiveTally
  /** Student: their answer or null. */
  mine?: LiveValue | null
  revealed?: LiveReveal | null
}

/** An option index, a list of them, true/false, or the words of a blank. */
export type LiveValue = number | number[] | boolean | string | string[]

export interface LiveTally {
  questionId: string
  counts: Record<string, number>
  answered: number
}

export interface LiveReveal extends LiveTally {
  correct: number
  answer: unknown
  explanation: string
}

export type CallMark = 'right' | 'partly' | 'wrong'

export interface LiveCall {
  callId: string
  student: LiveStudent
  mark: CallMark | null
}

export interface WallMessage {
  id: string
  name: string | null
  text: string
  at: number
  hidden?: boolean
  anonymous?: boolean
}

export interface LiveSnapshot {
  seq: number
  now: number
  session: {
    id: string
    courseId: string
    lessonId: string | null
    courseTitle: string
    lessonTitle: string | null
    startedAt: number
    ended: boolean
    wallPaused: boolean
    wallAnonymous: boolean
  }
  present: number
  question: LiveQuestion | null
  call: LiveCall | null
  wall: WallMessage[]
  students?: Array<LiveStudent & { joinedAt: number; late: boolean }>
  me?: LiveStudent & { late: boolean }
}

/** One event of the stream, by its `type`. */
export type LiveEvent =
  | ({ type: 'snapshot' } & LiveSnapshot)
  | { type: 'join'; seq: number; student: LiveStudent; late: boolean; present: number }
  | ({ type: 'question'; seq: number } & LiveQuestion)
  | ({ type: 'tally'; seq: number } & LiveTally)
  | ({ type: 'reveal'; seq: number } & LiveReveal)
  | ({ type: 'call'; seq: number } & LiveCall)
  | { type: 'wall'; seq: number; message: WallMessage }
  | { type: 'wall-update'; seq: number; message: WallMessage }
  | { type: 'wall-state'; seq: number; paused: boolean; anonymous: boolean }
  | { type: 'end'; seq: number; endedAt: number }

export const startLive = (courseId: string, lessonId?: string) =>
  request<{ id: string; code: string; expiresAt: number }>('POST', 'course/live', lessonId ? { courseId, lessonId } : { courseId })
export const fetchLiveCode = (id: string, options?: RequestOptions) =>
  request<{ code: string; expiresAt: number }>('GET', `course/live/${seg(id)}/code`, undefined, options)
export const joinLive = (code: string) => request<{ id: string; courseId: string; late: boolean; joinedAt: number }>('POST', 'course/live/join', { code })
export const endLive = (id: string) => request<{ id: string; endedAt: number }>('POST', `course/live/${seg(id)}/end`)
export const pushLiveQuestion = (id: string, body: { question: Question; seconds: number } | { bankQuestionId: string; seconds: number }) =>
  request<{ questionId: string; closesAt: number }>('POST', `course/live/${seg(id)}/questions`, body)
export const revealLiveQuestion = (id: string, questionId: string) => request<LiveReveal>('POST', `course/live/${seg(id)}/questions/${seg(questionId)}/reveal`)
export const answerLive = (id: string, questionId: string, value: LiveValue) =>
  request<{ questionId: string; value: LiveValue; answeredAt: number }>('POST', `course/live/${seg(id)}/answers`, { questionId, value })
export const callStudent = (id: string, allowRepeat = false) =>
  request<{ callId: string; student: LiveStudent }>('POST', `course/live/${seg(id)}/call`, allowRepeat ? { allowRepeat } : {})
export const markCall = (id: string, callId: string, mark: CallMark) => request<LiveCall>('POST', `course/live/${seg(id)}/calls/${seg(callId)}/mark`, { mark })
export const postWall = (id: string, text: string) => request<WallMessage>('POST', `course/live/${seg(id)}/wall`, { text })
export const setWallState = (id: string, state: { paused?: boolean; anonymous?: boolean }) =>
  request<{ paused: boolean; anonymous: boolean }>('PUT', `course/live/${seg(id)}/wall`, state)
export const setWallMessage = (id: string, messageId: string, flags: { hidden?: boolean; anonymous?: boolean }) =>
  request<WallMessage>('PUT', `course/live/${seg(id)}/wall/${seg(messageId)}`, flags)

/** One session of a course, for the course board's list (newest first). */
export interface LiveSessionSummary {
  id: string
  courseId: string
  lessonId: string | null
  /** The lesson it was held for (null: the whole course). */
  lessonTitle: string | null
  startedAt: number
  /** null while it runs. */
  endedAt: number | null
  present: number
  late: number
  questions: number
}

/** After class (its teacher): who was there, each question with who answered what, the calls and the wall. */
export interface LiveReport {
  session: Omit<LiveSessionSummary, 'present' | 'late' | 'questions'>
  present: Array<LiveStudent & { late: boolean; joinedAt: number }>
  absent: LiveStudent[]
  questions: Array<{
    questionId: string
    position: number
    questionType: QuestionType
    stem: string
    options: string[]
    answer: unknown
    tags: string[]
    answered: number
    correct: number
    answers: Array<{ studentId: string; name: string; value: LiveValue; correct: boolean; answeredAt: number }>
  }>
  calls: Array<LiveCall & { calledAt: number }>
  wall: Array<{ id: string; name: string; text: string; hidden: boolean; anonymous: boolean; at: number }>
}

export const fetchLiveSessions = (courseId: string, options?: RequestOptions) => request<LiveSessionSummary[]>('GET', 'course/live', { courseId }, options)
export const fetchLiveReport = (id: string, options?: RequestOptions) => request<LiveReport>('GET', `course/live/${seg(id)}/report`, undefined, options)
/** The report as an XLSX workbook, in the reader's language. */
export const downloadLiveReport = (id: string) => downloadWithToken(`course/live/${seg(id)}/report/export`, 'live-report.xlsx')

/** The session's events until the stream ends or `signal` aborts; a new call opens with a snapshot (the resume). */
export async function* liveEvents(id: string, signal?: AbortSignal): AsyncGenerator<LiveEvent> {
  for await (const event of streamEvents<LiveEvent>(`course/live/${seg(id)}/events`, { method: 'GET', signal })) yield event.data
}
