import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { startLive } from '../../api/live'
import { $common, $liveMessages } from '../../i18n'
import { errorMessage } from '../shared/error-message'
import { go, liveHref } from '../shared/links'
import { FormError } from '../shared/ui'

/** The teacher's "Start live session" on a course: opens a session and goes to its projector page. */
export function StartLive({ courseId, host }: { courseId: string; host: HTMLElement | undefined }) {
  const t = useStore($liveMessages)
  const common = useStore($common)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const start = async () => {
    setBusy(true)
    setError('')
    try {
      go(host, liveHref((await startLive(courseId)).id))
    } catch (failure) {
      setError(errorMessage(failure, common))
      setBusy(false)
    }
  }
  return (
    <>
      <button type="button" className="button" disabled={busy} onClick={() => void start()} data-testid="start-live">
        {t.startLive}
      </button>
      <FormError message={error} testId="start-live-error" />
    </>
  )
}
