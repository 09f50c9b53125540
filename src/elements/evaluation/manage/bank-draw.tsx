import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { BankQuestion, Question, QuestionType } from '../../../api/evaluation'
import { $evaluationMessages } from '../../../i18n'
import { Select } from '../../shared/select'
import { QUESTION_TYPES } from './question-editor'
import { TYPE_WORDS } from '../words'

/**
 * Draws questions from the course's bank by one rule (N of a type, optionally
 * a knowledge point and difficulty): `POST /course/question-bank/draw`. The
 * server answers a rule it cannot meet with how many it has; request() shows it.
 */
type Rule = { count: number; type?: QuestionType; tag?: string; difficulty?: number }


export function BankDraw({ draw, onDrawn }: { draw: (rules: Rule[]) => Promise<BankQuestion[]>; onDrawn: (questions: Question[]) => void }) {
  const t = useStore($evaluationMessages)
  const [count, setCount] = useState('5')
  const [type, setType] = useState<QuestionType | ''>('')
  const [tag, setTag] = useState('')
  const [busy, setBusy] = useState(false)
  const run = async () => {
    setBusy(true)
    try {
      const rule: Rule = { count: Math.max(1, Number(count) || 1) }
      if (type) rule.type = type
      if (tag.trim()) rule.tag = tag.trim()
      const drawn = await draw([rule])
      // Keep what a paper question needs and the link back to the bank row.
      onDrawn(drawn.map(({ id, courseId: _c, createdAt: _t, ...q }) => ({ ...q, bankQuestionId: q.bankQuestionId ?? id })))
    } catch {
      // request() showed how many the bank has
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="draw-row" data-testid="bank-draw">
      <span>{t.drawFromBank}</span>
      <input type="number" min={1} max={100} className="num" aria-label={t.drawCount} value={count} data-testid="draw-count" onChange={e => setCount(e.currentTarget.value)} />
      <Select small aria-label={t.questionType} value={type} data-testid="draw-type" onChange={e => setType(e.currentTarget.value as QuestionType | '')}>
        <option value="">{t.anyType}</option>
        {QUESTION_TYPES.map(q => (
          <option key={q} value={q}>
            {t[TYPE_WORDS[q]]}
          </option>
        ))}
      </Select>
      <input className="tag-input" aria-label={t.knowledgePoint} placeholder={t.knowledgePoint} value={tag} onChange={e => setTag(e.currentTarget.value)} />
      <button type="button" disabled={busy} data-testid="draw" onClick={() => void run()}>
        {t.draw}
      </button>
    </div>
  )
}
