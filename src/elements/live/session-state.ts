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
        ended: event.session.ended,
        present: event.present,
        students: event.students ?? [],
        me: event.me ?? null,
        question: q,
        tally: q?.tally ?? null,
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
      return event.questionId === state.question?.questionId
        ? { ...state, tally: { questionId: event.questionId, counts: event.counts, answered: event.answered } }
        : state
    case 'reveal': {
      if (event.questionId !== state.question?.questionId) return state
      const { type: _type, seq: _seq, ...revealed } = event
      return { ...state, revealed, tally: { questionId: event.questionId, counts: event.counts, answered: event.answered } }
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
