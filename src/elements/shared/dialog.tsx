import { useStore } from '@nanostores/react'
import { useLayoutEffect, useRef } from 'react'
import { $common } from '../../i18n'
import { hostOf, type ElementProps } from './define-element'
import { focusablesIn, trapFocus } from './focus-trap'

/**
 * `<zx-dialog open heading="…">content</zx-dialog>`: a modal frame for slotted
 * content. The host element itself carries `role="dialog"` so its light-DOM
 * content is inside the dialog for assistive tech and for test locators.
 * Escape, the close button and a backdrop click ask to close with a `close`
 * event; the owner decides (and sets `open` false). Focus stays inside
 * while open and returns to the opener after (./focus-trap.ts).
 */
export interface DialogProps extends ElementProps {
  open?: boolean
  heading?: string
  onClose?: () => void
}

export function Dialog({ open = false, heading = '', onClose, container }: DialogProps) {
  const t = useStore($common)
  const host = hostOf(container)
  const latestClose = useRef(onClose)
  latestClose.current = onClose

  // With the panel's first paint, so assistive tech never meets an unnamed dialog.
  useLayoutEffect(() => {
    if (!host) return
    host.setAttribute('role', 'dialog')
    host.setAttribute('aria-modal', 'true')
    if (heading) host.setAttribute('aria-label', heading)
    host.toggleAttribute('hidden', !open)
  }, [host, open, heading])

  // A layout effect, so the dialog answers Escape and Tab from its first paint: on
  // preact/compat a plain effect runs up to a frame later, and an Escape pressed as
  // soon as the dialog showed was lost (an e2e flow on a busy machine).
  useLayoutEffect(() => {
    if (!open || !host) return
    // Keyboard users start where the content is (the first slotted control), not on ×.
    const [firstContent] = focusablesIn(host).filter(element => !host.shadowRoot?.contains(element))
    return trapFocus(host, { onEscape: () => latestClose.current?.(), initial: firstContent })
  }, [open, host])

  if (!open) return null
  return (
    <div className="backdrop" part="base backdrop" onClick={event => event.target === event.currentTarget && onClose?.()}>
      <div className="panel" part="panel">
        <header className="header" part="header">
          <h2 className="heading">{heading}</h2>
          <button type="button" className="close" part="close-button" aria-label={t.close} onClick={() => onClose?.()}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </header>
        <div className="body" part="body">
          <slot />
        </div>
        <div className="actions" part="actions">
          <slot name="actions" />
        </div>
      </div>
    </div>
  )
}

export const dialogCss = `
:host { display: contents; }
.backdrop {
  position: fixed; inset: 0; z-index: 1000; display: grid; place-items: center; padding: 16px;
  background: var(--_overlay); animation: fade 140ms ease-out;
}
.panel {
  width: min(520px, 100%); max-height: calc(100vh - 32px); overflow: auto;
  background: var(--_bg-elevated); color: var(--_text);
  border: 1px solid var(--_border); border-radius: var(--_radius); box-shadow: var(--_shadow);
  animation: rise 160ms ease-out;
}
.header { display: flex; align-items: center; justify-content: space-between; gap: 12px; padding: 18px 20px 6px; }
.heading { margin: 0; font-size: 17px; font-weight: 600; }
.close {
  display: grid; place-items: center; width: 32px; height: 32px; padding: 0;
  border: 0; border-radius: 8px; background: none; color: var(--_text-muted); cursor: pointer;
}
.close:hover { background: var(--_bg-hover); color: var(--_text); }
.close svg { width: 18px; height: 18px; fill: none; stroke: currentColor; stroke-width: 2; stroke-linecap: round; }
.body { padding: 8px 20px 20px; }
@keyframes fade { from { opacity: 0; } }
@keyframes rise { from { opacity: 0; transform: translateY(8px) scale(0.98); } }
@media (prefers-reduced-motion: reduce) { .backdrop, .panel { animation: none; } }
`
