import { useStore } from '@nanostores/react'
import type { CourseDetail } from '../../api/courses'
import { fetchCourseEvaluation } from '../../api/evaluation'
import { $courseEvaluationMessages } from '../../i18n'
import { CourseEvaluationCard } from '../shared/course-eval/result'
import { LoadGate, useLoadable } from '../shared/load'

/**
 * The teacher's 课程评价 tab: how the school's managers scored this course
 * on the indicator system (GET /course/course-evaluation/courses/{id}), read only.
 */
export function CourseRating({ course }: { course: CourseDetail }) {
  const t = useStore($courseEvaluationMessages)
  const [state, store] = useLoadable(signal => fetchCourseEvaluation(course.id, { signal, quiet: true }), [course.id])
  return (
    <section className="ce" data-testid="course-rating">
      <h2 className="section-title">{t.resultTitle}</h2>
      <LoadGate state={state} what={t.resultWhat} onRetry={() => void store.retry()} skeleton="lines">
        {result => <CourseEvaluationCard result={result} />}
      </LoadGate>
    </section>
  )
}
