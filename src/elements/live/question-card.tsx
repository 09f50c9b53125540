import { useStore } from '@nanostores/react'
import type { ReactNode } from 'react'
import type { LiveQuestion, LiveReveal } from '../../api/live'
import { $liveMessages } from '../../i18n'
import { usePhrasing } from '../shared/use-phrasing'
import { optionLetter } from './answer-chart'

/** The right answer in words: letters for choices, true/false, a blank's accepted words. */
export function answerText(question: LiveQuestion, answer: unknown, t: ReturnType<typeof $liveMessages.get>, list: (items: string[]) => string): string {
  if (typeof answer === 'boolean') return answer ? t.trueLabel : t.falseLabel
  if (typeof answer === 'number') return optionLetter(answer)
  if (Array.isArray(answer)) return list(answer.map(a => (typeof a === 'number' ? optionLetter(a) : String(a))))
  return typeof answer === 'string' ? answer : ''
}

export interface QuestionCardProps {
  question: LiveQuestion
  secondsLeft: number
  revealed: LiveReveal | null
  /** The options (shown on the projector, tappable on a phone). */
  children?: ReactNode
}

/** The current question: its countdown (or "closed", at zero or on the reveal), stem, options, and the right answer once revealed. */
export function QuestionCard({ question, secondsLeft, revealed, children }: QuestionCardProps) {
  const t = useStore($liveMessages)
  const phrase = usePhrasing()
  // The reveal closes answers (the server refuses them after it) whatever the clock says.
  const open = secondsLeft > 0 && !revealed
  return (
    <div className="question-card" data-testid="question">
      <p className={open ? 'countdown' : 'countdown closed'} role="timer" data-testid="countdown">
        {open ? phrase.count(t.secondsLeft, { seconds: secondsLeft }) : t.closed}
      </p>
      <p id="question-stem" className="stem" data-testid="question-stem-text">
        {question.stem}
      </p>
      {children}
      {revealed && (
        <p className="answer-key" data-testid="answer-key">
          {phrase.labelled(t.correctAnswer, answerText(question, revealed.answer, t, phrase.list))}
        </p>
      )}
    </div>
  )
}
