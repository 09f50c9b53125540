import { useStore } from '@nanostores/react'
import { isRubricType, type Question, type QuestionType } from '../../../api/evaluation'
import { $evaluationMessages } from '../../../i18n'
import { Select } from '../../shared/select'
import { TYPE_WORDS } from '../../shared/course-eval/words'

/**
 * Edits one question by hand: its type, stem, points and what counts as right
 * (the correct option(s), true/false, accepted blanks, or rubric criteria
 * whose points must add up to the question's). The server checks the same
 * rules (question-rules.ts); the editor says so before a save is tried.
 */
export const QUESTION_TYPES = Object.keys(TYPE_WORDS) as QuestionType[]
const LETTERS = 'ABCDEF'

/** A fresh question of a type, with what that type needs to be valid once filled in. */
export function blankQuestion(type: QuestionType, points = isRubricType(type) ? 10 : 2): Question {
  switch (type) {
    case 'single':
      return { type, stem: '', options: ['', '', '', ''], answer: 0, points }
    case 'multiple':
      return { type, stem: '', options: ['', '', '', ''], answer: [0, 1], points }
    case 'judge':
      return { type, stem: '', answer: true, points }
    case 'blank':
      return { type, stem: '', answer: [''], points }
    case 'short':
    case 'practical':
      return { type, stem: '', rubric: [{ criterion: '', points }], points }
  }
}

/** What is wrong with a question before it is sent (a message key), or null. */
export function questionProblem(q: Question): 'problemStem' | 'problemOptions' | 'problemAnswer' | 'problemRubric' | null {
  if (!q.stem.trim()) return 'problemStem'
  if ((q.type === 'single' || q.type === 'multiple') && (q.options ?? []).some(o => !o.trim())) return 'problemOptions'
  if (q.type === 'multiple' && (!Array.isArray(q.answer) || q.answer.length === 0)) return 'problemAnswer'
  if (q.type === 'blank' && (!Array.isArray(q.answer) || q.answer.every(a => !String(a).trim()))) return 'problemAnswer'
  if (isRubricType(q.type)) {
    const rubric = q.rubric ?? []
    if (rubric.length === 0 || rubric.some(c => !c.criterion.trim()) || rubricTotal(q) !== q.points) return 'problemRubric'
  }
  return null
}

export const rubricTotal = (q: Question) => (q.rubric ?? []).reduce((sum, c) => sum + (Number(c.points) || 0), 0)

/** `index` numbers the question on a paper and `onRemove` takes it off; the bank's form has neither. */
export function QuestionEditor({
  question: q,
  index,
  onChange,
  onRemove,
}: {
  question: Question
  index?: number
  onChange: (q: Question) => void
  onRemove?: () => void
}) {
  const t = useStore($evaluationMessages)
  const set = (patch: Partial<Question>) => onChange({ ...q, ...patch })
  const problem = questionProblem(q)
  return (
    <li className="question-editor" data-testid="question-editor" data-type={q.type}>
      <div className="editor-head">
        {index === undefined ? null : <span className="number">{t.questionOf({ n: index + 1 })}</span>}
        <Select
          small
          aria-label={t.questionType}
          value={q.type}
          onChange={e => onChange({ ...blankQuestion(e.currentTarget.value as QuestionType), stem: q.stem })}
          options={QUESTION_TYPES.map(type => ({ value: type, label: t[TYPE_WORDS[type]] }))}
        />
        <label className="inline">
          <span>{t.pointsLabel}</span>
          <input
            type="number"
            min={0}
            step={0.5}
            className="num"
            value={q.points}
            data-testid="question-points"
            onChange={e => set({ points: Number(e.currentTarget.value) })}
          />
        </label>
        {onRemove ? (
          <button type="button" className="link" onClick={onRemove}>
            {t.remove}
          </button>
        ) : null}
      </div>
      <textarea
        className="stem-input"
        rows={2}
        aria-label={t.stem}
        placeholder={t.stem}
        value={q.stem}
        data-testid="stem"
        onChange={e => set({ stem: e.currentTarget.value })}
      />
      <AnswerEditor question={q} set={set} />
      {problem ? <p className="hint warn">{t[problem]}</p> : null}
    </li>
  )
}

function AnswerEditor({ question: q, set }: { question: Question; set: (patch: Partial<Question>) => void }) {
  const t = useStore($evaluationMessages)
  if (q.type === 'single' || q.type === 'multiple') {
    const options = q.options ?? []
    const chosen = q.type === 'single' ? [q.answer as number] : ((q.answer as number[]) ?? [])
    const toggle = (i: number) =>
      set({ answer: q.type === 'single' ? i : chosen.includes(i) ? chosen.filter(x => x !== i) : [...chosen, i].sort((a, b) => a - b) })
    const removeOption = (i: number) =>
      set({
        options: options.filter((_, j) => j !== i),
        answer:
          q.type === 'single'
            ? Math.max(0, (q.answer as number) - ((q.answer as number) >= i ? 1 : 0))
            : chosen.filter(x => x !== i).map(x => (x > i ? x - 1 : x)),
      })
    return (
      <div className="options-editor">
        {options.map((option, i) => (
          <div className="option-row" key={i}>
            <label className="correct" title={t.markCorrect}>
              <input
                type={q.type === 'single' ? 'radio' : 'checkbox'}
                checked={chosen.includes(i)}
                aria-label={t.markCorrect}
                data-testid="option-correct"
                onChange={() => toggle(i)}
              />
              <span className="letter">{LETTERS[i]}</span>
            </label>
            <input
              className="grow"
              value={option}
              aria-label={t.optionText}
              data-testid="option-text"
              onChange={e => set({ options: options.map((o, j) => (j === i ? e.currentTarget.value : o)) })}
            />
            {options.length > 2 ? (
              <button type="button" className="link" aria-label={t.remove} onClick={() => removeOption(i)}>
                ×
              </button>
            ) : null}
          </div>
        ))}
        {options.length < LETTERS.length ? (
          <button type="button" className="link" onClick={() => set({ options: [...options, ''] })}>
            {t.addOption}
          </button>
        ) : null}
      </div>
    )
  }
  if (q.type === 'judge') {
    return (
      <div className="option-row">
        {[true, false].map(value => (
          <label key={String(value)} className="inline">
            <input type="radio" checked={q.answer === value} onChange={() => set({ answer: value })} />
            <span>{value ? t.judgeTrue : t.judgeFalse}</span>
          </label>
        ))}
      </div>
    )
  }
  if (q.type === 'blank') {
    const accepted = (q.answer as string[]) ?? []
    return (
      <label className="stacked">
        <span>{t.acceptedAnswers}</span>
        <textarea rows={2} value={accepted.join('\n')} data-testid="accepted" onChange={e => set({ answer: e.currentTarget.value.split('\n') })} />
      </label>
    )
  }
  const rubric = q.rubric ?? []
  const setCriterion = (i: number, patch: Partial<(typeof rubric)[number]>) => set({ rubric: rubric.map((c, j) => (j === i ? { ...c, ...patch } : c)) })
  return (
    <div className="rubric-editor">
      <span className="hint">{t.rubricTotal({ total: rubricTotal(q), points: q.points })}</span>
      {rubric.map((c, i) => (
        <div className="option-row" key={i}>
          <input
            className="grow"
            value={c.criterion}
            placeholder={t.criterionName}
            aria-label={t.criterionName}
            data-testid="criterion"
            onChange={e => setCriterion(i, { criterion: e.currentTarget.value })}
          />
          <input
            type="number"
            min={0}
            className="num"
            value={c.points}
            aria-label={t.pointsLabel}
            data-testid="criterion-points"
            onChange={e => setCriterion(i, { points: Number(e.currentTarget.value) })}
          />
          {rubric.length > 1 ? (
            <button type="button" className="link" aria-label={t.remove} onClick={() => set({ rubric: rubric.filter((_, j) => j !== i) })}>
              ×
            </button>
          ) : null}
        </div>
      ))}
      <button type="button" className="link" data-testid="add-criterion" onClick={() => set({ rubric: [...rubric, { criterion: '', points: 0 }] })}>
        {t.addCriterion}
      </button>
    </div>
  )
}
