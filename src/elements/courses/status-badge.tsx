import { useStore } from '@nanostores/react'
import type { CourseStatus } from '../../api/courses'
import { $courseMessages } from '../../i18n'

export function StatusBadge({ status, inline = false }: { status: CourseStatus; inline?: boolean }) {
  const t = useStore($courseMessages)
  const label = { draft: t.statusDraft, published: t.statusPublished, archived: t.statusArchived }[status]
  return (
    <span className={inline ? 'status inline' : 'status'} data-status={status}>
      {label}
    </span>
  )
}
