import { signOut, type ClientType } from '../api/account'
import { signOutHere, switchClient } from '../stores/auth'
import { $userId } from '../stores/user-scope'
import { refreshRoute } from './guard'
import { navigate } from './router'

/**
 * Revokes the token on the server (best effort), forgets it and everything of
 * the person in this browser (a shared computer), shows the login page.
 */
export async function signOutAndLeave(): Promise<void> {
  // Read before the server call: a 401 answering another request meanwhile ends the session in memory.
  const leaving = $userId.get()
  try {
    await signOut()
  } catch {
    // An already-invalid token is as good as revoked; sign out locally anyway.
  }
  signOutHere(leaving)
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
