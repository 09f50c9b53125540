import { useStore } from '@nanostores/react'
import { createElement, useEffect } from 'react'
import type { CourseDetail } from '../../api/courses'
import { listEvaluations, type EvaluationSummary } from '../../api/evaluation'
import { $evaluationMessages } from '../../i18n'
import { loadable } from '../../stores/loadable'
import { LoadGate } from '../shared/load'
import { KIND_WORDS } from '../shared/course-eval/words'
import { useLazyElement } from '../shared/use-lazy-element'
import { Icon } from '../shared/ui'
import { detailHref } from '../shared/links'
import { formatDate } from '../shared/format'
import { usePhrasing } from '../shared/use-phrasing'
import { styles } from '../shared/styles'

/**
 * The student's evaluations inside their course (students have no
 * evaluation route): to-do and done, each opening the paper or the result in
 * place (`?tab=evaluations&evaluationId=…`), so a reload returns to it.
 */
const $evaluations = loadable((signal, courseId: string) => listEvaluations(courseId, { signal, quiet: true }))

export function CourseEvaluations({ course, evaluationId }: { course: CourseDetail; evaluationId: string }) {
  const t = useStore($evaluationMessages)
  const state = useStore($evaluations)
  useEffect(() => {
    if (!evaluationId) void $evaluations.load(course.id)
  }, [course.id, evaluationId])

  if (evaluationId) return <OpenEvaluation course={course} evaluationId={evaluationId} summary={state.data?.find(e => e.id === evaluationId)} />
  return (
    <section className="evaluations" data-testid="course-evaluations">
      <h2 className="section-title">{t.evaluationsTitle}</h2>
      <LoadGate state={state} what={t.evaluationsTitle} onRetry={() => void $evaluations.retry()} skeleton="rows">
        {list =>
          list.length === 0 ? (
            <zx-empty-state message={t.noEvaluations} />
          ) : (
            <ul className="evaluation-list">
              {list.map(e => (
                <EvaluationRow key={e.id} course={course} evaluation={e} />
              ))}
            </ul>
          )
        }
      </LoadGate>
    </section>
  )
}

const STATUS_WORDS = { todo: 'statusTodo', in_progress: 'statusInProgress', submitted: 'statusSubmitted', graded: 'statusGraded' } as const

function EvaluationRow({ course, evaluation: e }: { course: CourseDetail; evaluation: EvaluationSummary }) {
  const t = useStore($evaluationMessages)
  const { locale } = usePhrasing()
  const status = e.myStatus ?? 'todo'
  const finished = status === 'submitted' || status === 'graded'
  const open = e.status === 'published'
  const action = finished ? t.viewResult : status === 'in_progress' ? t.resume : open ? t.start : t.closed
  return (
    <li className="evaluation-row" data-status={status} data-testid="evaluation-row">
      <div className="evaluation-main">
        <strong className="evaluation-title">{e.title}</strong>
        <span className="evaluation-meta">
          {t[KIND_WORDS[e.kind]]}
          {e.timeLimitMinutes ? ` · ${t.timeLimit({ minutes: e.timeLimitMinutes })}` : ''}
          {e.closesAt ? ` · ${t.closesAt({ time: new Date(e.closesAt).toLocaleString() })}` : ''}
          {finished && e.myScore !== null && e.myScore !== undefined ? ` · ${e.myScore}` : ''}
          {finished && e.mySubmittedAt ? ` · ${t.handedInAt({ time: formatDate(e.mySubmittedAt, locale) })}` : ''}
        </span>
      </div>
      <span className="chip" data-testid="evaluation-status">
        {finished && e.myAutoSubmitted ? t.statusAutoSubmitted : t[STATUS_WORDS[status]]}
      </span>
      {finished || open ? (
        <a className="button" href={`${detailHref(course, { tab: 'evaluations' })}&evaluationId=${encodeURIComponent(e.id)}`}>
          {action}
        </a>
      ) : (
        <span className="muted">{action}</span>
      )}
    </li>
  )
}

function OpenEvaluation({ course, evaluationId, summary }: { course: CourseDetail; evaluationId: string; summary?: EvaluationSummary }) {
  const t = useStore($evaluationMessages)
  const ready = useLazyElement('zx-evaluation-paper', () => import('../evaluation/define'))
  const finished = summary?.myStatus === 'submitted' || summary?.myStatus === 'graded'
  return (
    <section className="evaluation-open">
      <a className="back" href={detailHref(course, { tab: 'evaluations' })}>
        <Icon name="back" /> {t.backToList}
      </a>
      {ready ? (
        createElement(
          'zx-evaluation-paper',
          finished && summary?.mySubmissionId ? { 'submission-id': summary.mySubmissionId } : { 'evaluation-id': evaluationId },
        )
      ) : (
        <zx-skeleton variant="lines" count={5} />
      )}
    </section>
  )
}

export const courseEvaluationsCss = `
.evaluation-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.evaluation-row { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; padding: 12px; border: 1px solid var(--_border); border-radius: var(--_radius); }
.evaluation-main { flex: 1 1 200px; min-width: 0; display: grid; gap: 2px; }
.evaluation-title { overflow-wrap: anywhere; }
.evaluation-meta { color: var(--_text-muted); font-size: .88rem; }
.evaluation-row .chip { padding: 2px 10px; border-radius: 999px; background: var(--_bg-subtle); font-size: .85rem; white-space: nowrap; }
.evaluation-row[data-status='todo'] .chip { background: var(--_primary-soft); color: var(--_primary-strong); }
.evaluation-open .back { display: inline-flex; gap: 4px; align-items: center; margin-bottom: 8px; }
`

CourseEvaluations.styles = styles(courseEvaluationsCss)
