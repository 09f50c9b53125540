import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { isActive, listGenerations, type Generation } from '../../api/generations'
import { $generationsMessages } from '../../i18n'
import { showToast } from '../../stores/toasts'
import { useLoadable } from '../shared/load'

/** How often the page asks about jobs still queued or running. */
export const POLL_MS = 2000

/**
 * The caller's jobs of one kind, newest first, refreshed while any is still
 * queued or running. A job that finishes while the page is open is announced
 * (a toast, and a system notification when the page is in the background and
 * the person allowed them), so one may start a video and do something else.
 */
export function useJobs(kind: 'image' | 'video') {
  const t = useStore($generationsMessages)
  const [state, store] = useLoadable(signal => listGenerations(kind, { signal, quiet: true }), [kind])
  const [jobs, setJobs] = useState<Generation[] | undefined>(undefined)
  const known = useRef(new Map<string, Generation['status']>())

  const announce = useCallback(
    (list: Generation[]) => {
      for (const job of list) {
        const before = known.current.get(job.id)
        known.current.set(job.id, job.status)
        if (!before || before === job.status || !['queued', 'running'].includes(before)) continue
        if (job.status === 'succeeded')
          notify(kind === 'image' ? t.doneImage.replace('{prompt}', job.prompt) : t.doneVideo.replace('{prompt}', job.prompt), 'success')
        if (job.status === 'failed') notify(t.failedJob.replace('{error}', job.error ?? ''), 'error')
      }
    },
    [kind, t],
  )

  useEffect(() => {
    if (state.data) {
      announce(state.data)
      setJobs(state.data)
    }
  }, [state.data, announce])

  const refresh = useCallback(async () => {
    try {
      const list = await listGenerations(kind, { quiet: true })
      announce(list)
      setJobs(list)
    } catch {
      // The next tick tries again; the list on screen stays.
    }
  }, [kind, announce])

  const anyActive = (jobs ?? []).some(isActive)
  useEffect(() => {
    if (!anyActive) return
    const timer = setInterval(() => void refresh(), POLL_MS)
    return () => clearInterval(timer)
  }, [anyActive, refresh])

  return { state, store, jobs, refresh }
}

function notify(message: string, kind: 'success' | 'error') {
  showToast(kind, message)
  if (typeof document !== 'undefined' && document.hidden && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    try {
      new Notification(message)
    } catch {
      // Some browsers allow notifications only from a service worker.
    }
  }
}

/** Asks once, when a person starts a job, whether they want to be told when it is done. */
export function askForNotifications() {
  if (typeof Notification !== 'undefined' && Notification.permission === 'default') void Notification.requestPermission().catch(() => undefined)
}
