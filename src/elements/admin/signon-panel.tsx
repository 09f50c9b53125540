import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { deleteIdentityProvider, fetchIdentityProviders, saveIdentityProvider, syncDirectoryNow, type IdentityProviderView } from '../../api/signon'
import { $signonMessages } from '../../i18n'
import { mapLoadState } from '../../stores/loadable'
import { showToast } from '../../stores/toasts'
import { useLoadable } from '../shared/load/use-loadable'
import { ConfirmDialog, TablePanel } from '../shared/ui'
import { kindLabel, SignonEditor } from './signon-editor'

/**
 * School sign-on in school administration: the identity providers (CAS,
 * OpenID Connect, LDAP) with their mapping rules; secrets are write-only.
 * Providers set by the server's environment are listed, not edited.
 */
export function SignonPanel() {
  const t = useStore($signonMessages)
  const [overview, overviewStore] = useLoadable(() => fetchIdentityProviders(), [], { keep: true })
  const reload = () => void overviewStore.load()
  const [editing, setEditing] = useState<IdentityProviderView | 'new' | null>(null)
  const [removing, setRemoving] = useState<IdentityProviderView | null>(null)

  async function toggle(provider: IdentityProviderView) {
    const { id, kind, name, enabled, settings, rules, passwordSignIn } = provider
    await saveIdentityProvider(id, { kind, name, enabled: !enabled, settings, rules, passwordSignIn }).then(
      () => (showToast('success', t.saved), reload()),
      () => undefined,
    )
  }

  async function sync(provider: IdentityProviderView) {
    await syncDirectoryNow(provider.id).then(
      result => showToast('success', t.syncDone({ checked: String(result.checked), disabled: String(result.disabled) })),
      () => undefined,
    )
  }

  return (
    <TablePanel
      testId="admin-signon"
      toolbar={
        <section className="card">
          <h3>{t.title}</h3>
          <p className="muted">{t.intro}</p>
          {overview.data ? <p className="muted">{overview.data.encrypts ? t.secretsSealed : t.secretsPlain}</p> : null}
          <div className="row">
            <button type="button" className="button primary" onClick={() => setEditing('new')} data-testid="signon-new">
              {t.add}
            </button>
          </div>
        </section>
      }
      state={mapLoadState(overview, data => data.providers)}
      what={t.title}
      onRetry={reload}
      empty={t.none}
      stacked
      columns={[{ label: t.name }, { label: t.kind }, { label: t.address, optional: true }, { label: t.status }, { label: t.actions }]}
      row={provider => (
        <tr key={provider.id} data-testid="signon-row" data-name={provider.name}>
          <td data-label={t.name}>{provider.name}</td>
          <td data-label={t.kind}>{kindLabel(t, provider.kind)}</td>
          <td className="optional" data-label={t.address}>
            {provider.settings.issuer}
          </td>
          <td data-label={t.status}>
            <span className="badges">
              <span className={provider.enabled ? 'badge primary' : 'badge'}>{provider.enabled ? t.enabled : t.disabled}</span>
              {provider.fromEnv ? <span className="badge">{t.fromEnv}</span> : null}
              {provider.passwordSignIn ? null : <span className="badge">{t.passwordOff}</span>}
            </span>
          </td>
          <td className="wide actions-cell">
            <span className="actions">
              {provider.kind === 'ldap' && provider.enabled ? (
                <button type="button" className="button small" onClick={() => void sync(provider)} data-testid="signon-sync">
                  {t.syncNow}
                </button>
              ) : null}
              {provider.fromEnv ? null : (
                <>
                  <button type="button" className="button small" onClick={() => setEditing(provider)} aria-label={`${t.edit} ${provider.name}`}>
                    {t.edit}
                  </button>
                  <button
                    type="button"
                    className="button small"
                    onClick={() => void toggle(provider)}
                    aria-label={`${provider.enabled ? t.turnOff : t.turnOn} ${provider.name}`}>
                    {provider.enabled ? t.turnOff : t.turnOn}
                  </button>
                  <button type="button" className="button small" onClick={() => setRemoving(provider)} aria-label={`${t.remove} ${provider.name}`}>
                    {t.remove}
                  </button>
                </>
              )}
            </span>
          </td>
        </tr>
      )}>
      {removing ? (
        <ConfirmDialog
          heading={t.remove}
          message={t.confirmDelete({ name: removing.name })}
          confirmLabel={t.remove}
          onConfirm={() => {
            const id = removing.id
            setRemoving(null)
            void deleteIdentityProvider(id).then(reload, () => undefined)
          }}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
      {editing ? (
        <SignonEditor
          provider={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            showToast('success', t.saved)
            reload()
          }}
        />
      ) : null}
    </TablePanel>
  )
}
