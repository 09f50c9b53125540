import { useStore } from '@nanostores/react'
import { $loadStateMessages } from '../../../i18n'

/**
 * `<zx-load-error heading="…" detail="…">`: what failed to load, why (the
 * server's message when there is one), and a retry button that fires a
 * `retry` event; the owner loads again.
 */
export interface LoadErrorProps {
  heading?: string
  detail?: string
  onRetry?: () => void
}

export function LoadError({ heading, detail, onRetry }: LoadErrorProps) {
  const t = useStore($loadStateMessages)
  return (
    <div className="failed" part="base" role="alert" data-testid="load-error">
      <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="10" />
        <path d="M12 7v6M12 16.5h.01" />
      </svg>
      <p className="heading" part="heading">
        {heading || t.failedGeneric}
      </p>
      {detail ? (
        <p className="detail" part="detail">
          {detail}
        </p>
      ) : null}
      <button type="button" className="retry" part="retry-button" data-testid="retry" onClick={() => onRetry?.()}>
        {t.retry}
      </button>
    </div>
  )
}

export const loadErrorCss = `
:host { display: block; }
.failed {
  display: flex; flex-direction: column; align-items: center; gap: 8px; padding: 40px 20px;
  text-align: center; overflow-wrap: anywhere;
}
.icon { width: 36px; height: 36px; fill: none; stroke: var(--_danger); stroke-width: 1.8; stroke-linecap: round; }
.heading { margin: 0; font-size: 15px; font-weight: 600; color: var(--_text); }
.detail { margin: 0; font-size: 13px; color: var(--_text-muted); max-width: 46ch; }
.retry {
  margin-top: 6px; padding: 7px 18px; border-radius: var(--_radius-small); cursor: pointer; font: inherit; font-size: 14px;
  border: 1px solid var(--_primary-strong); background: var(--_primary-strong); color: var(--_on-primary);
}
.retry:hover { background: var(--_primary-hover); border-color: var(--_primary-hover); }
.retry:focus-visible { outline: 2px solid var(--_primary); outline-offset: 2px; }
`
