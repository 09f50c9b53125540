import { useStore } from '@nanostores/react'
import { useEffect, useRef, useState } from 'react'
import { $common, $evaluationMessages } from '../../i18n'
import { $paper, loadPaper, saveNow, setAnswer, submitPaper } from '../../stores/evaluation-paper'
import type { ElementProps } from '../shared/define-element'
import { LoadFailure } from '../shared/load'
import { MarkdownView } from '../shared/markdown'
import { Countdown } from './countdown'
import { isAnswered, QuestionInput } from './question-input'
import { EvaluationResult } from './result'
import { TYPE_WORDS } from '../shared/course-eval/words'
import { ZX_EVENTS } from '../shared/events'
import { useElementEvent } from '../shared/use-element-event'

/**
 * `<zx-evaluation-paper evaluation-id submission-id>`: a student takes an
 * evaluation on a phone or a PC. Opening starts or resumes the
 * attempt; every answer is saved a moment after it changes (and kept in this
 * browser until the server has it); the countdown follows the server's
 * clock and hands the paper in when time is up; after submitting, the result
 * shows once the teacher releases it. With `submission-id` (and no
 * evaluation-id) it shows that result only.
 */
export interface EvaluationPaperProps extends ElementProps {
  evaluationId?: string
  submissionId?: string
}

const ENDED_WORDS = { time_up: 'endedTimeUp', closed: 'endedClosed', handed_in: 'endedHandedIn', newer_attempt: 'endedNewerAttempt' } as const

export function EvaluationPaper({ evaluationId, submissionId }: EvaluationPaperProps) {
  const t = useStore($evaluationMessages)
  const state = useStore($paper)
  const common = useStore($common)
  const [confirming, setConfirming] = useState(false)
  const dialog = useRef<HTMLElement>(null)
  useElementEvent(dialog, ZX_EVENTS.close, () => setConfirming(false))

  useEffect(() => {
    if (evaluationId) void loadPaper(evaluationId)
  }, [evaluationId])

  if (!evaluationId && submissionId) return <EvaluationResult submissionId={submissionId} />
  if (state.status === 'failed')
    return <LoadFailure part="base" error={new Error(state.error)} what={t.paperLoading} onRetry={() => evaluationId && void loadPaper(evaluationId)} />
  if (state.status === 'submitted') {
    return (
      <>
        {state.ended ? (
          <p className="notice" role="status" data-testid="attempt-ended" data-reason={state.ended}>
            {t[ENDED_WORDS[state.ended]]}
            {state.notReached ? ` ${t.notReached({ count: state.notReached })}` : ''}
          </p>
        ) : null}
        {state.submissionId ? <EvaluationResult submissionId={state.submissionId} /> : null}
      </>
    )
  }
  const paper = state.paper
  if (!paper || state.status === 'loading' || state.status === 'idle') return <zx-skeleton part="base" variant="lines" count={6} />

  const total = paper.questions.length
  const done = paper.questions.filter(q => isAnswered(state.answers[q.id])).length
  const points = paper.questions.reduce((sum, q) => sum + q.points, 0)
  const busy = state.status === 'submitting'

  return (
    <form className="paper" part="base" onSubmit={event => (event.preventDefault(), setConfirming(true))} data-testid="paper">
      <header className="paper-head" part="header">
        <h1>{paper.title}</h1>
        <p className="meta">{t.questionCount({ count: total, points })}</p>
        {paper.description ? <MarkdownView className="description" text={paper.description} /> : null}
      </header>
      {paper.late?.late ? (
        <p className="notice warn" role="status" data-testid="late-warning">
          {paper.late.penalty ? t.lateWarningPenalty({ penalty: paper.late.penalty }) : t.lateWarning}
        </p>
      ) : null}
      <div className="status-bar">
        {paper.deadlineAt ? <Countdown deadlineAt={paper.deadlineAt} clockOffset={state.clockOffset} onTimeUp={() => void saveNow()} /> : null}
        <span className="save" data-state={state.save} role="status" data-testid="save-state">
          {t[state.save]}
        </span>
      </div>
      <ol className="questions" part="body">
        {paper.questions.map((question, index) => (
          <li key={question.id} className="question" data-answered={isAnswered(state.answers[question.id]) || undefined} data-testid="question">
            <div className="question-head">
              <span className="number">{t.questionOf({ n: index + 1 })}</span>
              <span className="type">{t[TYPE_WORDS[question.type]]}</span>
              {paper.kind === 'survey' ? null : <span className="points">{t.points({ points: question.points })}</span>}
            </div>
            <MarkdownView className="stem" text={question.stem} />
            <QuestionInput
              question={question}
              value={state.answers[question.id]}
              disabled={busy}
              files={paper.files}
              onChange={value => setAnswer(question.id, value)}
            />
            {state.invalid?.questionId === question.id ? (
              <p className="error" role="alert" data-testid="answer-refused">
                {state.invalid.message}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      {state.error ? (
        <p className="error" role="alert">
          {state.error}
        </p>
      ) : null}
      <footer className="paper-foot" part="actions">
        <span className="progress">{t.answered({ done, total })}</span>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t.submitting : t.submit}
        </button>
      </footer>
      <zx-dialog open={confirming || undefined} heading={t.confirmSubmitTitle} ref={dialog}>
        <p>{total - done > 0 ? t.confirmSubmit({ left: total - done }) : t.confirmSubmitAll}</p>
        <div className="dialog-actions">
          <button type="button" onClick={() => setConfirming(false)}>
            {common.cancel}
          </button>
          <button
            type="button"
            className="primary"
            data-testid="confirm-submit"
            onClick={() => {
              setConfirming(false)
              void submitPaper()
            }}>
            {t.submit}
          </button>
        </div>
      </zx-dialog>
    </form>
  )
}
