import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { Analysis } from '../../../api/evaluation'
import { $evaluationMessages } from '../../../i18n'
import { Pager } from './pager'

/** A school's course can have hundreds of students: the list shows this many at a time. */
export const NOT_HANDED_IN_PAGE = 20

/**
 * The students an evaluation is for who have not handed in yet (not started
 * or still answering), with their class, so the teacher knows whom to chase.
 */
export function NotHandedIn({ students }: { students: NonNullable<Analysis['notHandedIn']> }) {
  const t = useStore($evaluationMessages)
  const [page, setPage] = useState(1)
  if (students.length === 0)
    return (
      <p className="meta" data-testid="not-handed-in-none">
        {t.allHandedIn}
      </p>
    )
  return (
    <div className="table-wrap">
      <table className="data" data-testid="not-handed-in">
        <caption>{t.notHandedInTitle({ count: students.length })}</caption>
        <thead>
          <tr>
            <th>{t.pendingName}</th>
            <th>{t.pendingAccount}</th>
            <th>{t.pendingClass}</th>
            <th>{t.pendingState}</th>
          </tr>
        </thead>
        <tbody>
          {students.slice((page - 1) * NOT_HANDED_IN_PAGE, page * NOT_HANDED_IN_PAGE).map(s => (
            <tr key={s.studentId}>
              <td>{s.name || s.username}</td>
              <td>{s.username}</td>
              <td>{s.className || t.noClass}</td>
              <td>{s.state === 'in_progress' ? t.stateInProgress : t.stateNotStarted}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={page} pages={Math.ceil(students.length / NOT_HANDED_IN_PAGE)} onPage={setPage} />
    </div>
  )
}
