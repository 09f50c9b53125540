import { downloadWithToken, request, type RequestOptions } from './client'

/** The data board and operation records (docs/api/board.md), client type 2. */
export type PerType = Record<'1' | '2' | '3', number>

export interface Headline {
  questions: number
  answers: number
  activeUsers: number
  tokens: number
  cost: number | null
  completions: number
  newUsers: number
  groundedShare: number
}

export interface BoardSummary {
  range: { from: string; to: string; days: number }
  previousRange: { from: string; to: string }
  questions: number
  activeUsers: number
  headline: Headline
  previous: Headline
  users: { total: number; byClientType: PerType; activeByClientType: PerType }
  daily: Array<{ day: string; active: PerType; questions: number; tokens: number; byModel: Record<string, number> }>
  models: Array<{ model: string; questions: number; answers: number; promptTokens: number; completionTokens: number; cost: number | null }>
  currency: string
  courses: { total: number; published: number; createdInRange: number; lessons: number; completions: number }
  evaluations: {
    submissions: number
    /** Of the submissions, those the server handed in when the attempt's time ran out. */
    autoSubmitted: number
    participants: number
    averageRate: number | null
    weakest: Array<{ tag: string; rate: number; answers: number }>
  }
  knowledge: { libraries: number; documents: number; passages: number; groundedShare: number }
  embed: Array<{ keyId: string; name: string; origins: string[]; messages: number; tokens: number }>
  assistants: Array<{ id: string; name: string; questions: number }>
  topics: Array<{ term: string; count: number }>
  /** Set while the server rolls up history in the background: AI use and activity are the figures so far. */
  computing: { daysDone: number; daysTotal: number } | null
  teachers: Array<{ username: string; actions: number; created: number; published: number }>
  /** Placement logs and mentor comments in the range, and the points of the students' majors they give evidence for. */
  placements?: {
    logs: number
    comments: number
    students: number
    knowledgePoints: EvidencePoint[]
    competencies: EvidencePoint[]
  }
}

/** A knowledge point or competency of a major, with the placement logs and mentor comments that name it. */
export interface EvidencePoint {
  name: string
  major: string
  logs: number
  comments: number
  students: number
}

export interface BoardQuery {
  from: string
  to: string
  classId?: string
  major?: string
  courseId?: string
}

export interface BoardFilters {
  classes: Array<{ id: string; name: string }>
  majors: string[]
  courses: Array<{ id: string; title: string }>
}

export interface OperationRecord {
  seq: number
  time: number
  username: string
  clientType: string | null
  action: string
  objectType: string
  objectId: string | null
  objectName: string | null
  summary: string
  /** The summary in the reader's language: fields by name, codes by word, people's words as written. */
  summaryText?: string
  ip: string
  userAgent: string
  result: 'success' | 'failure'
}

export interface RecordQuery {
  keyword?: string
  from?: string
  to?: string
  action?: string
  result?: '' | 'success' | 'failure'
  page?: number
  pageSize?: number
}

export interface ChainReport {
  intact: boolean
  checked: number
  brokenAt: number | null
  reason: string | null
  checkedAt: number
}

function queryString(query: object): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value))
  return params.toString()
}

export const fetchBoardSummary = (query: BoardQuery, options?: RequestOptions) =>
  request<BoardSummary>('GET', `course/board/summary?${queryString(query)}`, undefined, options)
export const fetchBoardFilters = (options?: RequestOptions) => request<BoardFilters>('GET', 'course/board/filters', undefined, options)
export const fetchRecords = (query: RecordQuery, options?: RequestOptions) =>
  request<{ items: OperationRecord[]; total: number }>('GET', `course/board/records?${queryString(query)}`, undefined, options)
export const fetchChain = (fresh = false, options?: RequestOptions) =>
  request<ChainReport>('GET', `course/board/records/chain${fresh ? '?fresh=true' : ''}`, undefined, options)

/** Downloads an XLSX the server builds (the board or the records), with the session's token. */
export function downloadBoardXlsx(kind: 'board' | 'records', query: object, fileName: string): Promise<void> {
  const path = kind === 'board' ? 'course/board/export' : 'course/board/records/export'
  return downloadWithToken(`${path}?${queryString(query)}`, `${fileName}.xlsx`)
}
