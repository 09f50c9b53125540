import { useStore } from '@nanostores/react'
import { $coursesMessages } from '../../i18n'
import { showToast } from '../../stores/toasts'
import { Icon } from '../shared/ui'

/** A join code to write on the board (a course's or a class's), with copy, regenerate and switch off. */
export function JoinCodePanel({
  code,
  intro,
  busy,
  onChange,
}: {
  code: string | null | undefined
  intro: string
  busy: boolean
  onChange: (action: 'regenerate' | 'disable') => void
}) {
  const t = useStore($coursesMessages)
  const copy = async () => {
    if (!code) return
    await navigator.clipboard?.writeText(code).catch(() => {})
    showToast('success', t.copied)
  }
  return (
    <section className="panel" data-testid="join-code">
      <h2 className="panel-title">{t.joinCodeTitle}</h2>
      <p className="panel-hint">{intro}</p>
      <div className="code-row">
        {code ? (
          <output className="join-code" aria-label={t.joinCodeTitle}>
            {code}
          </output>
        ) : (
          <span className="muted">{t.joinCodeDisabled}</span>
        )}
        <div className="actions">
          {code ? (
            <button type="button" className="button" onClick={() => void copy()}>
              <Icon name="copy" /> {t.copy}
            </button>
          ) : null}
          <button type="button" className="button" disabled={busy} onClick={() => onChange('regenerate')} data-testid="regenerate-code">
            <Icon name="refresh" /> {code ? t.regenerate : t.enable}
          </button>
          {code ? (
            <button type="button" className="button ghost" disabled={busy} onClick={() => onChange('disable')} data-testid="disable-code">
              {t.disable}
            </button>
          ) : null}
        </div>
      </div>
    </section>
  )
}
