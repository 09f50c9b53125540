import { map } from 'nanostores'
import { perUserStored } from './user-scope'

/** The log a student is writing, kept on the phone until it is sent (a person's: gone at sign-out). */
export interface LogDraft {
  date: string
  text: string
  hours: string
  night: boolean
  location: string
  fileIds: string[]
}

export const EMPTY_DRAFT: LogDraft = { date: '', text: '', hours: '', night: false, location: '', fileIds: [] }

/** Drafts by placement id, stored as `placementDrafts:<userId>`. */
export const $placementDrafts = perUserStored(map<Record<string, LogDraft>>({}), {
  name: 'placementDrafts',
  read: stored => (stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Record<string, LogDraft>) : {}),
})

export function draftOf(placementId: string): LogDraft {
  return { ...EMPTY_DRAFT, ...$placementDrafts.get()[placementId] }
}

export function keepDraft(placementId: string, draft: LogDraft): void {
  $placementDrafts.setKey(placementId, draft)
}

export function dropDraft(placementId: string): void {
  const { [placementId]: _sent, ...rest } = $placementDrafts.get()
  $placementDrafts.set(rest)
}
