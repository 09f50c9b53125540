import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { fetchEvaluation, gradingQueue, releaseResults, type EvaluationDetail } from '../../../api/evaluation'
import { $evaluationMessages } from '../../../i18n'
import { loadable } from '../../../stores/loadable'
import { LoadGate } from '../../shared/load'

/**
 * The grading queue of one evaluation (`GET …/{id}/submissions`, waiting and
 * flagged first, as the server orders them) with the release button.
 */
export const $gradingQueue = loadable((signal, evaluationId: string) => gradingQueue(evaluationId, { signal, quiet: true }))

export function GradingQueue({
  evaluationId,
  onOpen,
  onGradeQuestion,
  onBack,
}: {
  evaluationId: string
  onOpen: (submissionId: string) => void
  /** Opens one question across all students (grading by question). */
  onGradeQuestion: (questionId: string) => void
  onBack: () => void
}) {
  const t = useStore($evaluationMessages)
  const state = useStore($gradingQueue)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    void $gradingQueue.load(evaluationId)
  }, [evaluationId])
  const release = async () => {
    setBusy(true)
    try {
      await releaseResults(evaluationId)
      void $gradingQueue.load(evaluationId)
    } catch {
      // request() showed why
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="manage-section" data-testid="grading-queue">
      <div className="section-head">
        <h2>{t.gradingTitle}</h2>
        <button type="button" className="link" onClick={onBack}>
          {t.backToList}
        </button>
      </div>
      <LoadGate state={state} what={t.gradingTitle} onRetry={() => void $gradingQueue.retry()} skeleton="rows">
        {queue => (
          <>
            {queue.aiGrading === 'no-model' ? (
              <p className="hint warn" data-testid="ai-grading-off">
                {t.aiGradingOff}
              </p>
            ) : null}
            <div className="section-head">
              <span className="hint">{queue.released ? t.resultsReleased : t.resultsNotReleased}</span>
              {queue.released ? null : (
                <button type="button" className="primary" disabled={busy} data-testid="release-all" onClick={() => void release()}>
                  {t.releaseResults}
                </button>
              )}
            </div>
            {queue.items.length === 0 ? null : <QuestionPicker evaluationId={evaluationId} onPick={onGradeQuestion} />}
            {queue.items.length === 0 ? (
              <zx-empty-state message={t.noSubmissions} />
            ) : (
              <ul className="manage-list">
                {queue.items.map(item => (
                  <li key={item.id} className="manage-row" data-flagged={item.flagged > 0 || undefined} data-testid="queue-row">
                    <div className="row-main">
                      <strong className="row-title">{item.student ? `${item.student.name || item.student.username}` : t.anonymous}</strong>
                      <span className="row-meta">
                        {item.score === null ? t.notScored : t.scoreIs({ score: item.score })}
                        {item.submittedAt ? ` · ${new Date(item.submittedAt).toLocaleString()}` : ''}
                      </span>
                    </div>
                    {item.autoSubmitted ? (
                      <span className="chip" data-testid="auto-submitted-chip">
                        {t.statusAutoSubmitted}
                      </span>
                    ) : null}
                    {item.late ? (
                      <span className="chip late" data-testid="late-chip">
                        {t.lateBadge}
                      </span>
                    ) : null}
                    {item.flagged > 0 ? <span className="chip flag">{t.flaggedCount({ count: item.flagged })}</span> : null}
                    {item.pending > 0 ? <span className="chip">{t.pendingCount({ count: item.pending })}</span> : null}
                    {item.aiGraded > 0 ? <span className="chip">{t.aiGradedCount({ count: item.aiGraded })}</span> : null}
                    <button type="button" data-testid="open-submission" onClick={() => onOpen(item.id)}>
                      {t.grade}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </LoadGate>
    </section>
  )
}

/** Grading by question: pick one of the paper's questions and grade it for every student at once. */
function QuestionPicker({ evaluationId, onPick }: { evaluationId: string; onPick: (questionId: string) => void }) {
  const t = useStore($evaluationMessages)
  const [questions, setQuestions] = useState<EvaluationDetail['questions']>([])
  const [chosen, setChosen] = useState('')
  useEffect(() => {
    const controller = new AbortController()
    fetchEvaluation(evaluationId, { signal: controller.signal, quiet: true }).then(
      detail => {
        setQuestions(detail.questions)
        setChosen(detail.questions[0]?.id ?? '')
      },
      () => setQuestions([]), // the queue still works without it
    )
    return () => controller.abort()
  }, [evaluationId])
  if (questions.length === 0) return null
  return (
    <div className="section-head" data-testid="grade-by-question">
      <label className="inline">
        <span>{t.pickQuestion}</span>
        <select value={chosen} onChange={e => setChosen(e.currentTarget.value)} data-testid="question-pick">
          {questions.map((q, i) => (
            <option key={q.id} value={q.id}>
              {`${t.questionOf({ n: i + 1 })} · ${q.stem.split('\n')[0]!.slice(0, 40)}`}
            </option>
          ))}
        </select>
      </label>
      <button type="button" data-testid="open-question-grading" disabled={!chosen} onClick={() => onPick(chosen)}>
        {t.openQuestionGrading}
      </button>
    </div>
  )
}
