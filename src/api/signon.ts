import { request } from './client'
import type { TokenGrant } from './account'

/** School sign-on (docs/api/sign-on.md): the login page's buttons and the ticket a provider's sign-in ends with. */

export interface SignonProvider {
  id: string
  /** Shown on the button, as the school named it. */
  name: string
  kind: 'oidc' | 'cas' | 'ldap'
  /** Where the browser goes to sign in at the provider (add `?redirect=<path>`). */
  loginUrl: string
}

export type SignonRefusal = 'disabled' | 'no-role' | 'taken' | 'failed'

export function listSignonProviders(): Promise<SignonProvider[]> {
  return request<SignonProvider[]>('GET', 'app/api/oauth/providers', undefined, { quiet: true })
}

/** Trades the one-time ticket of a provider's sign-in for a token. Quiet: the login page shows the reason. */
export function redeemSignonTicket(ticket: string): Promise<TokenGrant & { provider: string }> {
  return request('POST', 'app/api/oauth/ticket', { ticket }, { quiet: true })
}
