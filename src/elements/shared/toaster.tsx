import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { $common } from '../../i18n'
import { $toasts, dismissToast, type Toast } from '../../stores/toasts'

/**
 * `<zx-toaster>`: renders the toast store, newest last, each dismissing itself.
 * Errors are `role="alert"` (read out at once); the rest `role="status"`.
 */

const ICONS: Record<Toast['kind'], string> = {
  info: 'M12 8h.01M11 12h1v5h1',
  success: 'M8 12.5l2.5 2.5L16 9.5',
  warning: 'M12 8v5M12 16h.01',
  error: 'M9 9l6 6M15 9l-6 6',
}

function ToastItem({ toast, dismissLabel }: { toast: Toast; dismissLabel: string }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(toast.id), toast.duration)
    return () => clearTimeout(timer)
  }, [toast.id, toast.duration])

  return (
    <div className={`toast ${toast.kind}`} part={`toast toast-${toast.kind}`} data-toast-type={toast.kind} role={toast.kind === 'error' ? 'alert' : 'status'}>
      <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="12" cy="12" r="10" />
        <path d={ICONS[toast.kind]} />
      </svg>
      <span className="message">{toast.message}</span>
      <button type="button" className="close" aria-label={dismissLabel} onClick={() => dismissToast(toast.id)}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M7 7l10 10M17 7L7 17" />
        </svg>
      </button>
    </div>
  )
}

export function Toaster() {
  const toasts = useStore($toasts)
  const t = useStore($common)
  return (
    <section className="stack" part="base" aria-label={t.notifications}>
      {toasts.map(toast => (
        <ToastItem key={toast.id} toast={toast} dismissLabel={t.dismiss} />
      ))}
    </section>
  )
}

export const toasterCss = `
:host { position: fixed; inset: 16px 0 auto 0; z-index: 2000; pointer-events: none; display: block; }
/* One column of one width: toasts of any length line up edge to edge. */
.stack { display: flex; flex-direction: column; align-items: stretch; gap: 8px; width: min(440px, 100%); margin: 0 auto; padding: 0 16px; }
.toast {
  pointer-events: auto; display: flex; align-items: center; gap: 10px;
  padding: 10px 12px 10px 14px;
  background: var(--_bg-elevated); color: var(--_text);
  border: 1px solid var(--_border); border-left: 4px solid var(--tone);
  border-radius: var(--_radius-small); box-shadow: var(--_shadow);
  font-size: 14px; line-height: 1.5; animation: enter 160ms ease-out;
}
.info { --tone: var(--_primary); }
.success { --tone: var(--_success); }
.warning { --tone: var(--_warning); }
.error { --tone: var(--_danger); }
.icon { flex: none; width: 20px; height: 20px; fill: none; stroke: var(--tone); stroke-width: 2; stroke-linecap: round; stroke-linejoin: round; }
.icon circle { fill: color-mix(in srgb, var(--tone) 14%, transparent); stroke: none; }
.message { flex: 1; word-break: break-word; }
.close {
  flex: none; border: 0; background: none; color: var(--_text-muted); cursor: pointer;
  display: grid; place-items: center; width: 24px; height: 24px; padding: 0; border-radius: 6px;
}
.close svg { width: 14px; height: 14px; fill: none; stroke: currentColor; stroke-width: 2; stroke-linecap: round; }
.close:hover { background: var(--_bg-hover); color: var(--_text); }
@keyframes enter { from { opacity: 0; transform: translateY(-6px); } }
@media (prefers-reduced-motion: reduce) { .toast { animation: none; } }
`
