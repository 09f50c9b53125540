import { downloadWithToken, request, type RequestOptions } from './client'

/** Work placements (docs/api/placement.md). Days are YYYY-MM-DD; times are milliseconds. */

const seg = encodeURIComponent

export type PlacementState = 'planned' | 'active' | 'finished' | 'ended'

export interface PlacementAlert {
  id: string
  kind: string
  about: string
  detail: string
  createTime: number
  handled: boolean
  handledBy: string | null
  comment: string
}

export interface Placement {
  id: string
  student: { id: string; name: string }
  company: { name: string; address: string; contact: string }
  post: string
  startDate: string
  endDate: string
  supervisor: { id: string; name: string }
  mentor: { name: string; phone: string }
  state: PlacementState
  endReason: string
  fileIds: string[]
  lastLogAt: number | null
  unsignedWeeks: number[]
  signedWeeks: Array<{ week: number; comment: string; signedAt: number }>
  alerts: PlacementAlert[]
}

export interface PlacementLog {
  id: string
  date: string
  week: number | null
  text: string
  hours: number
  night: boolean
  location: string
  fileIds: string[]
  createTime: number
}

export interface NewLog {
  date: string
  text: string
  hours: number
  night?: boolean
  location?: string
  fileIds?: string[]
}

export interface NewPlacement {
  studentId: string
  company: { name: string; address?: string; contact?: string }
  post: string
  startDate: string
  endDate: string
  supervisorId: string
  mentor: { name: string; phone: string }
}

/** The placements the viewer may see: a student's own, a supervisor's (mine), a manager's all. */
export const fetchPlacements = (mine: boolean, options?: RequestOptions) =>
  request<Placement[]>('GET', 'course/placements', mine ? { mine: '1' } : undefined, options)
export const createPlacement = (body: NewPlacement) => request<{ id: string }>('POST', 'course/placements', body)
export const fetchPlacementLogs = (id: string, options?: RequestOptions) =>
  request<PlacementLog[]>('GET', `course/placements/${seg(id)}/logs`, undefined, options)
/** Quiet: the form shows why a log was refused. */
export const sendPlacementLog = (id: string, log: NewLog) => request<{ id: string }>('POST', `course/placements/${seg(id)}/logs`, log, { quiet: true })
export const makeSignLink = (id: string, week: number) =>
  request<{ url: string; expiresAt: number }>('POST', `course/placements/${seg(id)}/weeks/${week}/sign-link`)
export const handlePlacementAlert = (alertId: string, comment: string) =>
  request<null>('POST', `course/placements/alerts/${seg(alertId)}/handle`, comment ? { comment } : {})

/** What the mentor's page shows for a sign link: one week of one student, nothing else. */
export interface SignWeek {
  student: string
  company: string
  post: string
  week: number
  from: string
  to: string
  logs: PlacementLog[]
  expiresAt: number
}

/** No account: the token is the permission. Quiet: the page says why a link is refused. */
export const fetchSignWeek = (token: string, options?: RequestOptions) =>
  request<SignWeek>('GET', 'app/api/placement/sign', { token }, { ...options, quiet: true })
export const signPlacementWeek = (token: string, comment: string) =>
  request<null>('POST', 'app/api/placement/sign', comment ? { token, comment } : { token }, { quiet: true })

/** The XLSX for the education bureau (a teacher's own placements, a manager's all); the server names it in the reader's language. */
export const downloadPlacementExport = () => downloadWithToken('course/placements/export', 'placements.xlsx')

/** The AI's draft of a log: `engine: 'builtin'` when no language model is configured (the student's own words, set out). */
export interface PlacementDraft {
  text: string
  engine: 'model' | 'builtin'
}

/** Quiet: the form shows a refusal (the safety module's, `data.reason: 'blocked'`) calmly in place. */
export const draftPlacementLog = (id: string, body: { kind: 'log'; notes: string } | { kind: 'week'; week?: number }) =>
  request<PlacementDraft>('POST', `course/placements/${seg(id)}/draft`, body, { quiet: true })

export interface PickablePerson {
  id: string
  name: string
  username: string
}

/** Student accounts (role student) or teacher accounts (role teacher) matching the words typed, for the placement form. */
export const pickPlacementPeople = (role: 'student' | 'teacher', keyword: string, options?: RequestOptions) =>
  request<PickablePerson[]>('GET', 'course/placements/people', { role, keyword }, options)
