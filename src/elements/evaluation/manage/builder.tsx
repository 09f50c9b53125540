import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import type { ClassRef } from '../../../api/courses'
import {
  createEvaluation,
  drawFromBank,
  fetchEvaluation,
  setEvaluationStatus,
  updateEvaluation,
  type EvaluationKind,
  type LatePolicy,
  type Question,
  type QuestionType,
} from '../../../api/evaluation'
import { $evaluationMessages } from '../../../i18n'
import { LoadFailure } from '../../shared/load'
import { Select } from '../../shared/select'
import { FormError } from '../../shared/ui'
import { detailToForm, emptyForm, formToBody, type BuilderForm } from './builder-body'
import { BankDraw } from './bank-draw'
import { ClassPick, MomentInput, NumberInput } from './setting-inputs'
import { blankQuestion, QUESTION_TYPES, QuestionEditor, questionProblem } from './question-editor'
import { KIND_WORDS, TYPE_WORDS } from '../../shared/course-eval/words'

/**
 * The evaluation builder: title, kind, settings and questions (by hand or
 * drawn from the bank), saved as a draft and then published. A new one gets
 * its id on the first save (`onSaved`), so a reload keeps the draft.
 */
export interface BuilderProps {
  courseId: string
  classes: ClassRef[]
  evaluationId: string
  onSaved: (id: string) => void
  onDone: () => void
}

const KINDS: EvaluationKind[] = ['quiz', 'assignment', 'survey']

export function EvaluationBuilder({ courseId, classes, evaluationId, onSaved, onDone }: BuilderProps) {
  const t = useStore($evaluationMessages)
  const [form, setForm] = useState<BuilderForm | null>(evaluationId ? null : emptyForm())
  const [loadError, setLoadError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState('')
  const [savedId, setSavedId] = useState(evaluationId)

  const load = () => {
    setLoadError(null)
    fetchEvaluation(evaluationId, { quiet: true }).then(d => setForm(detailToForm(d)), setLoadError)
  }
  useEffect(() => {
    if (evaluationId && evaluationId !== savedId) setSavedId(evaluationId)
    if (evaluationId && !form) load()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads when the evaluation id changes; form and savedId are what the load fills
  }, [evaluationId])

  if (loadError) return <LoadFailure error={loadError} what={t.evaluationWhat} onRetry={load} />
  if (!form) return <zx-skeleton variant="lines" count={6} />

  // Functional updates: two quick clicks (add a question, add another) must both land.
  const update = (change: (f: BuilderForm) => Partial<BuilderForm>) => setForm(f => (f ? { ...f, ...change(f) } : f))
  const set = (patch: Partial<BuilderForm>) => update(() => patch)
  const setQuestion = (i: number, q: Question) => update(f => ({ questions: f.questions.map((x, j) => (j === i ? q : x)) }))

  /** Saves (create or update); returns the id, or '' when the form is not ready or the server refused. */
  const save = async (): Promise<string> => {
    if (!form.title.trim()) return (setProblem(t.problemTitle), '')
    const wrong = form.questions.findIndex(q => questionProblem(q))
    if (wrong >= 0) return (setProblem(t.problemQuestion({ n: wrong + 1 })), '')
    setProblem('')
    setBusy(true)
    try {
      const body = formToBody(form)
      if (savedId) {
        await updateEvaluation(savedId, body)
        return savedId
      }
      const { id } = await createEvaluation({ ...body, courseId })
      setSavedId(id)
      onSaved(id)
      return id
    } catch {
      return '' // request() showed the server's message
    } finally {
      setBusy(false)
    }
  }
  const publish = async () => {
    if (form.questions.length === 0) return setProblem(t.problemNoQuestions)
    const id = await save()
    if (!id) return
    setBusy(true)
    try {
      await setEvaluationStatus(id, 'published')
      onDone()
    } catch {
      // shown by request()
    } finally {
      setBusy(false)
    }
  }

  const quiz = form.kind === 'quiz'
  return (
    <form className="builder" data-testid="builder" onSubmit={e => (e.preventDefault(), void save())}>
      <div className="section-head">
        <h2>{savedId ? t.editEvaluation : t.newEvaluation}</h2>
        <button type="button" className="link" onClick={onDone}>
          {t.backToList}
        </button>
      </div>
      <fieldset className="settings">
        <label className="stacked wide">
          <span>{t.titleLabel}</span>
          <input value={form.title} data-testid="title" required onChange={e => set({ title: e.currentTarget.value })} />
        </label>
        <label className="stacked">
          <span>{t.kindLabel}</span>
          <Select
            value={form.kind}
            data-testid="kind"
            onChange={e => set({ kind: e.currentTarget.value as EvaluationKind })}
            options={KINDS.map(k => ({ value: k, label: t[KIND_WORDS[k]] }))}
          />
        </label>
        {quiz ? (
          <label className="stacked">
            <span>{t.timeLimitLabel}</span>
            <NumberInput min={1} value={form.timeLimitMinutes} testId="time-limit" onChange={timeLimitMinutes => set({ timeLimitMinutes })} />
          </label>
        ) : null}
        <label className="stacked">
          <span>{t.attemptsLabel}</span>
          <NumberInput min={1} max={20} value={form.maxAttempts} testId="attempts" onChange={maxAttempts => set({ maxAttempts })} />
        </label>
        {form.kind !== 'survey' ? (
          <label className="stacked">
            <span>{t.passMarkLabel}</span>
            <NumberInput min={0} value={form.passMark} testId="pass-mark" onChange={passMark => set({ passMark })} />
          </label>
        ) : null}
        <label className="stacked">
          <span>{t.opensAtLabel}</span>
          <MomentInput value={form.opensAt} onChange={opensAt => set({ opensAt })} />
        </label>
        <label className="stacked">
          <span>{t.closesAtLabel}</span>
          <MomentInput value={form.closesAt} testId="closes-at" onChange={closesAt => set({ closesAt })} />
        </label>
        <label className="stacked">
          <span>{t.releaseLabel}</span>
          <Select value={form.releaseMode} data-testid="release-mode" onChange={e => set({ releaseMode: e.currentTarget.value as BuilderForm['releaseMode'] })}>
            <option value="manual">{t.releaseManual}</option>
            <option value="immediate">{t.releaseImmediate}</option>
          </Select>
        </label>
        {form.kind === 'assignment' ? (
          <label className="stacked">
            <span>{t.latePolicyLabel}</span>
            <Select value={form.latePolicy} data-testid="late-policy" onChange={e => set({ latePolicy: e.currentTarget.value as LatePolicy })}>
              <option value="refuse">{t.lateRefuse}</option>
              <option value="accept">{t.lateAccept}</option>
              <option value="penalty">{t.lateWithPenalty}</option>
            </Select>
          </label>
        ) : null}
        {form.kind === 'assignment' && form.latePolicy === 'penalty' ? (
          <label className="stacked">
            <span>{t.latePenaltyLabel}</span>
            <NumberInput min={1} max={100} value={form.latePenalty} testId="late-penalty" onChange={latePenalty => set({ latePenalty })} />
          </label>
        ) : null}
        {form.kind === 'assignment' && form.latePolicy !== 'refuse' ? (
          <label className="stacked">
            <span>{t.lateUntilLabel}</span>
            <MomentInput value={form.lateUntil} testId="late-until" onChange={lateUntil => set({ lateUntil })} />
          </label>
        ) : null}
        {form.kind === 'survey' ? (
          <label className="inline">
            <input type="checkbox" checked={form.anonymous} data-testid="anonymous" onChange={e => set({ anonymous: e.currentTarget.checked })} />
            <span>{t.anonymousLabel}</span>
          </label>
        ) : null}
        {quiz ? (
          <label className="inline">
            <input type="checkbox" checked={form.shuffle} data-testid="shuffle" onChange={e => set({ shuffle: e.currentTarget.checked })} />
            <span>{t.shuffleLabel}</span>
          </label>
        ) : null}
        <ClassPick classes={classes} picked={form.classIds} testId="class" onPick={classIds => set({ classIds })} />
      </fieldset>

      <h3>{t.questionsLabel}</h3>
      {form.kind === 'survey' ? (
        <p className="hint" data-testid="survey-rating-hint">
          {t.surveyRatingHint}
        </p>
      ) : null}
      {form.questions.length === 0 ? <p className="hint">{t.noQuestionsYet}</p> : null}
      <ol className="editor-list">
        {form.questions.map((q, i) => (
          <QuestionEditor
            key={i}
            question={q}
            index={i}
            onChange={next => setQuestion(i, next)}
            onRemove={() => update(f => ({ questions: f.questions.filter((_, j) => j !== i) }))}
          />
        ))}
      </ol>
      <div className="add-row">
        <span>{t.addQuestion}</span>
        {QUESTION_TYPES.filter(type => form.kind !== 'survey' || type !== 'practical').map((type: QuestionType) => (
          <button key={type} type="button" data-testid={`add-${type}`} onClick={() => update(f => ({ questions: [...f.questions, blankQuestion(type)] }))}>
            {t[TYPE_WORDS[type]]}
          </button>
        ))}
      </div>
      <BankDraw draw={rules => drawFromBank(courseId, rules)} onDrawn={drawn => update(f => ({ questions: [...f.questions, ...drawn] }))} />

      <FormError message={problem} testId="builder-problem" />
      <div className="builder-actions">
        <button type="submit" disabled={busy} data-testid="save-draft">
          {t.saveDraft}
        </button>
        <button type="button" className="primary" disabled={busy} data-testid="publish-now" onClick={() => void publish()}>
          {t.savePublish}
        </button>
      </div>
    </form>
  )
}
