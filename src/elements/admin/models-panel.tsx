import { useStore } from '@nanostores/react'
import { useEffect, useState, type FormEvent } from 'react'
import type { ClientType } from '../../api/account'
import {
  deleteProvider,
  fetchModels,
  saveModelSettings,
  saveProvider,
  testProvider,
  type AdminProvider,
  type ModelsOverview,
  type ProviderModel,
} from '../../api/admin'
import { errorMessage } from '../shared/error-message'
import { $adminMessages, $common } from '../../i18n'
import { showToast } from '../../stores/toasts'
import { LoadFailure } from '../shared/load'
import { ConfirmDialog, Field, Modal, ModalActions } from '../shared/ui'
import { Select } from '../shared/select'
import { useLoadable } from '../shared/load/use-loadable'

const TYPES: ClientType[] = ['1', '2', '3']

/** "name" or "name:v1|v2" per line → models. */
export function parseModelLines(text: string): ProviderModel[] {
  return text
    .split('\n')
    .map(line => line.trim())
    .filter(Boolean)
    .map(line => {
      const [name = '', versions = ''] = line.split(/:(.*)/su, 2)
      return {
        name: name.trim(),
        versions: versions
          .split('|')
          .map(v => v.trim())
          .filter(Boolean),
      }
    })
}

const modelLines = (models: ProviderModel[]) => models.map(m => (m.versions.length ? `${m.name}:${m.versions.join('|')}` : m.name)).join('\n')

/** Model services the school connects (key write-only), the default model and who may use which model. */
export function ModelsPanel() {
  const t = useStore($adminMessages)
  const [overview, overviewStore] = useLoadable(() => fetchModels(), [], { keep: true })
  const reloadOverview = () => void overviewStore.load()
  const [editing, setEditing] = useState<AdminProvider | 'new' | null>(null)
  const [removing, setRemoving] = useState<AdminProvider | null>(null)
  if (overview.error) return <LoadFailure error={overview.error} what={t.tabModels} onRetry={reloadOverview} />
  if (!overview.data) return <zx-skeleton variant="rows" count={4} />
  const data = overview.data
  return (
    <div className="panel" data-testid="admin-models">
      <section className="card">
        <h3>{t.providers}</h3>
        <p className="muted">{t.providersIntro}</p>
        <p className="muted">{data.keysEncrypted ? t.keysEncrypted : t.keysPlain}</p>
        <ul className="muted">
          {data.providers.map(p => (
            <li key={p.id} className="row" data-testid="provider-row">
              <span>
                {p.name} · {p.baseUrl} · {p.models.map(m => m.name).join(', ')} {p.enabled ? '' : `· ${t.disabled}`}
              </span>
              <button type="button" className="button ghost" onClick={() => setEditing(p)}>
                {t.edit}
              </button>
              <button type="button" className="button ghost" onClick={() => setRemoving(p)} data-testid="provider-delete">
                {t.delete}
              </button>
            </li>
          ))}
        </ul>
        <div className="row">
          <button type="button" className="button primary" onClick={() => setEditing('new')} data-testid="provider-new">
            {t.newProvider}
          </button>
        </div>
      </section>
      <AccessCard data={data} onSaved={reloadOverview} />
      {removing ? (
        <ConfirmDialog
          heading={t.delete}
          message={t.confirmDeleteProvider({ name: removing.name })}
          confirmLabel={t.delete}
          onConfirm={() => {
            const id = removing.id
            setRemoving(null)
            void deleteProvider(id).then(reloadOverview, () => undefined)
          }}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
      {editing ? (
        <ProviderEditor
          provider={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            reloadOverview()
          }}
        />
      ) : null}
    </div>
  )
}

function AccessCard({ data, onSaved }: { data: ModelsOverview; onSaved: () => void }) {
  const t = useStore($adminMessages)
  const [defaultModel, setDefaultModel] = useState(data.defaultModel)
  const [access, setAccess] = useState(data.access)
  useEffect(() => (setDefaultModel(data.defaultModel), setAccess(data.access)), [data])
  const allowed = (name: string) => access[name] ?? TYPES
  const toggle = (name: string, type: ClientType) => {
    const now = allowed(name)
    setAccess({ ...access, [name]: now.includes(type) ? now.filter(x => x !== type) : [...now, type].sort() })
  }
  const typeLabel = (type: ClientType) => (type === '1' ? t.type1 : type === '2' ? t.type2 : t.type3)
  return (
    <section className="card" data-testid="model-access">
      <h3>{t.allModels}</h3>
      <Field label={t.defaultModel}>
        <Select value={defaultModel} onChange={e => setDefaultModel(e.target.value)} options={data.models.map(m => ({ value: m.name, label: m.label }))} />
      </Field>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th>{t.name}</th>
              <th className="optional">{t.source}</th>
              <th>{t.whoMayUse}</th>
            </tr>
          </thead>
          <tbody>
            {data.models.map(m => (
              <tr key={m.name}>
                <td>{m.label}</td>
                <td className="optional">{m.source === 'school' ? t.sourceSchool : m.source === 'builtin' ? t.sourceBuiltin : t.sourceConfig}</td>
                <td className="checks">
                  {TYPES.map(type => (
                    <label key={type}>
                      <input type="checkbox" checked={allowed(m.name).includes(type)} onChange={() => toggle(m.name, type)} /> {typeLabel(type)}
                    </label>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="row">
        <button
          type="button"
          className="button primary"
          onClick={() =>
            void saveModelSettings({ defaultModel, access }).then(
              () => (showToast('success', t.saved), onSaved()),
              () => undefined,
            )
          }>
          {t.saveAccess}
        </button>
      </div>
    </section>
  )
}

function ProviderEditor({ provider, onClose, onSaved }: { provider: AdminProvider | null; onClose: () => void; onSaved: () => void }) {
  const t = useStore($adminMessages)
  const [name, setName] = useState(provider?.name ?? '')
  const [baseUrl, setBaseUrl] = useState(provider?.baseUrl ?? '')
  // Write-only: never filled from the server; empty means "keep the stored key".
  const [apiKey, setApiKey] = useState('')
  const [models, setModels] = useState(provider ? modelLines(provider.models) : '')
  const [enabled, setEnabled] = useState(provider?.enabled ?? true)
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null)
  const [busy, setBusy] = useState(false)

  async function test() {
    const first = parseModelLines(models)[0]
    if (!first) return
    setStatus({ ok: true, text: t.testing })
    try {
      const result = await testProvider({
        ...(provider ? { providerId: provider.id } : {}),
        baseUrl,
        ...(apiKey ? { apiKey } : {}),
        model: first.versions[0] ?? first.name,
      })
      setStatus({ ok: result.ok, text: result.ok ? t.testOk({ ms: result.latencyMs }) : result.message })
    } catch (failure) {
      setStatus({ ok: false, text: errorMessage(failure, $common.get()) })
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    try {
      await saveProvider(provider?.id ?? null, { name, baseUrl, models: parseModelLines(models), enabled, ...(apiKey ? { apiKey } : {}) })
      showToast('success', t.saved)
      onSaved()
    } catch (failure) {
      setStatus({ ok: false, text: errorMessage(failure, $common.get()) })
      setBusy(false)
    }
  }

  return (
    <Modal heading={provider ? t.edit : t.newProvider} onClose={onClose} testId="provider-editor" wide>
      <form className="modal-body" onSubmit={submit} noValidate>
        <Field label={t.providerName}>
          <input className="input" name="providerName" value={name} onChange={e => setName(e.target.value)} />
        </Field>
        <Field label={t.baseUrl}>
          <input className="input" name="baseUrl" value={baseUrl} placeholder="https://api.deepseek.com/v1" onChange={e => setBaseUrl(e.target.value)} />
        </Field>
        <Field label={t.apiKey} hint={provider?.hasKey ? t.apiKeyKeep : t.apiKeyNone}>
          <input className="input" type="password" name="apiKey" autoComplete="off" value={apiKey} onChange={e => setApiKey(e.target.value)} />
        </Field>
        <Field label={t.modelsField}>
          <textarea className="textarea" name="models" value={models} onChange={e => setModels(e.target.value)} />
        </Field>
        <label className="checks">
          <input type="checkbox" checked={enabled} onChange={e => setEnabled(e.target.checked)} /> {t.enabled}
        </label>
        {status ? (
          <p className={status.ok ? 'ok' : 'error'} role="status" data-testid="provider-status">
            {status.text}
          </p>
        ) : null}
        <ModalActions onCancel={onClose} disabled={busy} testId="provider-save">
          <button type="button" className="button" onClick={() => void test()} data-testid="provider-test">
            {t.testConnection}
          </button>
        </ModalActions>
      </form>
    </Modal>
  )
}
