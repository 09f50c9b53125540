import { hostOf, type ElementProps } from '../../shared/define-element'
import { usePlace } from '../../shared/place'
import { IndicatorEditor } from './indicator-editor'
import { CourseRanking } from './ranking'
import { CourseScoring } from './scoring'

/**
 * `<zx-course-evaluation view course-id>`: course evaluation for managers
 * (SPEC §2 menu 9). `view`: `ranking` (default; every published
 * course ranked, export), `indicators` (the indicator system) or `score`
 * with `course-id` (one course's scoring form). Moves are reported with
 * `zx:place-change`, so the host keeps them in the URL. The managers' course
 * list page (`<zx-course-showcase>`) shows it under its 评价排名 and 指标体系 tabs.
 */
export function CourseEvaluation({ container }: ElementProps) {
  const host = hostOf(container)
  const [view, setView] = usePlace(host, 'view')
  const [courseId, setCourseId] = usePlace(host, 'courseId')
  if (view === 'indicators') return <IndicatorEditor />
  if (view === 'score' && courseId) {
    return (
      <CourseScoring
        courseId={courseId}
        onBack={() => {
          setCourseId('')
          setView('ranking')
        }}
      />
    )
  }
  return (
    <CourseRanking
      onScore={id => {
        setCourseId(id)
        setView('score')
      }}
    />
  )
}
