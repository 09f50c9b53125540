import { useStore } from '@nanostores/react'
import { $common } from '../../i18n'

/** `<zx-empty-state heading="…" message="…">`: SPEC §2 empty-state block, default message "no data". */
export interface EmptyStateProps {
  heading?: string
  message?: string
}

export function EmptyState({ heading, message }: EmptyStateProps) {
  const t = useStore($common)
  return (
    <div className="empty" part="base" role="status">
      <svg className="art" part="image" viewBox="0 0 120 96" aria-hidden="true">
        <rect x="18" y="30" width="84" height="54" rx="10" fill="var(--_primary-soft)" />
        <path d="M18 46h26l6 10h20l6-10h26" fill="none" stroke="var(--_primary)" strokeWidth="3" strokeLinejoin="round" />
        <circle cx="60" cy="18" r="5" fill="var(--_primary)" opacity="0.5" />
        <circle cx="36" cy="14" r="3" fill="var(--_primary)" opacity="0.35" />
        <circle cx="86" cy="16" r="3.5" fill="var(--_primary)" opacity="0.35" />
      </svg>
      {heading ? (
        <h2 className="heading" part="heading">
          {heading}
        </h2>
      ) : null}
      <p className="message" part="message">
        {message || t.empty}
      </p>
    </div>
  )
}

export const emptyStateCss = `
:host { display: block; }
.empty {
  display: flex; flex-direction: column; align-items: center; justify-content: center;
  gap: 8px; padding: 48px 24px; min-height: 240px; text-align: center;
}
.art { width: 120px; height: 96px; margin-bottom: 8px; }
.heading { margin: 0; font-size: 18px; font-weight: 600; color: var(--_text); }
.message { margin: 0; font-size: 14px; color: var(--_text-muted); }
`
