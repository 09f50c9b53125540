import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import type { EmbedKey } from '../../api/embed'
import { $embedMessages } from '../../i18n'
import { $clientType } from '../../stores/auth'
import { $embedKeys, $embedKeysLoad, loadEmbedKeys, removeEmbedKey, setEmbedKeyEnabled } from '../../stores/embed'
import { showToast } from '../../stores/toasts'
import type { ElementProps } from '../shared/define-element'
import { LoadFailure } from '../shared/load'
import { ConfirmDialog } from '../shared/ui'
import { KeyCard } from './key-card'
import { KeyCode } from './key-code'
import { KeyEditor } from './key-editor'
import { PortalEditor } from './portal-editor'

/**
 * `<zx-embed-admin>`: a teacher's embed keys (make, edit, switch off, delete,
 * copy the script tag / iframe / link, see today's use) and, for managers,
 * the portal pages. Shown as the 网站嵌入 tab of AI apps.
 */
export type EmbedAdminProps = ElementProps

export function EmbedAdmin(_props: EmbedAdminProps) {
  const t = useStore($embedMessages)
  const keys = useStore($embedKeys)
  const load = useStore($embedKeysLoad)
  const clientType = useStore($clientType)
  const [editing, setEditing] = useState<{ item: EmbedKey | null } | null>(null)
  const [showing, setShowing] = useState<{ item: EmbedKey; secret?: string } | null>(null)
  const [deleting, setDeleting] = useState<EmbedKey | null>(null)

  useEffect(() => {
    void loadEmbedKeys()
  }, [])

  return (
    <div className="embed-admin" part="base">
      <header className="head" part="header">
        <div>
          <h2>{t.title}</h2>
          <p className="intro">{t.intro}</p>
        </div>
        <button type="button" className="button primary" part="actions" onClick={() => setEditing({ item: null })} data-testid="embed-key-new">
          {t.newKey}
        </button>
      </header>
      {load.status === 'failed' ? (
        <LoadFailure error={load.error} what={t.title} onRetry={() => void $embedKeysLoad.retry()} />
      ) : load.data === undefined ? (
        <zx-skeleton variant="rows" count={3} />
      ) : keys.length === 0 ? (
        <zx-empty-state part="body" message={t.empty} />
      ) : (
        <ul className="keys" part="body">
          {keys.map(item => (
            <KeyCard
              key={item.key}
              item={item}
              onCode={() => setShowing({ item })}
              onEdit={() => setEditing({ item })}
              onDelete={() => setDeleting(item)}
              onToggle={() =>
                setEmbedKeyEnabled(item.key, !item.enabled).then(
                  () => showToast('success', item.enabled ? t.switchedOff : t.switchedOn),
                  () => {},
                )
              }
            />
          ))}
        </ul>
      )}
      {clientType === '2' ? <PortalEditor /> : null}
      {editing ? (
        <KeyEditor
          item={editing.item}
          onClose={() => setEditing(null)}
          onSaved={(saved, created) => {
            setEditing(null)
            showToast('success', created ? t.created : t.saved)
            // A new key (or one that just got a secret) goes straight to its code.
            if (created || saved.secret) setShowing({ item: saved, secret: saved.secret })
          }}
        />
      ) : null}
      {showing ? <KeyCode item={showing.item} secret={showing.secret} onClose={() => setShowing(null)} /> : null}
      {deleting ? (
        <ConfirmDialog
          heading={t.deleteTitle}
          message={t.deleteConfirm({ name: deleting.name })}
          confirmLabel={t.delete}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const target = deleting
            setDeleting(null)
            removeEmbedKey(target.key).then(
              () => showToast('success', t.deleted),
              () => {},
            )
          }}
        />
      ) : null}
    </div>
  )
}

export const embedAdminCss = `
:host { display: block; font-size: 14px; line-height: 1.5; }
.embed-admin { display: flex; flex-direction: column; gap: 20px; }
.head { display: flex; justify-content: space-between; align-items: flex-end; gap: 16px; flex-wrap: wrap; }
.head h2, .portals h2 { margin: 0; font-size: 18px; }
.intro { margin: 4px 0 0; color: var(--_text-muted); max-width: 70ch; }
.notice { padding: 12px 16px; border-radius: var(--_radius-small); background: var(--_bg-elevated); color: var(--_danger); }
.keys { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(320px, 1fr)); gap: 16px; }
.key-card { display: flex; flex-direction: column; gap: 10px; padding: 16px; border-radius: var(--_radius); background: var(--_bg-elevated); border: 1px solid var(--_border); box-shadow: 0 1px 2px rgba(15, 23, 42, 0.04); }
.key-card[data-enabled='false'] { opacity: 0.72; }
.key-head { display: flex; align-items: center; gap: 12px; }
.key-avatar { width: 40px; height: 40px; flex: none; border-radius: 12px; display: grid; place-items: center; background: var(--_primary-soft); color: var(--_primary-strong); font-weight: 600; font-size: 18px; }
.key-title { flex: 1; min-width: 0; }
.key-title h3 { margin: 0; font-size: 15px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.key-title p { margin: 0; color: var(--_text-muted); font-size: 13px; }
.gone { color: var(--_danger); }
.key-id { margin: 0; font-size: 12px; color: var(--_text-muted); }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; }
.key-id code { user-select: all; }
.origins { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 6px; }
.origins li { padding: 2px 8px; border-radius: 999px; background: var(--_bg-subtle); border: 1px solid var(--_border); font-size: 12px; }
.origins .hosted { background: var(--_primary-soft); border-color: transparent; color: var(--_primary-strong); }
.key-meta { margin: 0; font-size: 12px; color: var(--_text-muted); }
.key-actions { display: flex; gap: 8px; flex-wrap: wrap; margin-top: auto; }
.danger-text { color: var(--_danger); }
.switch { position: relative; width: 40px; height: 22px; flex: none; border-radius: 11px; border: 0; padding: 0; background: var(--_border); cursor: pointer; transition: background 120ms; }
.switch span { position: absolute; top: 3px; left: 3px; width: 16px; height: 16px; border-radius: 50%; background: #fff; box-shadow: 0 1px 2px rgba(0, 0, 0, 0.2); transition: transform 120ms; }
.switch[aria-checked='true'] { background: var(--_primary-strong); }
.switch[aria-checked='true'] span { transform: translateX(18px); }
.key-form, .portal-form { display: flex; flex-direction: column; gap: 14px; }
fieldset.field { border: 0; margin: 0; padding: 0; }
.check { display: flex; align-items: center; gap: 8px; color: var(--_text); font-size: 14px; cursor: pointer; }
.limits { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 10px; }
.code-panel { display: flex; flex-direction: column; gap: 8px; }
.code { margin: 0; padding: 12px; border-radius: var(--_radius-small); background: var(--_bg-subtle); border: 1px solid var(--_border); overflow: auto; white-space: pre-wrap; word-break: break-all; max-height: 260px; }
.code-actions { display: flex; gap: 8px; }
.secret { display: flex; flex-direction: column; gap: 8px; padding-top: 12px; border-top: 1px solid var(--_border); }
.secret h3 { margin: 0; font-size: 15px; }
.secret .button { align-self: flex-start; }
.warning { margin: 0; padding: 8px 12px; border-radius: var(--_radius-small); background: color-mix(in srgb, var(--_warning) 14%, transparent); color: var(--_text); }
.portals { display: flex; flex-direction: column; gap: 12px; padding: 20px; border-radius: var(--_radius); background: var(--_bg-elevated); border: 1px solid var(--_border); }
.grid2 { display: grid; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); gap: 12px; }
.field > .button { align-self: flex-start; }
a.button { text-decoration: none; }
.link-row { display: grid; grid-template-columns: 1fr 2fr auto; gap: 8px; margin-bottom: 6px; }
`
