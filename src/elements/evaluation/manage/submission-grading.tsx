import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { fetchSubmission, gradeItem, isRubricType, type CriterionGrade, type Submission, type SubmissionQuestion } from '../../../api/evaluation'
import { $evaluationMessages } from '../../../i18n'
import { loadable } from '../../../stores/loadable'
import { LoadGate } from '../../shared/load'
import { MarkdownView } from '../../shared/markdown'
import { answerText } from '../question-input'
import { AnswerFileList } from '../answer-file-list'
import { GradeHistory } from './grade-history'
import { HighlightedAnswer } from './highlight'
import { ScoreInput } from './score-input'
import { usePhrasing } from '../../shared/use-phrasing'

/**
 * One submission for the teacher: each rubric answer with the AI's suggestion
 * pre-filled per criterion (level, points, comment, evidence marked in the
 * answer), accepted or overridden with a number per criterion; an objective
 * item's automatic score can be overridden too (with the right answer beside
 * it). Enter saves the question and moves to the next number, so a class is
 * graded from the keyboard. Every change is kept and listed under the
 * question. Flagged answers (that addressed the grader) are marked and have
 * no suggestion to accept blindly.
 */
export const $submission = loadable((signal, id: string) => fetchSubmission(id, { signal, quiet: true }))

export function SubmissionGrading({ submissionId, onBack }: { submissionId: string; onBack: () => void }) {
  const t = useStore($evaluationMessages)
  const state = useStore($submission)
  useEffect(() => {
    void $submission.load(submissionId)
  }, [submissionId])
  return (
    <section className="manage-section grading" data-testid="submission-grading">
      <div className="section-head">
        <h2>{state.data?.student ? state.data.student.name || state.data.student.username : t.gradingTitle}</h2>
        <button type="button" className="link" onClick={onBack}>
          {t.backToQueue}
        </button>
      </div>
      <LoadGate state={state} what={t.submissionWhat} onRetry={() => void $submission.retry()} skeleton="lines">
        {submission => <SubmissionBody submission={submission} />}
      </LoadGate>
    </section>
  )
}

function SubmissionBody({ submission }: { submission: Submission }) {
  const t = useStore($evaluationMessages)
  const list = useRef<HTMLOListElement>(null)
  /** Focus the number input after `from` (in page order), or leave focus where it is after the last one. */
  const focusNext = (from: HTMLInputElement) => {
    const inputs = [...(list.current?.querySelectorAll<HTMLInputElement>('input[data-grade]') ?? [])]
    inputs[inputs.indexOf(from) + 1]?.focus()
  }
  return (
    <>
      <p className="meta">
        {submission.score === null ? t.notScored : t.scoreOf({ score: submission.score, max: submission.maxScore ?? 0 })}
        {submission.late ? (
          <span className="chip late" data-testid="late-note">
            {submission.latePenalty ? t.latePenaltyNote({ penalty: submission.latePenalty }) : t.lateBadge}
          </span>
        ) : null}
      </p>
      <ol className="editor-list" ref={list}>
        {submission.questions.map((q, i) => (
          <GradedQuestion key={q.questionId} submissionId={submission.id} question={q} index={i} onEnter={focusNext} />
        ))}
      </ol>
    </>
  )
}

export interface Draft {
  criterion: string
  points: string
  comment: string
}

/** What the form starts from: the saved grade, else the AI's suggestion, else the rubric with no points. */
export function startingDraft(q: Pick<SubmissionQuestion, 'rubric' | 'criteria' | 'aiSuggestion'>): Draft[] {
  const byName = (list: CriterionGrade[] | undefined, name: string) => list?.find(c => c.criterion === name)
  const names = (q.rubric ?? q.criteria ?? q.aiSuggestion?.criteria ?? []).map(c => c.criterion)
  return names.map(name => {
    const chosen = byName(q.criteria, name) ?? byName(q.aiSuggestion?.criteria, name)
    return { criterion: name, points: chosen ? String(chosen.points) : '', comment: chosen?.comment ?? '' }
  })
}

function GradedQuestion({
  submissionId,
  question: q,
  index,
  onEnter,
}: {
  submissionId: string
  question: SubmissionQuestion
  index: number
  onEnter: (from: HTMLInputElement) => void
}) {
  const t = useStore($evaluationMessages)
  const say = usePhrasing()
  const [draft, setDraft] = useState(() => startingDraft(q))
  // Items without a rubric (objective ones): one score for the item, and its feedback.
  const [score, setScore] = useState(q.score === null ? '' : String(q.score))
  const [feedback, setFeedback] = useState(q.feedback)
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'invalid' | 'failed'>('idle')
  /** What the server said was wrong (「急停」的得分应在 0 到 3 之间), shown rather than a bare "failed". */
  const [failure, setFailure] = useState('')
  const suggestion = (name: string) => q.aiSuggestion?.criteria.find(c => c.criterion === name) ?? q.criteria?.find(c => c.criterion === name)
  const quotes = [...(q.aiSuggestion?.criteria ?? []), ...(q.criteria ?? [])].flatMap(c => c.evidence ?? [])
  const rubric = draft.length > 0
  const words = { judgeTrue: t.judgeTrue, judgeFalse: t.judgeFalse, locale: say.locale }
  const right = isRubricType(q.type) ? '' : answerText(q.correctAnswer, q.options, words)

  const save = async () => {
    const body = rubric
      ? { criteria: draft.map(c => ({ criterion: c.criterion, points: Number(c.points), comment: c.comment })) }
      : { score: Number(score), feedback }
    const invalid = rubric
      ? draft.some(c => c.points.trim() === '' || Number.isNaN(Number(c.points)))
      : score.trim() === '' || !(Number(score) >= 0 && Number(score) <= q.points)
    if (invalid) return setState('invalid')
    setState('saving')
    try {
      await gradeItem(submissionId, q.questionId, body)
      setState('saved')
      // The new total and the change in the history.
      void $submission.load(submissionId)
    } catch (error) {
      setFailure(error instanceof Error ? error.message : '')
      setState('failed')
    }
  }
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    const input = event.currentTarget
    void save()
    onEnter(input)
  }

  return (
    <li className="question-editor" data-flagged={q.flagged ? true : undefined} data-testid="graded-question">
      <div className="editor-head">
        <span className="number">{t.questionOf({ n: index + 1 })}</span>
        <span className="hint">{t.points({ points: q.points })}</span>
        {q.score !== null ? <span className="hint">{t.scoreIs({ score: q.score })}</span> : null}
        {q.gradedBy ? <span className="chip">{q.gradedBy === 'ai' ? t.gradedByAi : t.gradedByTeacher}</span> : null}
      </div>
      {q.flagged ? (
        <p className="flag-note" role="note" data-testid="flagged">
          {t.flaggedAnswer}: {q.flagged}
        </p>
      ) : null}
      <MarkdownView className="stem" text={q.stem} />
      {q.type === 'practical' ? (
        <AnswerFileList files={q.files ?? []} />
      ) : q.answer === null || q.answer === '' ? (
        <p className="hint">{t.noAnswer}</p>
      ) : (
        <HighlightedAnswer text={answerText(q.answer, q.options, words)} quotes={quotes} />
      )}
      {right ? (
        <p className="hint" data-testid="right-answer">
          {say.labelled(t.correctAnswer, right)}
        </p>
      ) : null}
      {rubric ? (
        <div className="criteria-grid">
          {draft.map((c, k) => {
            const ai = suggestion(c.criterion)
            const max = q.rubric?.find(r => r.criterion === c.criterion)?.points ?? ai?.max
            return (
              <div className="criterion-row" key={c.criterion} data-testid="criterion-row">
                <div className="criterion-name">
                  <strong>{c.criterion}</strong>
                  {ai ? (
                    <span className="hint">
                      {t.aiSuggests({ level: ai.level || '—', points: ai.points })}
                      {ai.comment ? ` · ${ai.comment}` : ''}
                    </span>
                  ) : null}
                </div>
                <label className="inline">
                  <ScoreInput
                    max={max}
                    label={t.pointsFor({ criterion: c.criterion })}
                    value={c.points}
                    onKeyDown={onKey}
                    onValue={points => {
                      setState('idle')
                      setDraft(d => d.map((x, j) => (j === k ? { ...x, points } : x)))
                    }}
                  />
                </label>
                <input
                  className="grow"
                  aria-label={t.commentFor({ criterion: c.criterion })}
                  placeholder={t.feedback}
                  value={c.comment}
                  onChange={e => {
                    const comment = e.currentTarget.value
                    setState('idle')
                    setDraft(d => d.map((x, j) => (j === k ? { ...x, comment } : x)))
                  }}
                />
              </div>
            )
          })}
        </div>
      ) : (
        <div className="criterion-row" data-testid="item-score-row">
          <label className="inline">
            <span>{t.itemScore}</span>
            <ScoreInput
              max={q.points}
              label={t.itemScoreOf({ points: q.points })}
              value={score}
              onKeyDown={onKey}
              onValue={value => {
                setState('idle')
                setScore(value)
              }}
            />
          </label>
          <input
            className="grow"
            aria-label={t.feedback}
            placeholder={t.feedback}
            value={feedback}
            onChange={e => {
              setState('idle')
              setFeedback(e.currentTarget.value)
            }}
          />
        </div>
      )}
      <div className="builder-actions">
        <span className="hint" role="status" data-testid="grade-state">
          {state === 'saved'
            ? t.gradeSaved
            : state === 'invalid'
              ? rubric
                ? t.gradeFailed
                : t.itemScoreInvalid({ points: q.points })
              : state === 'failed'
                ? failure || t.gradeError
                : state === 'saving'
                  ? t.saving
                  : t.enterToSave}
        </span>
        <button type="button" className="primary" disabled={state === 'saving'} data-testid="save-grade" onClick={() => void save()}>
          {t.saveGrade}
        </button>
      </div>
      <GradeHistory history={q.history ?? []} />
    </li>
  )
}
