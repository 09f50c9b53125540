import { atom } from 'nanostores'
import { readStored, removeStored, STORAGE_KEYS, writeStored } from './storage'

/**
 * The bearer token alone, kept apart from the session so the API client can
 * read it without depending on the auth store (which calls the API client).
 */
export const $token = atom<string>(readStored<string>(STORAGE_KEYS.token) ?? '')

/** `expiresIn` (seconds) from the server bounds the stored entry; default 7 days. */
export function saveToken(token: string, expiresIn?: number): void {
  writeStored(STORAGE_KEYS.token, token, expiresIn && expiresIn > 0 ? expiresIn : undefined)
  $token.set(token)
}

export function forgetToken(): void {
  removeStored(STORAGE_KEYS.token)
  $token.set('')
}

/** Re-reads storage (a test, or a later start); an expired entry reads as signed out. */
export function reloadToken(): void {
  $token.set(readStored<string>(STORAGE_KEYS.token) ?? '')
}

type ElsewhereListener = (token: string) => void
const elsewhereListeners = new Set<ElsewhereListener>()

/**
 * Called when another tab of this browser signed out, signed someone in or
 * switched client (after this tab's session has ended with it): the host app
 * moves on from a page that showed the old session.
 */
export function onTokenChangedElsewhere(listener: ElsewhereListener): () => void {
  elsewhereListeners.add(listener)
  return () => elsewhereListeners.delete(listener)
}

// The token is one per browser: a tab that kept using (and storing for) a
// session another tab had ended showed it to the next person at the computer.
globalThis.addEventListener?.('storage', event => {
  // key null: the other tab cleared the whole storage.
  if (event.key !== STORAGE_KEYS.token && event.key !== null) return
  const before = $token.get()
  reloadToken()
  if ($token.get() !== before) for (const listener of elsewhereListeners) listener($token.get())
})
