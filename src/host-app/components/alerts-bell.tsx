import { useStore } from '@nanostores/react'
import { lazy, Suspense, useEffect } from 'react'
import { $session } from '../../stores/auth'
import { followAlerts } from '../../stores/safety'

const Bell = lazy(() => import('./alerts-bell-panel').then(module => ({ default: module.Bell })))

/**
 * The safety bell for teachers and managers: a student who wrote about
 * harming themselves raises an alert (server/modules/safety), shown here
 * within seconds with the student, class and words; whoever handles it
 * marks it handled for everyone. The bell and its words load only for staff.
 */
export function AlertsBell() {
  const session = useStore($session)
  const staff = session?.clientType === '1' || session?.clientType === '2'
  useEffect(() => (staff ? followAlerts() : undefined), [staff])
  if (!staff) return null
  return (
    <Suspense fallback={null}>
      <Bell />
    </Suspense>
  )
}
