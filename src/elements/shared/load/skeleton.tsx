import { useStore } from '@nanostores/react'
import { $loadStateMessages } from '../../../i18n'

/**
 * `<zx-skeleton variant="cards|rows|lines" count="6">`: grey shapes where
 * content is on its way, so a page under load never reads "no data".
 * Announced once to screen readers as "loading".
 */
export interface SkeletonProps {
  variant?: 'cards' | 'rows' | 'lines'
  count?: number
}

export function Skeleton({ variant = 'rows', count }: SkeletonProps) {
  const t = useStore($loadStateMessages)
  const shapes = Math.max(1, Math.min(count ?? (variant === 'cards' ? 6 : 4), 24))
  return (
    <div className={`skeleton ${variant}`} part="base" role="status" aria-busy="true" aria-label={t.loading} data-testid="skeleton">
      {Array.from({ length: shapes }, (_, i) => (
        <div key={i} className="shape" part="shape">
          {variant === 'lines' ? null : (
            <>
              <span className="bar wide" />
              <span className="bar" />
            </>
          )}
        </div>
      ))}
    </div>
  )
}

export const skeletonCss = `
:host { display: block; }
.skeleton { display: grid; gap: 12px; }
.skeleton.cards { grid-template-columns: repeat(auto-fill, minmax(min(220px, 100%), 1fr)); gap: 16px; }
.shape {
  display: flex; flex-direction: column; justify-content: flex-end; gap: 8px; padding: 14px;
  border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_bg-elevated);
}
.cards .shape { min-height: 150px; }
.rows .shape { min-height: 56px; justify-content: center; border-radius: var(--_radius-small); }
.lines .shape { height: 14px; padding: 0; border: 0; border-radius: 6px; }
.bar { display: block; height: 10px; width: 45%; border-radius: 5px; }
.bar.wide { width: 75%; height: 12px; }
.bar, .lines .shape {
  background: linear-gradient(90deg, var(--_bg-subtle) 25%, var(--_bg-hover) 50%, var(--_bg-subtle) 75%);
  background-size: 200% 100%; animation: shimmer 1.2s ease-in-out infinite;
}
.lines .shape:nth-child(3n) { width: 70%; }
@keyframes shimmer { from { background-position: 100% 0; } to { background-position: -100% 0; } }
@media (prefers-reduced-motion: reduce) { .bar, .lines .shape { animation: none; } }
`
