import { atom } from 'nanostores'
import { listAlerts, markAlertHandled, type SafetyAlert } from '../api/safety'
import { perUser } from './user-scope'

/** How often the bell asks for alerts: a student's words reach their teacher within this and a request. */
export const ALERT_POLL_MS = 4_000

/** The safety alerts the signed-in teacher or manager receives (newest first). */
export const $alerts = perUser(atom<SafetyAlert[]>([]), () => [])

/** Keeps `$alerts` current while the bell is shown; returns the stop. */
export function followAlerts(): () => void {
  let controller = new AbortController()
  const read = () => {
    controller.abort()
    controller = new AbortController()
    listAlerts(controller.signal).then(
      // A server (or proxy) answering something else than the list leaves the bell quiet rather than broken.
      alerts => $alerts.set(Array.isArray(alerts) ? alerts : []),
      () => {},
    )
  }
  read()
  const timer = setInterval(read, ALERT_POLL_MS)
  return () => {
    clearInterval(timer)
    controller.abort()
  }
}

/** Marks an alert handled by the signed-in person, for everyone who receives it. */
export async function handleAlert(id: string): Promise<void> {
  await markAlertHandled(id)
  $alerts.set($alerts.get().map(a => (a.id === id ? { ...a, handled: true } : a)))
}
