import { useStore } from '@nanostores/react'
import { useState } from 'react'
import type { BankQuestion, Question, QuestionType } from '../../../api/evaluation'
import { $evaluationMessages } from '../../../i18n'
import { Select } from '../../shared/select'
import { QUESTION_TYPES } from './question-editor'
import { TYPE_WORDS } from '../../shared/course-eval/words'

/**
 * Draws questions from the course's bank by several rules at once, one row
 * each (N of a type, optionally a difficulty and a knowledge point), in one
 * `POST /course/question-bank/draw`: the server draws them without repeats
 * across rules, or answers the first rule it cannot meet with how many it
 * has (request() shows it) and nothing is added.
 */
type Rule = { count: number; type?: QuestionType; tag?: string; difficulty?: number }

interface RuleRow {
  key: number
  count: string
  type: QuestionType | ''
  difficulty: string
  tag: string
}

const DIFFICULTIES = [1, 2, 3, 4, 5]
/** The server takes up to 20 rules in one draw. */
const MAX_RULES = 20
let nextKey = 1
const newRow = (): RuleRow => ({ key: nextKey++, count: '5', type: '', difficulty: '', tag: '' })

function toRule(row: RuleRow): Rule {
  const rule: Rule = { count: Math.min(200, Math.max(1, Math.round(Number(row.count)) || 1)) }
  if (row.type) rule.type = row.type
  if (row.difficulty) rule.difficulty = Number(row.difficulty)
  if (row.tag.trim()) rule.tag = row.tag.trim()
  return rule
}

export function BankDraw({ draw, onDrawn }: { draw: (rules: Rule[]) => Promise<BankQuestion[]>; onDrawn: (questions: Question[]) => void }) {
  const t = useStore($evaluationMessages)
  const [rows, setRows] = useState<RuleRow[]>(() => [newRow()])
  const [busy, setBusy] = useState(false)
  const [drawn, setDrawn] = useState<number | null>(null)
  const change = (key: number, patch: Partial<RuleRow>) => {
    setDrawn(null)
    setRows(list => list.map(r => (r.key === key ? { ...r, ...patch } : r)))
  }
  const total = rows.reduce((n, r) => n + toRule(r).count, 0)
  const run = async () => {
    setBusy(true)
    try {
      const questions = await draw(rows.map(toRule))
      // Keep what a paper question needs and the link back to the bank row.
      onDrawn(questions.map(({ id, courseId: _c, createdAt: _t, ...q }) => ({ ...q, bankQuestionId: q.bankQuestionId ?? id })))
      setDrawn(questions.length)
    } catch {
      // request() showed how many the bank has
    } finally {
      setBusy(false)
    }
  }
  return (
    <fieldset className="bank-draw" data-testid="bank-draw">
      <legend>{t.drawFromBank}</legend>
      <ol className="draw-rules">
        {rows.map((r, i) => (
          <li className="draw-row" key={r.key} data-testid="draw-rule">
            <span className="hint">{t.drawRuleN({ n: i + 1 })}</span>
            <input
              type="number"
              min={1}
              max={200}
              className="num"
              aria-label={t.drawCount}
              value={r.count}
              data-testid="draw-count"
              onChange={e => change(r.key, { count: e.currentTarget.value })}
            />
            <Select
              small
              aria-label={t.questionType}
              value={r.type}
              data-testid="draw-type"
              onChange={e => change(r.key, { type: e.currentTarget.value as QuestionType | '' })}
              none={t.anyType}
              options={QUESTION_TYPES.map(q => ({ value: q, label: t[TYPE_WORDS[q]] }))}
            />
            <Select
              small
              aria-label={t.difficulty}
              value={r.difficulty}
              data-testid="draw-difficulty"
              onChange={e => change(r.key, { difficulty: e.currentTarget.value })}
              none={t.anyDifficulty}
              options={DIFFICULTIES.map(d => ({ value: String(d), label: t.difficultyLevel({ level: d }) }))}
            />
            <input
              className="tag-input"
              aria-label={t.knowledgePoint}
              placeholder={t.knowledgePoint}
              value={r.tag}
              data-testid="draw-tag"
              onChange={e => change(r.key, { tag: e.currentTarget.value })}
            />
            {rows.length > 1 ? (
              <button
                type="button"
                className="link"
                aria-label={t.removeRule({ n: i + 1 })}
                data-testid="remove-rule"
                onClick={() => setRows(list => list.filter(x => x.key !== r.key))}>
                ✕
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="draw-row">
        <button type="button" disabled={rows.length >= MAX_RULES} data-testid="add-rule" onClick={() => setRows(list => [...list, newRow()])}>
          {t.addRule}
        </button>
        <span className="hint grow" role="status">
          {drawn !== null ? t.drawnCount({ count: drawn }) : t.drawTotal({ count: total })}
        </span>
        <button type="button" className="primary" disabled={busy} data-testid="draw" onClick={() => void run()}>
          {t.draw}
        </button>
      </div>
    </fieldset>
  )
}
