import { useStore } from '@nanostores/react'
import type { ClientType } from '../../api/account'
import { $clientType, $session } from '../../stores/auth'

/** The side the element shows: its `client-type` attribute, else the signed-in session's. */
export function useClientType(attribute: string | undefined): ClientType {
  const session = useStore($session)
  const stored = useStore($clientType)
  const value = attribute || session?.clientType || stored
  return value === '2' || value === '3' ? value : '1'
}
