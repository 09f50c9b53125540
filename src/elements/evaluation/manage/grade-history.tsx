import { useStore } from '@nanostores/react'
import type { GradeChange } from '../../../api/evaluation'
import { $evaluationMessages } from '../../../i18n'

/** Every teacher change to one item's score, oldest first (the server keeps them all in grade_changes). */
export function GradeHistory({ history }: { history: GradeChange[] }) {
  const t = useStore($evaluationMessages)
  if (history.length === 0) return null
  return (
    <details className="grade-history" data-testid="grade-history">
      <summary>{t.historyTitle({ count: history.length })}</summary>
      <ol>
        {history.map(change => (
          <li key={`${change.at}-${change.after}-${change.before}`}>
            {t.historyEntry({ time: new Date(change.at).toLocaleString(), by: change.by, before: change.before ?? '—', after: change.after })}
          </li>
        ))}
      </ol>
    </details>
  )
}
