import { atom } from 'nanostores'
import { fetchSession, teacherSwitch, type ClientType, type Session } from '../api/account'
import { ApiError } from '../api/errors'
import { readStored, STORAGE_KEYS, writeStored } from './storage'
import { $token, forgetToken, saveToken } from './token'

/** Auth state of SPEC §3/§4: token (see ./token), session, client type, installed routes. */

export const $session = atom<Session | null>(null)

/** The client type last signed in with; kept so the next start knows the layout early. */
export const $clientType = atom<ClientType | ''>(readStored<ClientType>(STORAGE_KEYS.clientType) ?? '')

/**
 * Names of the routes added for the session's client type. The host app owns
 * the route table; the store only remembers what is installed so that signing
 * out or switching client removes it.
 */
export const $installedRoutes = atom<readonly string[]>([])

/** Message the server sends when no token came with the request (SPEC §8). */
export const MISSING_TOKEN_MSG = 'token不能为空'

export function setToken(token: string, expiresIn?: number): void {
  saveToken(token, expiresIn)
}

/** SPEC §4: clears the token, the session, the added routes and the stored token. */
export function removeToken(): void {
  forgetToken()
}

function clearSession(): void {
  $session.set(null)
  $installedRoutes.set([])
}

// However the token goes (sign-out, a 401 seen by the API client, expiry),
// the session and routes built on it go with it.
$token.listen(token => {
  if (!token) clearSession()
})

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
  $session.set(reply.data)
  $clientType.set(reply.data.clientType)
  writeStored(STORAGE_KEYS.clientType, reply.data.clientType)
  return reply.data
}

/** SPEC §4 "switching client": clear session and routes, set the new token, run the callback. */
export async function switchClient(clientType: ClientType, callback: () => void): Promise<void> {
  const grant = await teacherSwitch(clientType)
  clearSession()
  setToken(grant.token, grant.expiresIn)
  $clientType.set(grant.clientType)
  writeStored(STORAGE_KEYS.clientType, grant.clientType)
  callback()
}

/** The session's menu ids as a set (SPEC §2: "13,1,3"). */
export function menuIds(session: Session | null): Set<string> {
  return new Set((session?.menus ?? '').split(',').map(id => id.trim()).filter(Boolean))
}

/** Applies a profile change the server accepted, without refetching the session. */
export function patchSession(changes: Partial<Pick<Session, 'nickname' | 'avatar'>>): void {
  const session = $session.get()
  if (session) $session.set({ ...session, ...changes })
}
