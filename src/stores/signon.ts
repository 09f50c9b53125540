import { readStored, removeStored, writeStored } from './storage'

/**
 * Which identity provider the person signed in through (docs/sign-on.md),
 * so signing out can end that provider's session too (CAS logout, OpenID
 * Connect end_session) after this browser forgets everything of the person.
 * Kept beside the token, not under the person's id: a client switch ends
 * the per-user keys but not the provider's session. Every sign-in on the
 * login page sets or clears it, and signing out takes it.
 */
const KEY = 'signonProvider'

/** Remembers the provider of the sign-in that is starting; `expiresIn` (seconds) as the token's. */
export function rememberSignonProvider(providerId: string, expiresIn?: number): void {
  writeStored(KEY, providerId, expiresIn && expiresIn > 0 ? expiresIn : undefined)
}

/** A sign-in without a provider (password, SMS, directory form): nothing to sign out of elsewhere. */
export function forgetSignonProvider(): void {
  removeStored(KEY)
}

/** The provider to sign out of too, forgotten as it is read; '' when none. */
export function takeSignonProvider(): string {
  const provider = readStored<unknown>(KEY)
  removeStored(KEY)
  return typeof provider === 'string' ? provider : ''
}
