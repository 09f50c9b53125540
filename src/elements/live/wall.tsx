import { useStore } from '@nanostores/react'
import type { WallMessage } from '../../api/live'
import { $liveMessages } from '../../i18n'

export interface WallProps {
  messages: WallMessage[]
  /** The teacher's controls on each message: hide it, or drop its name. */
  onHide?: (message: WallMessage) => void
  onAnonymous?: (message: WallMessage) => void
}

/** The class wall: short messages, newest last, each with its author's name unless anonymous. */
export function Wall({ messages, onHide, onAnonymous }: WallProps) {
  const t = useStore($liveMessages)
  if (messages.length === 0) return <p className="muted">{t.wallEmpty}</p>
  return (
    <ol className="wall" data-testid="wall">
      {messages.map(m => (
        <li key={m.id} className="wall-message" data-testid="wall-message">
          <span className="wall-name">{m.name ?? t.anonymous}</span>
          <span className="wall-text">{m.text}</span>
          {onHide && (
            <span className="wall-actions">
              {m.name !== null && onAnonymous && (
                <button type="button" className="button ghost small" onClick={() => onAnonymous(m)}>
                  {t.makeAnonymous}
                </button>
              )}
              <button type="button" className="button ghost small" data-testid="wall-hide" onClick={() => onHide(m)}>
                {t.hide}
              </button>
            </span>
          )}
        </li>
      ))}
    </ol>
  )
}
