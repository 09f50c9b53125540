import { useEffect, useRef, useState, type ReactNode } from 'react'
import { styles } from '../shared/styles'

/**
 * A button with a panel under it (the model picker). The panel closes on
 * Escape and on a press outside it; the press is found with composedPath()
 * because we live in a shadow root, where event targets are retargeted.
 */
export function Popover({
  trigger,
  label,
  children,
  testId,
  className,
}: {
  trigger: ReactNode
  label: string
  children: (close: () => void) => ReactNode
  testId?: string
  className?: string
}) {
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && !event.composedPath().includes(root.current)) setOpen(false)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      button.current?.focus()
    }
    document.addEventListener('pointerdown', onPointerDown, true)
    root.current?.addEventListener('keydown', onKeyDown)
    const element = root.current
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true)
      element?.removeEventListener('keydown', onKeyDown)
    }
  }, [open])

  return (
    <div className={className ? `popover ${className}` : 'popover'} ref={root}>
      <button
        ref={button}
        type="button"
        className="popover-trigger"
        aria-haspopup="dialog"
        aria-expanded={open}
        title={label}
        data-testid={testId}
        onClick={() => setOpen(value => !value)}>
        {trigger}
      </button>
      {open ? (
        <div className="popover-panel" role="dialog" aria-label={label}>
          {children(() => setOpen(false))}
        </div>
      ) : null}
    </div>
  )
}

export const popoverCss = `
.popover { position: relative; min-width: 0; }
.popover-trigger {
  display: inline-flex; align-items: center; gap: 6px; max-width: 100%; height: 36px; padding: 0 10px;
  border: 0; border-radius: 10px; background: none; color: var(--_text); font: inherit; font-size: 15px; font-weight: 600;
  cursor: pointer; min-width: 0;
}
.popover-trigger:hover, .popover-trigger[aria-expanded='true'] { background: var(--_bg-hover); }
.popover-trigger > .icon { width: 16px; height: 16px; color: var(--_text-muted); }
.popover-panel {
  position: absolute; top: calc(100% + 6px); left: 0; z-index: 50;
  /* Inside the element (its shadow root clips): the trigger sits up to ~60px from its left edge. */
  width: min(340px, calc(100cqw - 64px));
  max-height: min(480px, 70vh); overflow-y: auto; padding: 6px;
  background: var(--_bg-elevated); border: 1px solid var(--_border); border-radius: var(--_radius);
  box-shadow: var(--_shadow); animation: pop 120ms ease-out;
}
@keyframes pop { from { opacity: 0; transform: translateY(-4px); } }
@media (prefers-reduced-motion: reduce) { .popover-panel { animation: none; } }
`

Popover.styles = styles(popoverCss)
