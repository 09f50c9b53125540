import { useStore } from '@nanostores/react'
import type { ClassOption } from '../../api/courses'
import { $coursesMessages } from '../../i18n'
import { usePhrasing } from '../shared/use-phrasing'

/** A class as a line of text: its name (with "my class" when `mine`), students, term and teachers. */
export function ClassSummary({ option: c, mine }: { option: ClassOption; mine: boolean }) {
  const t = useStore($coursesMessages)
  const say = usePhrasing()
  return (
    <span className="class-text">
      <span className="class-name">
        {c.name} {mine ? <span className="badge primary">{t.myClass}</span> : null}
      </span>
      <span className="muted class-meta">
        {t.classStudents({ count: c.studentCount })}
        {c.term ? ` · ${c.term}` : ''}
        {c.teachers.length ? ` · ${say.list(c.teachers.map(p => p.name))}` : ''}
      </span>
    </span>
  )
}
