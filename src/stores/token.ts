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
