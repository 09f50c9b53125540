import { useStore } from '@nanostores/react'
import type { EmbedKey } from '../../api/embed'
import { $embedMessages } from '../../i18n'

/** One embed key: its assistant, sites, who may ask, today's use, and what can be done with it. */
export function KeyCard({ item, onCode, onEdit, onDelete, onToggle }: { item: EmbedKey; onCode(): void; onEdit(): void; onDelete(): void; onToggle(): void }) {
  const t = useStore($embedMessages)
  const visitors = item.visitors === 'anonymous' ? t.visitorsAnonymous : item.visitors === 'signed' ? t.visitorsSigned : t.visitorsAny
  return (
    <li className="key-card" data-testid="embed-key" data-key={item.key} data-enabled={item.enabled}>
      <div className="key-head">
        <div className="key-avatar" aria-hidden="true">
          {(item.assistant?.title ?? '?').slice(0, 1)}
        </div>
        <div className="key-title">
          <h3>{item.name}</h3>
          <p>{item.assistant?.title ?? <span className="gone">{t.assistantGone}</span>}</p>
        </div>
        <button type="button" role="switch" className="switch" aria-checked={item.enabled} aria-label={`${t.enabled}: ${item.name}`} onClick={onToggle}>
          <span />
        </button>
      </div>
      <p className="key-id">
        {t.keyLabel} <code>{item.key}</code>
      </p>
      <ul className="origins" aria-label={t.origins}>
        {item.origins.map(origin => (
          <li key={origin}>
            <code>{origin}</code>
          </li>
        ))}
        {item.hostedPages ? <li className="hosted">{t.hostedBadge}</li> : null}
      </ul>
      <p className="key-meta">
        {visitors} · {t.today({ messages: item.today.messages, visitors: item.today.visitors })}
      </p>
      <div className="key-actions">
        <button type="button" className="button primary" onClick={onCode}>
          {t.getCode}
        </button>
        <button type="button" className="button" onClick={onEdit}>
          {t.edit}
        </button>
        <button type="button" className="button ghost danger-text" onClick={onDelete}>
          {t.delete}
        </button>
      </div>
    </li>
  )
}
