import { useStore } from '@nanostores/react'
import type { CourseEvaluationResult } from '../../../api/evaluation'
import { $courseEvaluationMessages } from '../../../i18n'
import { CourseFigures } from './figures'

/**
 * One course's evaluation, read only: the weighted total, each indicator's
 * score and comment, and the figures it was judged on. The course's teachers
 * see it on their course (the 课程评价 tab).
 */
export function CourseEvaluationCard({ result }: { result: CourseEvaluationResult }) {
  const t = useStore($courseEvaluationMessages)
  const scored = result.indicators.some(i => i.score !== null)
  return (
    <section className="ce-result" data-testid="course-evaluation-result">
      <div className="ce-total">
        {result.total !== null ? (
          <strong data-testid="result-total">{t.totalIs({ total: result.total })}</strong>
        ) : (
          <span className="ce-muted">{scored ? t.totalPending : t.resultNotYet}</span>
        )}
        <span className="ce-muted">{t.resultReadOnly}</span>
      </div>
      <ul className="ce-indicators">
        {result.indicators.map(i => (
          <li key={i.indicatorId} data-testid="result-indicator">
            <div className="ce-indicator-head">
              <strong>{i.name}</strong>
              <span className="ce-muted">{t.weightOf({ weight: i.weight })}</span>
              <span className="ce-score">{i.score === null ? t.notScored : i.score}</span>
            </div>
            {i.comment ? <p className="ce-comment">{i.comment}</p> : null}
          </li>
        ))}
      </ul>
      <h3 className="ce-subtitle">{t.figuresTitle}</h3>
      <CourseFigures figures={result.figures} />
    </section>
  )
}
