import { atom } from 'nanostores'
import { fetchSession, teacherSwitch, type ClientType, type Session } from '../api/account'
import { ApiError } from '../api/errors'
import { STORAGE_KEYS } from './storage'
import { $token, forgetToken, saveToken } from './token'
import { perUser, perUserStored, setUser } from './user-scope'

/** Auth state of SPEC §3/§4: token (see ./token), session, client type, installed routes. */

// Session, client type and routes are the person's (./user-scope): however the
// token goes or changes (sign-out, a 401, expiry, a client switch, /login,
// another tab) they go with it, and every key of the person with them.
export const $session = perUser(atom<Session | null>(null), () => null)

const CLIENT_TYPES: readonly string[] = ['1', '2', '3']

/** The client type last signed in with; kept so the next start knows the layout early. */
export const $clientType = perUserStored(atom<ClientType | ''>(''), {
  name: STORAGE_KEYS.clientType,
  read: stored => (typeof stored === 'string' && CLIENT_TYPES.includes(stored) ? (stored as ClientType) : ''),
})

/**
 * Names of the routes added for the session's client type. The host app owns
 * the route table; the store only remembers what is installed so that signing
 * out or switching client removes it.
 */
export const $installedRoutes = perUser(atom<readonly string[]>([]), () => [])

/** Message the server sends when no token came with the request (SPEC §8). */
// eslint-disable-next-line zhixue/ui-text -- the server's words, recognised here, never shown
export const MISSING_TOKEN_MSG = 'token不能为空'

export function setToken(token: string, expiresIn?: number): void {
  saveToken(token, expiresIn)
}

/**
 * SPEC §4: clears the token, and with it the session, the added routes, every
 * per-user store and everything the person kept in this browser (prompts, chat
 * picks): a shared computer keeps nothing of them (./user-scope, endSession).
 * Signing out, a 401 and visiting /login all end here.
 */
export function removeToken(): void {
  forgetToken()
}

/** Sign-out on this computer (the server's token is revoked by the caller). */
export const signOutHere = removeToken

export function installRoutes(names: readonly string[]): void {
  $installedRoutes.set([...names])
}

/**
 * Fills the session when the server answers code 200 (SPEC §4). Without a
 * token it does not ask: it rejects the way the server would, so the guard
 * treats both alike (sign-in with a redirect back).
 */
export async function loadSession(): Promise<Session | null> {
  if (!$token.get()) throw new ApiError(401, MISSING_TOKEN_MSG, 401)
  const reply = await fetchSession()
  if (reply.code !== 200 || !reply.data) return null
  // First the person (their own stores are read), then their session.
  setUser(reply.data.id)
  $session.set(reply.data)
  $clientType.set(reply.data.clientType)
  return reply.data
}

/** SPEC §4 "switching client": clear session and routes, set the new token, run the callback. */
export async function switchClient(clientType: ClientType, callback: () => void): Promise<void> {
  const grant = await teacherSwitch(clientType)
  // The new token empties the stores; the session loaded next reads them again.
  setToken(grant.token, grant.expiresIn)
  $clientType.set(grant.clientType)
  callback()
}

/** The session's menu ids as a set (SPEC §2: "13,1,3"). */
export function menuIds(session: Session | null): Set<string> {
  return new Set(
    (session?.menus ?? '')
      .split(',')
      .map(id => id.trim())
      .filter(Boolean),
  )
}

/** Applies a profile change the server accepted, without refetching the session. */
export function patchSession(changes: Partial<Pick<Session, 'nickname' | 'avatar'>>): void {
  const session = $session.get()
  if (session) $session.set({ ...session, ...changes })
}
