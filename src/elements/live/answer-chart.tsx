import { useStore } from '@nanostores/react'
import type { LiveQuestion, LiveReveal, LiveTally } from '../../api/live'
import { $liveMessages } from '../../i18n'

/** A choice's letter: 0 → A. */
export const optionLetter = (index: number) => String.fromCharCode(65 + index)

export interface ChoiceBucket {
  /** The key of the chart's counts: an option number, "true"/"false", or "answered". */
  key: string
  label: string
  text?: string
}

/** The bars a question's answers fall into, in the order they are shown. */
export function bucketsFor(question: Pick<LiveQuestion, 'questionType' | 'options'>, t: ReturnType<typeof $liveMessages.get>): ChoiceBucket[] {
  if (question.questionType === 'judge') {
    return [
      { key: 'true', label: t.trueLabel },
      { key: 'false', label: t.falseLabel },
    ]
  }
  if (question.questionType === 'blank') return [{ key: 'answered', label: t.blankAnswered }]
  return (question.options ?? []).map((text, i) => ({ key: String(i), label: optionLetter(i), text }))
}

/** The bars the revealed key marks as right (none for a blank: its words are shown instead). */
export function correctKeys(answer: unknown): string[] {
  if (Array.isArray(answer)) return answer.every(a => typeof a === 'number') ? answer.map(String) : []
  if (typeof answer === 'number' || typeof answer === 'boolean') return [String(answer)]
  return []
}

export interface AnswerChartProps {
  question: LiveQuestion
  tally: LiveTally | null
  revealed: LiveReveal | null
}

/** The live distribution of answers, one bar per choice, the right ones marked once revealed. */
export function AnswerChart({ question, tally, revealed }: AnswerChartProps) {
  const t = useStore($liveMessages)
  const counts = tally?.counts ?? {}
  const buckets = bucketsFor(question, t)
  const most = Math.max(1, ...buckets.map(b => counts[b.key] ?? 0))
  const right = new Set(revealed ? correctKeys(revealed.answer) : [])
  return (
    <ul className="chart" data-testid="answer-chart">
      {buckets.map(bucket => {
        const count = counts[bucket.key] ?? 0
        return (
          <li key={bucket.key} className={right.has(bucket.key) ? 'bar right' : 'bar'} data-testid={`bar-${bucket.key}`}>
            <span className="bar-label">{bucket.label}</span>
            <span className="bar-track">
              <span className="bar-fill" style={{ width: `${(100 * count) / most}%` }} />
            </span>
            <span className="bar-count" data-testid={`count-${bucket.key}`}>
              {count}
            </span>
          </li>
        )
      })}
    </ul>
  )
}
