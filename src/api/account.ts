import { request, requestEnvelope, type Envelope, type RequestOptions } from './client'

/** Account calls of SPEC §7 (sign-in, session, profile, password, client switch); uploads are in files.ts. */

export type ClientType = '1' | '2' | '3'

export interface Session {
  id: string
  username: string
  nickname: string
  avatar: string
  clientType: ClientType
  /** Every client type this user may switch to. */
  clientTypes: ClientType[]
  /** Comma-separated menu ids, e.g. "13,1,3" (SPEC §2 menu table). */
  menus: string
  /** Holds the admin right (school administration, menu 14). */
  admin?: boolean
  /** Signed in with a one-time password: nothing works until a new one is chosen. */
  mustChangePassword?: boolean
}

export interface TokenGrant {
  token: string
  /** Seconds until the token expires. */
  expiresIn: number
}

/** Passwords travel only in a POST body, never in a URL. Quiet: the form shows the reason. */
export function signIn(username: string, password: string): Promise<TokenGrant> {
  return request<TokenGrant>('POST', 'app/api/oauth/token', { username, password }, { quiet: true })
}

export function signOut(): Promise<unknown> {
  return request('POST', 'app/api/oauth/logout')
}

/** The whole envelope: SPEC §4 fills the session only when the code is 200. */
export function fetchSession(options?: RequestOptions): Promise<Envelope<Session>> {
  return requestEnvelope<Session>('GET', 'app/user', undefined, options)
}

export function updateProfile(changes: { nickname?: string; avatar?: string }): Promise<unknown> {
  return request('PUT', 'app/user', changes)
}

export function changePassword(oldPassword: string, newPassword: string): Promise<unknown> {
  return request('PUT', 'app/user/password/update', { oldPassword, newPassword }, { quiet: true })
}

export function teacherSwitch(clientType: ClientType): Promise<TokenGrant & { clientType: ClientType }> {
  return request('GET', 'course/app/api/teacher-switch', { clientType })
}
