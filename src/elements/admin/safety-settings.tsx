import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { fetchModels } from '../../api/admin'
import { fetchSafetySettings, saveSafetySettings, type SafetySettingsView } from '../../api/safety'
import { errorMessage } from '../shared/error-message'
import { $common, $safetyMessages } from '../../i18n'
import { Select } from '../shared/select'
import { LoadGate } from '../shared/load/load-gate'
import { FormError } from '../shared/ui'
import { useLoadable } from '../shared/load/use-loadable'

/** The managers' settings: counselling text, output check, who is alerted (and by SMS), the guard model, the cloud service. */
export function SafetySettingsCard() {
  const t = useStore($safetyMessages)
  const [loaded, loadedStore] = useLoadable(() => fetchSafetySettings(), [])
  const [models] = useLoadable(() => fetchModels(), [])
  const [draft, setDraft] = useState<SafetySettingsView | undefined>()
  const [error, setError] = useState('')
  const [saved, setSaved] = useState(false)
  useEffect(() => setDraft(loaded.data), [loaded.data])
  const set = (patch: Partial<SafetySettingsView>) => {
    setSaved(false)
    setDraft(d => (d ? { ...d, ...patch } : d))
  }

  async function save() {
    if (!draft) return
    setError('')
    try {
      const { cloudAvailable: _readOnly, ...settings } = draft
      setDraft(await saveSafetySettings(settings))
      setSaved(true)
    } catch (failure) {
      setError(errorMessage(failure, $common.get()))
    }
  }

  const check = (
    key: 'outputCheck' | 'alertTeachers' | 'alertManagers' | 'guardFailClosed' | 'cloudModeration' | 'cloudFailClosed',
    label: string,
    disabled = false,
  ) => (
    <label>
      <input type="checkbox" disabled={disabled} checked={draft?.[key] ?? false} onChange={e => set({ [key]: e.target.checked })} />
      {label}
    </label>
  )

  return (
    <section className="card" aria-labelledby="safety-settings" data-testid="safety-settings">
      <h3 id="safety-settings">{t.settingsTitle}</h3>
      <LoadGate state={loaded} what={t.settingsTitle} onRetry={() => void loadedStore.load()}>
        {() => (
          <>
            <label className="field">
              <span>{t.counselling}</span>
              <textarea className="input" rows={3} value={draft?.counsellingText ?? ''} onChange={e => set({ counsellingText: e.target.value })} />
            </label>
            <p className="muted">{t.counsellingHint}</p>
            <div className="checks">
              {check('outputCheck', t.outputCheck)}
              {check('alertTeachers', t.alertTeachers)}
              {check('alertManagers', t.alertManagers)}
            </div>
            <label className="field">
              <span>{t.alertPhone}</span>
              <input className="input" inputMode="tel" maxLength={64} value={draft?.alertPhone ?? ''} onChange={e => set({ alertPhone: e.target.value })} />
            </label>
            <p className="muted">{t.alertPhoneHint}</p>
            <div className="row">
              <label className="row">
                <span>{t.guardModel}</span>
                <Select
                  value={draft?.guardModel ?? ''}
                  onChange={e => set({ guardModel: e.target.value })}
                  none={t.guardNone}
                  options={(models.data?.models ?? []).filter(m => m.source !== 'builtin').map(m => ({ value: m.name, label: m.label }))}
                />
              </label>
              <div className="checks">{check('guardFailClosed', t.guardFailClosed)}</div>
            </div>
            <div className="checks">
              {check('cloudModeration', t.cloudModeration, !draft?.cloudAvailable)}
              {check('cloudFailClosed', t.cloudFailClosed, !draft?.cloudAvailable)}
            </div>
            {draft?.cloudAvailable ? null : <p className="muted">{t.cloudUnavailable}</p>}
            <FormError message={error} />
            <div className="row">
              <button type="button" className="button primary" onClick={() => void save()} data-testid="safety-save">
                {t.save}
              </button>
              {saved ? (
                <span className="ok" role="status">
                  {t.saved}
                </span>
              ) : null}
            </div>
          </>
        )}
      </LoadGate>
    </section>
  )
}
