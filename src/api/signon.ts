import { request } from './client'
import type { ClientType, TokenGrant } from './account'

/**
 * School sign-on (docs/api/sign-on.md): the login page's buttons and
 * directory forms, the ticket a provider's sign-in ends with, the sign-out
 * at the provider, and the managers' providers in school administration.
 */

export type SignonKind = 'oidc' | 'cas' | 'ldap'

export interface SignonProvider {
  id: string
  /** Shown on the button, as the school named it. */
  name: string
  kind: SignonKind
  /** Where the browser goes to sign in at the provider (add `?redirect=<path>`); OpenID Connect and CAS. */
  loginUrl?: string
  /** Where a directory's (LDAP) username and password are posted. */
  passwordUrl?: string
}

export type SignonRefusal = 'disabled' | 'no-role' | 'taken' | 'failed'

/** The enabled providers; none when the server answers anything but a list (an older server, a proxy's page): the login page still shows its form. */
export async function listSignonProviders(): Promise<SignonProvider[]> {
  const providers = await request<unknown>('GET', 'app/api/oauth/providers', undefined, { quiet: true })
  return Array.isArray(providers) ? (providers as SignonProvider[]) : []
}

/** Trades the one-time ticket of a provider's sign-in for a token. Quiet: the login page shows the reason. */
export function redeemSignonTicket(ticket: string): Promise<TokenGrant & { provider: string }> {
  return request('POST', 'app/api/oauth/ticket', { ticket }, { quiet: true })
}

/** Signs in with the directory's (LDAP) username and password. Quiet: the form shows the reason. */
export function signInWithDirectory(providerId: string, username: string, password: string): Promise<TokenGrant> {
  return request('POST', `app/api/oauth/${encodeURIComponent(providerId)}/password`, { username, password }, { quiet: true })
}

/** Where the browser goes to end the provider's session too (CAS logout, OpenID Connect end_session), then back to `back`. */
export function providerSignOutUrl(providerId: string, back = '/login'): string {
  return `/new-chat/app/api/oauth/${encodeURIComponent(providerId)}/logout?${new URLSearchParams({ redirect: back })}`
}

// ——— school administration ———

export type LinkBy = 'none' | 'username' | 'number' | 'email'

export interface MappingRules {
  roleClaim: string
  roleMap: Record<string, ClientType>
  usernameClaim: string
  nameClaim: string
  emailClaim: string
  numberClaim: string
  classClaim: string
  majorClaim: string
  activeClaim: string
  linkBy: LinkBy
}

export interface ProviderSettings {
  /** The OpenID issuer, the CAS server's base, or the directory's ldaps:// address. */
  issuer: string
  clientId: string
  scopes: string
  baseDn?: string
  bindDn?: string
  userAttribute?: string
}

export interface IdentityProviderView {
  id: string
  kind: SignonKind
  name: string
  enabled: boolean
  /** Set by the server's environment: shown, not edited. */
  fromEnv: boolean
  settings: ProviderSettings
  rules: MappingRules
  passwordSignIn: boolean
  /** Whether a client secret (or bind password) is stored; the secret itself never comes back. */
  hasSecret: boolean
}

export interface IdentityProvidersOverview {
  /** Whether stored secrets are sealed (the server has ZX_SECRET_KEY). */
  encrypts: boolean
  providers: IdentityProviderView[]
}

export interface IdentityProviderInput {
  kind: SignonKind
  name: string
  enabled: boolean
  settings: ProviderSettings
  rules: MappingRules
  /** Write-only; omitted keeps the stored one. */
  secret?: string
  passwordSignIn: boolean
}

/** What a sign-in with the sample would give. */
export interface MappedSample {
  subject: string
  username: string
  name: string
  email: string
  number: string
  clientTypes: ClientType[]
  classes: string[]
  major: string
  active: boolean
}

export function fetchIdentityProviders(): Promise<IdentityProvidersOverview> {
  return request('GET', 'course/admin/sign-on/providers')
}

/** Adds (id null) or changes a provider. Quiet: the editor shows the refusal. */
export function saveIdentityProvider(id: string | null, input: IdentityProviderInput): Promise<IdentityProvidersOverview> {
  return id
    ? request('PUT', `course/admin/sign-on/providers/${encodeURIComponent(id)}`, input, { quiet: true })
    : request('POST', 'course/admin/sign-on/providers', input, { quiet: true })
}

export function deleteIdentityProvider(id: string): Promise<IdentityProvidersOverview> {
  return request('DELETE', `course/admin/sign-on/providers/${encodeURIComponent(id)}`)
}

/** Maps a sample of claims or attributes with rules not saved yet. Quiet: the form shows the refusal. */
export function tryMapping(kind: SignonKind, rules: MappingRules, claims: Record<string, unknown>): Promise<MappedSample> {
  return request('POST', 'course/admin/sign-on/try', { kind, rules, claims }, { quiet: true })
}

/** Runs a directory's (LDAP) sync now: people gone or disabled there are disabled here. */
export function syncDirectoryNow(id: string): Promise<{ checked: number; disabled: number }> {
  return request('POST', `course/admin/sign-on/providers/${encodeURIComponent(id)}/sync`)
}
