import { signOut, type ClientType } from '../api/account'
import { providerSignOutUrl } from '../api/signon'
import { signOutHere, switchClient } from '../stores/auth'
import { takeSignonProvider } from '../stores/signon'
import { refreshRoute } from './guard'
import { navigate } from './router'

/**
 * Revokes the token on the server (best effort), forgets it and everything of
 * the person in this browser (a shared computer), shows the login page. A
 * person who came through the school's sign-on is sent on to the provider's
 * own sign-out first (CAS logout, OpenID Connect end_session), which returns
 * to the login page: the next person at the computer is not signed in there.
 */
export async function signOutAndLeave(): Promise<void> {
  const provider = takeSignonProvider()
  try {
    await signOut()
  } catch {
    // An already-invalid token is as good as revoked; sign out locally anyway.
  }
  signOutHere()
  if (provider) location.assign(providerSignOutUrl(provider, '/login'))
  else navigate('/login')
}

/** SPEC §4 switch: new token, then the guard loads the new session and its routes. */
export async function switchClientType(clientType: ClientType): Promise<void> {
  await switchClient(clientType, () => {
    navigate('/course/dialogue')
    // Same path as before leaves the router silent; resolve it again for the new session.
    void refreshRoute()
  })
}
