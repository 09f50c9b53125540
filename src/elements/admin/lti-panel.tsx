import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { addLtiPlatform, fetchLtiPlatforms, removeLtiPlatform, type LtiOverview, type LtiPlatformInput } from '../../api/lti'
import { $common, $ltiMessages } from '../../i18n'
import { showToast } from '../../stores/toasts'
import { errorMessage } from '../shared/error-message'
import { LoadFailure } from '../shared/load'
import { useLoadable } from '../shared/load/use-loadable'
import { Field, FormError } from '../shared/ui'

type Text = Exclude<keyof LtiPlatformInput, 'deploymentIds' | 'enabled'> | 'deploymentIds'

const EMPTY: Record<Text, string> = { name: '', issuer: '', clientId: '', deploymentIds: '', authLoginUrl: '', tokenUrl: '', jwksUrl: '', frameOrigin: '' }

/** The LMS platforms Zhixue is an LTI 1.3 tool of: what to type into the LMS, the platforms registered, a form to register one. */
export function LtiPanel() {
  const t = useStore($ltiMessages)
  const [overview, store] = useLoadable(() => fetchLtiPlatforms(), [], { keep: true })
  const [shown, setShown] = useState<LtiOverview | null>(null)
  const data = shown ?? overview.data
  if (overview.error && !data) return <LoadFailure error={overview.error} what={t.tab} onRetry={() => void store.load()} />
  if (!data) return <zx-skeleton variant="rows" count={4} />
  return (
    <div className="panel" data-testid="admin-lti">
      <section className="card">
        <h3>{t.toolTitle}</h3>
        <p className="muted">{t.toolHint}</p>
        <dl className="tool-urls">
          <dt>{t.loginUrl}</dt>
          <dd data-testid="lti-login-url">{data.tool.loginUrl}</dd>
          <dt>{t.launchUrl}</dt>
          <dd>{data.tool.launchUrl}</dd>
          <dt>{t.jwksUrl}</dt>
          <dd>{data.tool.jwksUrl}</dd>
        </dl>
      </section>
      <PlatformList overview={data} onChange={setShown} />
      <PlatformForm onSaved={setShown} />
    </div>
  )
}

function PlatformList({ overview, onChange }: { overview: LtiOverview; onChange: (next: LtiOverview) => void }) {
  const t = useStore($ltiMessages)
  return (
    <section className="card">
      <h3>{t.platformsTitle}</h3>
      {overview.platforms.length === 0 ? (
        <p className="muted">{t.none}</p>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>{t.name}</th>
                <th>{t.issuer}</th>
                <th className="optional">{t.clientId}</th>
                <th>{t.status}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {overview.platforms.map(p => (
                <tr key={p.id} data-testid="lti-platform">
                  <td>{p.name}</td>
                  <td>{p.issuer}</td>
                  <td className="optional">{p.clientId}</td>
                  <td>{p.enabled ? t.on : t.off}</td>
                  <td className="actions-cell">
                    <button
                      type="button"
                      className="button ghost"
                      onClick={() =>
                        void removeLtiPlatform(p.id).then(next => {
                          onChange(next)
                          showToast('success', t.removed)
                        })
                      }>
                      {t.remove}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function PlatformForm({ onSaved }: { onSaved: (next: LtiOverview) => void }) {
  const t = useStore($ltiMessages)
  const [values, setValues] = useState(EMPTY)
  const [enabled, setEnabled] = useState(true)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const labels: Record<Text, string> = {
    name: t.name,
    issuer: t.issuer,
    clientId: t.clientId,
    deploymentIds: t.deploymentIds,
    authLoginUrl: t.authLoginUrl,
    tokenUrl: t.tokenUrl,
    jwksUrl: t.platformJwksUrl,
    frameOrigin: t.frameOrigin,
  }
  const hints: Partial<Record<Text, string>> = { deploymentIds: t.deploymentHint, frameOrigin: t.frameOriginHint }
  const required = (Object.keys(EMPTY) as Text[]).filter(k => k !== 'frameOrigin')
  const ready = required.every(k => values[k].trim())

  async function save(event: Event) {
    event.preventDefault()
    setError('')
    setBusy(true)
    try {
      const { deploymentIds, frameOrigin, ...rest } = values
      const next = await addLtiPlatform({
        ...rest,
        deploymentIds: deploymentIds
          .split(/[,\s]+/u)
          .map(d => d.trim())
          .filter(Boolean),
        ...(frameOrigin.trim() ? { frameOrigin: frameOrigin.trim() } : {}),
        enabled,
      })
      setValues(EMPTY)
      onSaved(next)
      showToast('success', t.saved)
    } catch (failure) {
      setError(errorMessage(failure, $common.get()))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="card" onSubmit={e => void save(e.nativeEvent)} data-testid="lti-form">
      <h3>{t.add}</h3>
      <div className="grid-2">
        {(Object.keys(EMPTY) as Text[]).map(key => (
          <Field key={key} label={labels[key]} hint={hints[key]}>
            <input className="input" name={key} value={values[key]} onChange={e => setValues(v => ({ ...v, [key]: e.target.value }))} />
          </Field>
        ))}
      </div>
      <label className="checks">
        <input type="checkbox" checked={enabled} onChange={e => setEnabled(e.target.checked)} />
        {t.enabled}
      </label>
      <FormError message={error} testId="lti-error" />
      <div className="row">
        <button type="submit" className="button primary" disabled={!ready || busy}>
          {t.add}
        </button>
      </div>
    </form>
  )
}
