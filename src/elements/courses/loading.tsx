import { useStore } from '@nanostores/react'
import { $common } from '../../i18n'

/** What shows while a part of a course loads (announced politely to screen readers). */
export function Loading() {
  const common = useStore($common)
  return (
    <div className="loading" role="status">
      {common.loading}
    </div>
  )
}
