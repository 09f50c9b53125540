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

/** The enabled providers; none when the server answers anything but a list (an older server, a proxy's page): the login page still shows its form. */
export async function listSignonProviders(): Promise<SignonProvider[]> {
  const providers = await request<unknown>('GET', 'app/api/oauth/providers', undefined, { quiet: true })
  return Array.isArray(providers) ? (providers as SignonProvider[]) : []
}

/** Trades the one-time ticket of a provider's sign-in for a token. Quiet: the login page shows the reason. */
export function redeemSignonTicket(ticket: string): Promise<TokenGrant & { provider: string }> {
  return request('POST', 'app/api/oauth/ticket', { ticket }, { quiet: true })
}
