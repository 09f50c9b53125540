import { useStore } from '@nanostores/react'
import type { Analysis } from '../../../api/evaluation'
import { $evaluationMessages } from '../../../i18n'
import { formatDate } from '../../shared/format'
import { usePhrasing } from '../../shared/use-phrasing'

/**
 * The students who handed in (their latest attempt), with the score, when,
 * and whether the server handed it in as their time ran out: a student who
 * closed the page mid-test is here, handed in automatically, not "answering".
 */
export function HandedIn({ students }: { students: Analysis['students'] }) {
  const t = useStore($evaluationMessages)
  const { locale } = usePhrasing()
  if (students.length === 0) return null
  return (
    <div className="table-wrap">
      <table className="data" data-testid="handed-in">
        <caption>{t.handedInTitle({ count: students.length })}</caption>
        <thead>
          <tr>
            <th>{t.pendingName}</th>
            <th>{t.pendingClass}</th>
            <th>{t.columnScore}</th>
            <th>{t.columnHandedInAt}</th>
            <th>{t.columnHandedInBy}</th>
          </tr>
        </thead>
        <tbody>
          {students.map(s => (
            <tr key={s.studentId} data-testid="handed-in-row" data-auto={s.autoSubmitted || undefined}>
              <td>{s.name || s.username}</td>
              <td>{s.className || t.noClass}</td>
              <td>{s.score ?? t.notScored}</td>
              <td>{s.submittedAt === null ? '—' : formatDate(s.submittedAt, locale)}</td>
              <td>{s.autoSubmitted ? t.statusAutoSubmitted : t.handedInByStudent}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
