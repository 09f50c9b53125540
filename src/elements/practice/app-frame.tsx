import { useStore } from '@nanostores/react'
import { useEffect, useRef } from 'react'
import type { PracticeApp } from '../../api/practice'
import { $assistantsMessages, $practiceMessages } from '../../i18n'
import { sandboxFor } from '../../stores/practice'
import { Icon } from '../shared/ui'
import { trapFocus } from '../shared/focus-trap'

/**
 * An external practice app full-screen in a sandboxed iframe (see
 * sandboxFor for why these permissions), with a bar to come back. Escape
 * also comes back; Tab stays in the frame (a modal, ../shared/focus-trap).
 * No referrer is sent to the app.
 */
export function AppFrame({ app, onBack }: { app: PracticeApp; onBack: () => void }) {
  const t = useStore($practiceMessages)
  // The words it shares with the assistants area (its cards, favourites, the way back from a chat).
  const assistantWords = useStore($assistantsMessages)
  const back = useRef<HTMLButtonElement>(null)
  const frame = useRef<HTMLDivElement>(null)
  const latestBack = useRef(onBack)
  latestBack.current = onBack
  useEffect(() => (frame.current ? trapFocus(frame.current, { onEscape: () => latestBack.current(), initial: back.current }) : undefined), [])
  return (
    <div ref={frame} className="frame" part="base" role="dialog" aria-modal="true" aria-label={app.title} data-testid="app-frame">
      <header className="frame-bar" part="header">
        <button ref={back} type="button" className="button" onClick={onBack} data-testid="frame-back">
          <Icon name="back" />
          {assistantWords.frameBack}
        </button>
        <strong className="frame-title">{app.title}</strong>
        <a className="button ghost" href={app.url} target="_blank" rel="noopener noreferrer">
          <Icon name="external" />
          <span className="frame-open-text">{t.openInNewTab}</span>
        </a>
      </header>
      <iframe
        className="frame-view"
        title={app.title}
        src={app.url}
        sandbox={sandboxFor(app.url, location.origin)}
        referrerPolicy="no-referrer"
        allow="fullscreen"
        data-testid="app-iframe"
      />
      <p className="frame-hint">{t.frameHint}</p>
    </div>
  )
}

export const appFrameCss = `
.frame { position: fixed; inset: 0; z-index: 1000; display: flex; flex-direction: column; background: var(--_bg); }
.frame-bar { display: flex; align-items: center; gap: 12px; padding: 8px 12px; border-bottom: 1px solid var(--_border); background: var(--_bg-elevated); }
.frame-title { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: 15px; }
.frame-view { flex: 1; width: 100%; border: 0; background: #fff; }
.frame-hint { margin: 0; padding: 6px 12px; font-size: 12px; color: var(--_text-muted); border-top: 1px solid var(--_border); }
@media (max-width: 560px) { .frame-open-text { display: none; } }
`
