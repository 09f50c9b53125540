import type { LiveCall, LiveEvent, LiveQuestion, LiveReveal, LiveSnapshot, LiveTally, LiveValue, WallMessage } from '../../api/live'

/**
 * What a live screen shows, built from the session's events: the snapshot a
 * stream opens with (so a screen that reconnects resumes where the session
 * is), then each change. Pure, so both screens and their tests share it.
 */
export interface LiveState {
  /** Server clock minus this device's, from the snapshot or question's `now`. */
  clockOffset: number
  courseId: string
  /** The course, and the lesson when the class is of one. */
  titles: string[]
  ended: boolean
  present: number
  students: NonNullable<LiveSnapshot['students']>
  me: LiveSnapshot['me'] | null
  question: LiveQuestion | null
  tally: LiveTally | null
  revealed: LiveReveal | null
  mine: LiveValue | null
  call: LiveCall | null
  wall: WallMessage[]
  wallPaused: boolean
  wallAnonymous: boolean
}

export const initialLiveState: LiveState = {
  clockOffset: 0,
  courseId: '',
  titles: [],
  ended: false,
  present: 0,
  students: [],
  me: null,
  question: null,
  tally: null,
  revealed: null,
  mine: null,
  call: null,
  wall: [],
  wallPaused: false,
  wallAnonymous: false,
}

/**
 * The chart's counts are totals, not increments: events that cross or repeat
 * the snapshot may arrive out of order, so a bar keeps the largest total it
 * has seen for the same question and never counts an answer twice.
 */
export function latestTally(seen: LiveTally | null, next: LiveTally): LiveTally {
  if (!seen || seen.questionId !== next.questionId) return { questionId: next.questionId, counts: { ...next.counts }, answered: next.answered }
  const counts = { ...seen.counts }
  for (const [key, count] of Object.entries(next.counts)) counts[key] = Math.max(counts[key] ?? 0, count)
  return { questionId: next.questionId, counts, answered: Math.max(seen.answered, next.answered) }
}

/** The wall keeps this many messages on screen, newest last. */
const WALL_KEPT = 50

export function liveReducer(state: LiveState, event: LiveEvent | { type: 'answered'; value: LiveValue }, receivedAt = Date.now()): LiveState {
  switch (event.type) {
    case 'snapshot': {
      const q = event.question
      return {
        ...state,
        clockOffset: event.now - receivedAt,
        courseId: event.session.courseId,
        titles: [event.session.courseTitle, event.session.lessonTitle ?? ''].filter(Boolean),
        ended: event.session.ended,
        present: event.present,
        students: event.students ?? [],
        me: event.me ?? null,
        question: q,
        tally: q?.tally ? latestTally(state.tally, q.tally) : null,
        revealed: q?.revealed ?? null,
        mine: q?.mine ?? null,
        call: event.call,
        wall: event.wall.filter(m => !m.hidden).slice(-WALL_KEPT),
        wallPaused: event.session.wallPaused,
        wallAnonymous: event.session.wallAnonymous,
      }
    }
    case 'join': {
      const known = state.students.some(s => s.id === event.student.id)
      const students = known ? state.students : [...state.students, { ...event.student, late: event.late, joinedAt: receivedAt }]
      return { ...state, present: event.present, students }
    }
    case 'question': {
      const { type: _type, seq: _seq, ...question } = event
      return { ...state, clockOffset: event.now - receivedAt, question, tally: null, revealed: null, mine: null }
    }
    case 'tally':
      return event.questionId === state.question?.questionId ? { ...state, tally: latestTally(state.tally, event) } : state
    case 'reveal': {
      if (event.questionId !== state.question?.questionId) return state
      const { type: _type, seq: _seq, ...revealed } = event
      return { ...state, revealed, tally: latestTally(state.tally, event) }
    }
    case 'call':
      return { ...state, call: { callId: event.callId, student: event.student, mark: event.mark ?? null } }
    case 'wall':
      return { ...state, wall: [...state.wall.filter(m => m.id !== event.message.id), event.message].slice(-WALL_KEPT) }
    case 'wall-update':
      return {
        ...state,
        wall: event.message.hidden
          ? state.wall.filter(m => m.id !== event.message.id)
          : state.wall.map(m => (m.id === event.message.id ? { ...m, ...event.message } : m)),
      }
    case 'wall-state':
      return { ...state, wallPaused: event.paused, wallAnonymous: event.anonymous }
    case 'end':
      return { ...state, ended: true }
    case 'answered':
      return { ...state, mine: event.value }
  }
}
