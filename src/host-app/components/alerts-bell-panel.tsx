import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { $safetyMessages } from '../../i18n'
import { $alerts, handleAlert } from '../../stores/safety'
import { formatDate } from '../../elements/shared/format'
import { usePhrasing } from '../../elements/shared/use-phrasing'
import { Icon } from '../icons'

/** The bell itself and its list (alerts-bell.tsx loads it for staff only, so its words stay out of the first load). */
export function Bell() {
  const t = useStore($safetyMessages)
  const alerts = useStore($alerts)
  const { locale, labelled } = usePhrasing()
  const [open, setOpen] = useState(false)
  const waiting = alerts.filter(a => !a.handled).length
  const label = waiting ? labelled(t.alerts, String(waiting)) : t.alerts
  return (
    <div className="zx-alerts">
      <button
        type="button"
        className="zx-icon-button"
        aria-label={label}
        title={label}
        aria-expanded={open}
        data-testid="alerts-bell"
        data-ringing={waiting > 0 || undefined}
        onClick={() => setOpen(o => !o)}>
        <Icon name="bell" />
        {waiting ? (
          <span className="zx-alerts-count" aria-hidden="true">
            {waiting}
          </span>
        ) : null}
      </button>
      {open ? (
        <section className="zx-alerts-panel" role="dialog" aria-label={t.alerts} data-testid="alerts-panel">
          {alerts.length === 0 ? <p className="zx-alerts-empty">{t.noAlerts}</p> : null}
          <ul>
            {alerts.map(a => (
              <li key={a.id} data-testid="alert" data-handled={a.handled || undefined}>
                <p className="zx-alerts-who">
                  {labelled(t.student, a.student)} · {labelled(t.className, a.className || '-')}
                </p>
                <p className="zx-alerts-excerpt">{a.excerpt}</p>
                <p className="zx-alerts-meta">
                  {formatDate(a.createTime, locale)}
                  {a.handled ? (
                    <span> · {a.handledBy ? labelled(t.handled, a.handledBy) : t.handled}</span>
                  ) : (
                    <button type="button" className="zx-alerts-handle" data-testid="alert-handle" onClick={() => void handleAlert(a.id)}>
                      {t.markHandled}
                    </button>
                  )}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
