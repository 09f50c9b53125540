import { signOut, type ClientType } from '../api/account'
import { signOutHere, switchClient } from '../stores/auth'
import { refreshRoute } from './guard'
import { navigate } from './router'

/**
 * Revokes the token on the server (best effort), forgets it and everything of
 * the person in this browser (a shared computer), shows the login page.
 */
export async function signOutAndLeave(): Promise<void> {
  try {
    await signOut()
  } catch {
    // An already-invalid token is as good as revoked; sign out locally anyway.
  }
  signOutHere()
  navigate('/login')
}

/** SPEC §4 switch: new token, then the guard loads the new session and its routes. */
export async function switchClientType(clientType: ClientType): Promise<void> {
  await switchClient(clientType, () => {
    navigate('/course/dialogue')
    // Same path as before leaves the router silent; resolve it again for the new session.
    void refreshRoute()
  })
}
