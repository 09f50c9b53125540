import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { fetchLiveSessions, startLive } from '../../api/live'
import { $common, $liveMessages } from '../../i18n'
import { errorMessage } from '../shared/error-message'
import { go, liveHref } from '../shared/links'
import { useLoadable } from '../shared/load/use-loadable'
import { FormError } from '../shared/ui'

/**
 * The teacher's "Start live session" on a course (or on the lesson the
 * teaching view shows): opens a session and goes
 * to its projector page. While one runs (the projector tab closed by
 * mistake, another room's screen), it leads back to that one instead.
 */
export function StartLive({ courseId, lessonId, host }: { courseId: string; lessonId?: string; host: HTMLElement | undefined }) {
  const t = useStore($liveMessages)
  const common = useStore($common)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [sessions] = useLoadable(signal => fetchLiveSessions(courseId, { signal, quiet: true }), [courseId])
  const running = sessions.status === 'ready' ? sessions.data.find(s => s.endedAt === null) : undefined
  const start = async () => {
    setBusy(true)
    setError('')
    try {
      go(host, liveHref((await startLive(courseId, lessonId)).id))
    } catch (failure) {
      setError(errorMessage(failure, common))
      setBusy(false)
    }
  }
  if (running)
    return (
      <a className="button primary" href={liveHref(running.id)} data-testid="resume-live">
        {t.resumeLive}
      </a>
    )
  return (
    <>
      <button type="button" className="button" disabled={busy} onClick={() => void start()} data-testid="start-live">
        {t.startLive}
      </button>
      <FormError message={error} testId="start-live-error" />
    </>
  )
}
