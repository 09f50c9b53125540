import { useStore } from '@nanostores/react'
import { useState } from 'react'
import { fetchCourseEvaluation, fetchIndicators, scoreCourse, type CourseEvaluationResult, type Indicator } from '../../../api/evaluation'
import { $courseEvaluationMessages } from '../../../i18n'
import { LoadGate, useLoadable } from '../../shared/load'
import { CourseFigures } from '../../shared/course-eval/figures'

/**
 * A manager scores one published course: the course's figures on top, then
 * per indicator its weight and level descriptions, a score 0–100 and a
 * comment the course's teachers will read. Scores start from what was saved,
 * else from what the data suggests (marked as such), else empty; the
 * weighted total follows as they are typed.
 */
export function CourseScoring({ courseId, onBack }: { courseId: string; onBack: () => void }) {
  const t = useStore($courseEvaluationMessages)
  const [state, store] = useLoadable(
    async signal => {
      const [result, system] = await Promise.all([fetchCourseEvaluation(courseId, { signal, quiet: true }), fetchIndicators({ signal, quiet: true })])
      return { result, system }
    },
    [courseId],
  )
  return (
    <section className="ce" data-testid="course-scoring">
      <div className="ce-head">
        <div>
          <h2>{state.data?.result.title ?? t.scoringWhat}</h2>
          {state.data && (state.data.result.category || state.data.result.term) ? (
            <span className="ce-muted">{[state.data.result.category, state.data.result.term].filter(Boolean).join(' · ')}</span>
          ) : null}
        </div>
        <button type="button" className="link" data-testid="back-to-ranking" onClick={onBack}>
          {t.backToRanking}
        </button>
      </div>
      <LoadGate state={state} what={t.scoringWhat} onRetry={() => void store.retry()} skeleton="lines">
        {({ result, system }) => <ScoringForm result={result} system={system} onSaved={next => store.put({ result: next, system })} />}
      </LoadGate>
    </section>
  )
}

interface Draft {
  indicatorId: string
  score: string
  comment: string
  /** The score shown is the data's suggestion, not yet a manager's. */
  prefilled: boolean
}

function startingDrafts(result: CourseEvaluationResult): Draft[] {
  return result.indicators.map(i => ({
    indicatorId: i.indicatorId,
    score: i.score !== null ? String(i.score) : i.suggested !== null ? String(i.suggested) : '',
    comment: i.comment,
    prefilled: i.score === null && i.suggested !== null,
  }))
}

const valid = (text: string) => text.trim() !== '' && Number(text) >= 0 && Number(text) <= 100

function ScoringForm({ result, system, onSaved }: { result: CourseEvaluationResult; system: Indicator[]; onSaved: (result: CourseEvaluationResult) => void }) {
  const t = useStore($courseEvaluationMessages)
  const [drafts, setDrafts] = useState(() => startingDrafts(result))
  const [status, setStatus] = useState<'idle' | 'invalid' | 'saving' | 'saved' | 'failed'>('idle')
  const total = drafts.every(d => valid(d.score))
    ? Math.round(result.indicators.reduce((sum, i, k) => sum + (Number(drafts[k]!.score) * i.weight) / 100, 0) * 10) / 10
    : null

  const change = (k: number, patch: Partial<Draft>) => {
    setStatus('idle')
    setDrafts(list => list.map((d, j) => (j === k ? { ...d, ...patch } : d)))
  }
  const save = async () => {
    if (!drafts.every(d => valid(d.score))) return setStatus('invalid')
    setStatus('saving')
    try {
      const next = await scoreCourse(
        result.courseId,
        drafts.map(d => ({ indicatorId: d.indicatorId, score: Number(d.score), comment: d.comment.trim() })),
      )
      setDrafts(startingDrafts(next))
      setStatus('saved')
      onSaved(next)
    } catch {
      setStatus('failed')
    }
  }

  return (
    <>
      <div className="ce-card">
        <strong>{t.figuresTitle}</strong>
        <span className="ce-muted">{t.figuresHint}</span>
        <CourseFigures figures={result.figures} />
      </div>
      <ol className="ce-list">
        {result.indicators.map((i, k) => {
          const draft = drafts[k]!
          const levels = system.find(s => s.id === i.indicatorId)?.levels ?? []
          return (
            <li key={i.indicatorId} className="ce-card" data-testid="score-row">
              <div className="ce-row">
                <strong className="grow">{i.name}</strong>
                <span className="ce-muted">{t.weightOf({ weight: i.weight })}</span>
              </div>
              {levels.length ? (
                <ol className="ce-levels">
                  {levels.map(level => (
                    <li key={level}>{level}</li>
                  ))}
                </ol>
              ) : null}
              <div className="ce-row">
                <input
                  type="number"
                  min={0}
                  max={100}
                  step={1}
                  className="ce-num"
                  aria-label={t.scoreFor({ name: i.name })}
                  aria-invalid={status === 'invalid' && !valid(draft.score) ? true : undefined}
                  value={draft.score}
                  data-testid="score-input"
                  onChange={e => change(k, { score: e.currentTarget.value, prefilled: false })}
                />
                {i.suggested !== null ? (
                  <span className="ce-suggest" data-testid="suggested">
                    {draft.prefilled ? `${t.prefilled} · ` : ''}
                    {t.suggested({ score: i.suggested })}
                  </span>
                ) : null}
                <input
                  className="grow"
                  maxLength={2000}
                  aria-label={t.commentFor({ name: i.name })}
                  placeholder={t.commentPlaceholder}
                  value={draft.comment}
                  data-testid="comment-input"
                  onChange={e => change(k, { comment: e.currentTarget.value })}
                />
              </div>
            </li>
          )
        })}
      </ol>
      <div className="ce-foot">
        <strong className="grow" data-testid="live-total">
          {total === null ? t.totalPending : t.totalIs({ total })}
        </strong>
        <span className={status === 'invalid' || status === 'failed' ? 'ce-problem' : 'ce-muted'} role="status" data-testid="score-status">
          {status === 'invalid' ? t.problemScore : status === 'saving' ? t.saving : status === 'saved' ? t.saved : status === 'failed' ? t.saveFailed : ''}
        </span>
        <button type="button" className="primary" disabled={status === 'saving'} data-testid="save-scores" onClick={() => void save()}>
          {t.saveScores}
        </button>
      </div>
    </>
  )
}
