import { useStore } from '@nanostores/react'
import type { CourseStatus } from '../../api/courses'
import { $coursesMessages } from '../../i18n'

export function StatusBadge({ status, inline = false }: { status: CourseStatus; inline?: boolean }) {
  const t = useStore($coursesMessages)
  const label = { draft: t.statusDraft, published: t.statusPublished, archived: t.statusArchived }[status]
  return (
    <span className={inline ? 'status inline' : 'status'} data-status={status}>
      {label}
    </span>
  )
}
