import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import { fetchSignWeek, signPlacementWeek } from '../../api/placements'
import { TransportError } from '../../api/errors'
import { $common, $placementsMessages } from '../../i18n'
import { failureDetail, LoadGate, useLoadable } from '../shared/load'
import { Field, FormError } from '../shared/ui'
import { LogList } from './log-list'

export interface PlacementSignProps {
  /** The sign link's token (default: `?token=` of the page). */
  token?: string
}

/** A refusal of the link itself (used, expired, unknown) rather than of the connection. */
function refusedText(failure: unknown, t: { signRefused: string }, common: ReturnType<typeof $common.get>): string {
  return failure instanceof TransportError ? failureDetail(failure, common) : t.signRefused
}

/**
 * The company mentor's page, with no account: the week's logs of one student
 * and a sign button with an optional comment. The link signs once; used or
 * expired, the page says so.
 */
export function PlacementSign({ token: attribute }: PlacementSignProps) {
  const t = useStore($placementsMessages)
  const common = useStore($common)
  const token = attribute || new URLSearchParams(location.search).get('token') || ''
  const [state, store] = useLoadable(signal => fetchSignWeek(token, { signal }), [token])
  const [comment, setComment] = useState('')
  const [signed, setSigned] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function sign(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await signPlacementWeek(token, comment.trim())
      setSigned(true)
    } catch (failure) {
      setError(refusedText(failure, t, common))
    } finally {
      setBusy(false)
    }
  }

  if (state.status === 'failed' && !(state.error instanceof TransportError))
    return (
      <div className="placement-page" part="base">
        <h1 part="header">{t.signHeading}</h1>
        <p className="field-error" role="alert" data-testid="sign-refused">
          {t.signRefused}
        </p>
      </div>
    )
  return (
    <div className="placement-page" part="base" data-testid="placement-sign">
      <h1 part="header">{t.signHeading}</h1>
      <LoadGate state={state} what={t.signHeading} onRetry={() => void store.retry()}>
        {week => (
          <section className="placement" part="body">
            <header>
              <h2>{t.signWeekOf({ name: week.student, week: week.week })}</h2>
              <p>
                {week.company} · {week.post}
              </p>
              <p className="muted">{t.dates({ start: week.from, end: week.to })}</p>
            </header>
            <LogList logs={week.logs} empty={t.signNoLogs} />
            {signed ? (
              <p className="ok" role="status" data-testid="sign-done">
                {t.signDone}
              </p>
            ) : (
              <form className="card log-form" onSubmit={sign} noValidate>
                <Field label={t.signComment}>
                  <textarea className="input" rows={3} maxLength={1000} value={comment} onChange={e => setComment(e.target.value)} data-testid="sign-comment" />
                </Field>
                <FormError message={error} testId="sign-error" />
                <button type="submit" className="button primary" part="actions" disabled={busy} data-testid="sign-submit">
                  {t.signButton}
                </button>
              </form>
            )}
          </section>
        )}
      </LoadGate>
    </div>
  )
}
