import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { fetchModels } from '../../api/admin'
import { fetchSafetySettings, saveSafetySettings, type SafetySettings } from '../../api/safety'
import { errorMessage } from '../shared/error-message'
import { $common, $safetyMessages } from '../../i18n'
import { Select } from '../shared/select'
import { LoadGate } from '../shared/load/load-gate'
import { FormError } from '../shared/ui'
import { useLoadable } from '../shared/load/use-loadable'

/** The managers' settings: counselling text, output check, who is alerted, the guard model. */
export function SafetySettingsCard() {
  const t = useStore($safetyMessages)
  const [loaded, loadedStore] = useLoadable(() => fetchSafetySettings(), [])
  const [models] = useLoadable(() => fetchModels(), [])
  const [draft, setDraft] = useState<SafetySettings | undefined>()
  const [error, setError] = useState('')
  const [saved, setSaved] = useState(false)
  useEffect(() => setDraft(loaded.data), [loaded.data])
  const set = (patch: Partial<SafetySettings>) => {
    setSaved(false)
    setDraft(d => (d ? { ...d, ...patch } : d))
  }

  async function save() {
    if (!draft) return
    setError('')
    try {
      setDraft(await saveSafetySettings(draft))
      setSaved(true)
    } catch (failure) {
      setError(errorMessage(failure, $common.get()))
    }
  }

  const check = (key: 'outputCheck' | 'alertTeachers' | 'alertManagers' | 'guardFailClosed', label: string) => (
    <label>
      <input type="checkbox" checked={draft?.[key] ?? false} onChange={e => set({ [key]: e.target.checked })} />
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
