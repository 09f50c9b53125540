import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { downloadPlacementExport, fetchPlacements, handlePlacementAlert, makeSignLink, type Placement, type PlacementAlert } from '../../api/placements'
import { $common, $locale, $placementsMessages } from '../../i18n'
import { formatDate } from '../shared/format'
import { failureDetail, LoadGate, useLoadable } from '../shared/load'
import { QrCode } from '../shared/qr-code'
import { FormError, Modal } from '../shared/ui'
import { useClientType } from '../shared/use-client-type'
import { PlacementCreateForm } from './create-form'
import { stateLabel } from './labels'

export interface PlacementSupervisorProps {
  /** '1' a teacher (their own students), '2' a manager (all); default: the session's. */
  clientType?: string
}

/** The supervisor's list: each student with the last log, unsigned weeks (a signing link each) and open alerts. */
export function PlacementSupervisor({ clientType: attribute }: PlacementSupervisorProps) {
  const t = useStore($placementsMessages)
  const locale = useStore($locale)
  const clientType = useClientType(attribute)
  const teacher = clientType === '1'
  const [state, store] = useLoadable(signal => fetchPlacements(teacher, { signal }), [teacher])
  const [link, setLink] = useState<{ week: number; url: string; expiresAt: number } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const common = useStore($common)

  async function download() {
    setError(null)
    try {
      await downloadPlacementExport()
    } catch (failure) {
      setError(failureDetail(failure, common))
    }
  }

  async function openLink(p: Placement, week: number) {
    setError(null)
    try {
      setLink({ week, ...(await makeSignLink(p.id, week)) })
    } catch (failure) {
      setError(failureDetail(failure, common))
    }
  }

  return (
    <div className="placement-page" part="base" data-testid="placement-supervisor">
      <h1 part="header">{teacher ? t.supervisorTitle : t.allTitle}</h1>
      <button type="button" className="button" part="actions" onClick={() => void download()} data-testid="placement-export">
        {t.exportXlsx}
      </button>
      <PlacementCreateForm teacher={teacher} onCreated={() => void store.load()} />
      <FormError message={error} />
      <LoadGate state={state} what={t.title} onRetry={() => void store.retry()}>
        {placements =>
          placements.length === 0 ? (
            <zx-empty-state part="body" message={t.none} />
          ) : (
            <ul className="logs" part="body">
              {placements.map(p => (
                <li key={p.id} data-testid="supervised" data-student={p.student.name}>
                  <h2>{p.student.name}</h2>
                  <div className="meta">
                    <span>{p.company.name}</span>
                    <span>{p.post}</span>
                    <span className="badge">{stateLabel(p.state, t)}</span>
                    <span data-testid="last-log">
                      {t.lastLog}: {p.lastLogAt === null ? t.never : formatDate(p.lastLogAt, locale)}
                    </span>
                  </div>
                  <h3>{t.unsignedWeeks}</h3>
                  <div className="weeks">
                    {p.unsignedWeeks.map(week => (
                      <span key={week} className="row" data-testid="unsigned-week" data-week={week}>
                        {t.week({ week })}
                        {teacher ? (
                          <button type="button" className="button ghost" onClick={() => void openLink(p, week)} data-testid="sign-link">
                            {t.signLink}
                          </button>
                        ) : null}
                      </span>
                    ))}
                  </div>
                  {p.signedWeeks.length ? (
                    <p data-testid="signed-weeks">
                      {t.signedWeeks}: {p.signedWeeks.map(w => t.week({ week: w.week })).join(', ')}
                    </p>
                  ) : null}
                  <Alerts alerts={p.alerts.filter(a => !a.handled)} onHandled={() => void store.load()} />
                </li>
              ))}
            </ul>
          )
        }
      </LoadGate>
      {link ? (
        <Modal heading={t.signLinkTitle({ week: link.week })} onClose={() => setLink(null)} testId="sign-link-dialog">
          <div className="sign-link">
            <QrCode text={link.url} label={t.signLinkTitle({ week: link.week })} testId="sign-qr" />
            <p className="url" data-testid="sign-url">
              {link.url}
            </p>
            <p className="muted">{t.signLinkExpires({ time: formatDate(link.expiresAt, locale) })}</p>
          </div>
        </Modal>
      ) : null}
    </div>
  )
}

function Alerts({ alerts, onHandled }: { alerts: PlacementAlert[]; onHandled: () => void }) {
  const t = useStore($placementsMessages)
  const [comments, setComments] = useState<Record<string, string>>({})
  if (alerts.length === 0) return <p className="muted">{t.alertsNone}</p>
  async function handle(alert: PlacementAlert) {
    try {
      await handlePlacementAlert(alert.id, (comments[alert.id] ?? '').trim())
      onHandled()
    } catch {
      /* the client's toast says why */
    }
  }
  return (
    <div>
      <h3>{t.alerts}</h3>
      <ul className="logs">
        {alerts.map(alert => (
          <li key={alert.id} data-testid="placement-alert" data-kind={alert.kind}>
            <p>
              <strong>{alert.about}</strong> {alert.detail}
            </p>
            <label className="field">
              <span className="field-label">{t.handleComment}</span>
              <input
                className="input"
                maxLength={500}
                value={comments[alert.id] ?? ''}
                onChange={e => setComments(old => ({ ...old, [alert.id]: e.target.value }))}
                data-testid="alert-comment"
              />
            </label>
            <button type="button" className="button" onClick={() => void handle(alert)} data-testid="alert-handle">
              {t.handle}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
