import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { listBank, type BankQuestion, type Question } from '../../api/evaluation'
import { pushLiveQuestion } from '../../api/live'
import { $common, $liveMessages } from '../../i18n'
import { errorMessage } from '../shared/error-message'
import { Field, FormError } from '../shared/ui'
import { usePhrasing } from '../shared/use-phrasing'
import { optionLetter } from './answer-chart'

type LiveType = 'single' | 'multiple' | 'judge' | 'blank'
const TYPES: readonly LiveType[] = ['single', 'multiple', 'judge', 'blank']
const DEFAULT_SECONDS = 30

export interface Draft {
  type: LiveType
  stem: string
  options: string[]
  /** The options marked right (single keeps one). */
  right: number[]
  judge: boolean
  blank: string
}

export const emptyDraft = (): Draft => ({ type: 'single', stem: '', options: ['', '', '', ''], right: [0], judge: true, blank: '' })

/** A written question in the shape the server takes (evaluation's), or null while it is incomplete. */
export function draftToQuestion(d: Draft): Question | null {
  const stem = d.stem.trim()
  if (!stem) return null
  if (d.type === 'judge') return { type: 'judge', stem, answer: d.judge, points: 1 }
  if (d.type === 'blank') {
    const accepted = d.blank
      .split('|')
      .map(s => s.trim())
      .filter(Boolean)
    return accepted.length ? { type: 'blank', stem, answer: accepted, points: 1 } : null
  }
  const options = d.options.map(o => o.trim())
  if (options.filter(Boolean).length < 2 || options.some(o => !o) || d.right.length === 0) return null
  const right = [...d.right].sort((a, b) => a - b)
  return { type: d.type, stem, options, answer: d.type === 'single' ? right[0] : right, points: 1 }
}

function typeName(type: LiveType, t: ReturnType<typeof $liveMessages.get>) {
  return { single: t.typeSingle, multiple: t.typeMultiple, judge: t.typeJudge, blank: t.typeBlank }[type]
}

/** Write a question on the spot or pick one of the course's bank, give it seconds, push it to every phone. */
export function QuestionForm({ sessionId, courseId, onPushed }: { sessionId: string; courseId: string; onPushed: () => void }) {
  const t = useStore($liveMessages)
  const common = useStore($common)
  const phrase = usePhrasing()
  const [mode, setMode] = useState<'write' | 'bank'>('write')
  const [draft, setDraft] = useState(emptyDraft)
  const [bankId, setBankId] = useState('')
  const [bank, setBank] = useState<BankQuestion[] | null>(null)
  const [seconds, setSeconds] = useState(DEFAULT_SECONDS)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  useEffect(() => {
    if (mode !== 'bank' || bank) return
    listBank({ courseId })
      .then(page => setBank(page.items.filter(q => (TYPES as readonly string[]).includes(q.type))))
      .catch(failure => setError(errorMessage(failure, common)))
  }, [mode, bank, courseId, common])

  const question = mode === 'write' ? draftToQuestion(draft) : null
  const ready = (mode === 'write' ? !!question : !!bankId) && seconds >= 5 && seconds <= 600
  const edit = (change: Partial<Draft>) => setDraft(d => ({ ...d, ...change }))
  const toggleRight = (i: number) =>
    edit({ right: draft.type === 'single' ? [i] : draft.right.includes(i) ? draft.right.filter(r => r !== i) : [...draft.right, i] })

  const push = async () => {
    if (!ready) return
    setBusy(true)
    setError('')
    try {
      await pushLiveQuestion(sessionId, mode === 'write' ? { question: question!, seconds } : { bankQuestionId: bankId, seconds })
      setDraft(emptyDraft())
      setBankId('')
      onPushed()
    } catch (failure) {
      setError(errorMessage(failure, common))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className="question-form"
      data-testid="question-form"
      onSubmit={event => {
        event.preventDefault()
        void push()
      }}>
      <div className="segmented" role="group" aria-label={t.newQuestion}>
        <button type="button" className="button" aria-pressed={mode === 'write'} onClick={() => setMode('write')}>
          {t.writeOwn}
        </button>
        <button type="button" className="button" aria-pressed={mode === 'bank'} onClick={() => setMode('bank')} data-testid="from-bank">
          {t.fromBank}
        </button>
      </div>
      {mode === 'write' ? (
        <>
          <Field label={t.typeLabel}>
            <select className="zx-select" value={draft.type} data-testid="question-type" onChange={e => edit({ type: e.target.value as LiveType, right: [0] })}>
              {TYPES.map(type => (
                <option key={type} value={type}>
                  {typeName(type, t)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t.stem}>
            <textarea className="textarea" value={draft.stem} rows={2} data-testid="question-stem" onChange={e => edit({ stem: e.target.value })} />
          </Field>
          {(draft.type === 'single' || draft.type === 'multiple') && (
            <>
              {draft.options.map((option, i) => (
                <div className="option-row" key={i}>
                  <Field label={phrase.count(t.option, { letter: optionLetter(i) })}>
                    <input
                      className="input"
                      value={option}
                      data-testid={`option-${i}`}
                      onChange={e => edit({ options: draft.options.map((o, j) => (j === i ? e.target.value : o)) })}
                    />
                  </Field>
                  <label className="check">
                    <input
                      type={draft.type === 'single' ? 'radio' : 'checkbox'}
                      name="right"
                      checked={draft.right.includes(i)}
                      data-testid={`right-${i}`}
                      onChange={() => toggleRight(i)}
                    />
                    {t.isAnswer}
                  </label>
                </div>
              ))}
              {draft.options.length < 8 && (
                <button type="button" className="button ghost" onClick={() => edit({ options: [...draft.options, ''] })}>
                  {t.addOption}
                </button>
              )}
            </>
          )}
          {draft.type === 'judge' && (
            <Field label={t.judgeAnswer}>
              <select className="zx-select" value={String(draft.judge)} data-testid="judge-answer" onChange={e => edit({ judge: e.target.value === 'true' })}>
                <option value="true">{t.trueLabel}</option>
                <option value="false">{t.falseLabel}</option>
              </select>
            </Field>
          )}
          {draft.type === 'blank' && (
            <Field label={t.blankAnswer}>
              <input className="input" value={draft.blank} data-testid="blank-answer" onChange={e => edit({ blank: e.target.value })} />
            </Field>
          )}
        </>
      ) : bank && bank.length === 0 ? (
        <p className="muted">{t.bankEmpty}</p>
      ) : (
        <ul className="bank-list" data-testid="bank-list">
          {(bank ?? []).map(q => (
            <li key={q.id}>
              <label className="check">
                <input type="radio" name="bank" checked={bankId === q.id} onChange={() => setBankId(q.id)} />
                <span>{q.stem}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <Field label={t.seconds}>
        <input
          className="input"
          type="number"
          min={5}
          max={600}
          value={seconds}
          data-testid="question-seconds"
          onChange={e => setSeconds(Number(e.target.value))}
        />
      </Field>
      <FormError message={error} />
      <button type="submit" className="button primary" disabled={!ready || busy} data-testid="push-question">
        {busy ? t.pushing : t.push}
      </button>
    </form>
  )
}
