import { memo } from 'react'
import type { ChatMessage } from '../../api/chat'
import { AnswerCard } from './answer-card'
import { styles } from '../shared/styles'

/** The answers of one compare question, side by side (stacked when narrow), streaming together. */
export const CompareGroup = memo(
  function CompareGroup({ answers }: { answers: readonly ChatMessage[] }) {
    return (
      <div className="compare-group" data-testid="compare-group" style={{ ['--columns' as string]: answers.length }}>
        {answers.map(answer => (
          <div key={answer.messageId} className="compare-column">
            <AnswerCard message={answer} alternatives={[answer.messageId]} compare />
          </div>
        ))}
      </div>
    )
  },
  (a, b) => a.answers.length === b.answers.length && a.answers.every((answer, index) => answer === b.answers[index]),
)

export const compareGroupCss = `
.compare-group { display: grid; grid-template-columns: repeat(var(--columns, 2), minmax(0, 1fr)); gap: 12px; }
.compare-column {
  min-width: 0; padding: 14px 14px 8px; border: 1px solid var(--_border); border-radius: var(--_radius);
  background: var(--_bg-elevated);
}
.compare-column .answer-body { padding-left: 0; }
.compare-column .answer-actions { padding-left: 0; margin-left: -6px; }
@container dialogue (max-width: 720px) {
  .compare-group { grid-template-columns: minmax(0, 1fr); }
}
`

Object.assign(CompareGroup, { styles: styles(AnswerCard, compareGroupCss) })
