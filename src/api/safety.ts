import { downloadWithToken, request } from './client'

/** Content safety calls (docs/api/safety.md): the managers' lists, settings and events, and staff alerts. */

export const SAFETY_CATEGORIES = ['politics', 'violence', 'sexual', 'abuse', 'self-harm', 'illegal', 'custom'] as const
export type SafetyCategory = (typeof SAFETY_CATEGORIES)[number]
export type SafetyAction = 'block' | 'review'

export interface SafetyWord {
  id: string
  word: string
  category: SafetyCategory
  action: SafetyAction
  builtin: boolean
  createTime: number
}

export interface AllowedPhrase {
  id: string
  phrase: string
  createTime: number
}

export interface SafetySettings {
  counsellingText: string
  outputCheck: boolean
  alertTeachers: boolean
  alertManagers: boolean
  alertPhone: string
  guardModel: string
  guardFailClosed: boolean
  cloudModeration: boolean
  cloudFailClosed: boolean
}

/** The settings as read: also whether the server's environment configures a cloud moderation service. */
export type SafetySettingsView = SafetySettings & { cloudAvailable: boolean }

export interface SafetyEvent {
  id: string
  category: string
  source: string
  direction: 'input' | 'output'
  userId: string | null
  userName: string
  excerpt: string
  matched: string
  action: string
  modelText: string | null
  dismissed: boolean
  createTime: number
}

export interface EventQuery {
  category?: string
  classId?: string
  userId?: string
  from?: number
  to?: number
  page: number
  size: number
}

export interface SafetyAlert {
  id: string
  category: string
  student: string
  className: string
  excerpt: string
  createTime: number
  handled: boolean
  handledBy: string | null
}

const base = 'course/admin/safety'

export const listSafetyWords = (): Promise<SafetyWord[]> => request('GET', `${base}/words`)
export const addSafetyWords = (words: Array<{ word: string; category: SafetyCategory; action: SafetyAction }>): Promise<{ added: number }> =>
  request('POST', `${base}/words`, { words })
export const importSafetyWords = (fileId: string, category: SafetyCategory): Promise<{ added: number }> =>
  request('POST', `${base}/words/import`, { fileId, category })
export const deleteSafetyWord = (id: string): Promise<unknown> => request('DELETE', `${base}/words/${encodeURIComponent(id)}`)
export const exportSafetyWords = (fileName: string): Promise<void> => downloadWithToken(`${base}/words/export`, `${fileName}.xlsx`)

export const listAllowed = (): Promise<AllowedPhrase[]> => request('GET', `${base}/allow`)
export const allowPhrases = (phrases: string[]): Promise<unknown> => request('POST', `${base}/allow`, { phrases })
export const deleteAllowed = (id: string): Promise<unknown> => request('DELETE', `${base}/allow/${encodeURIComponent(id)}`)

export const fetchSafetySettings = (): Promise<SafetySettingsView> => request('GET', `${base}/settings`)
export const saveSafetySettings = (input: Partial<SafetySettings>): Promise<SafetySettingsView> => request('PUT', `${base}/settings`, input)
export const listSafetyClasses = (): Promise<Array<{ id: string; name: string }>> => request('GET', `${base}/classes`)

function eventQuery(query: Partial<EventQuery>): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value))
  return params.toString()
}

export const listSafetyEvents = (query: EventQuery): Promise<{ list: SafetyEvent[]; total: number }> => request('GET', `${base}/events?${eventQuery(query)}`)
export const exportSafetyEvents = (query: Omit<EventQuery, 'page' | 'size'>, fileName: string): Promise<void> =>
  downloadWithToken(`${base}/events/export?${eventQuery(query)}`, `${fileName}.xlsx`)
export const dismissSafetyEvent = (id: string): Promise<unknown> => request('POST', `${base}/events/${encodeURIComponent(id)}/dismiss`, {})

export const listAlerts = (signal?: AbortSignal): Promise<SafetyAlert[]> =>
  request('GET', 'app/user/alerts', undefined, { quiet: true, ...(signal ? { signal } : {}) })
export const markAlertHandled = (id: string): Promise<unknown> => request('POST', `app/user/alerts/${encodeURIComponent(id)}/handled`, {})
