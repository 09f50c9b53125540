import { useStore } from '@nanostores/react'
import type { CourseEvaluationResult } from '../../../api/evaluation'
import { $courseEvaluationMessages } from '../../../i18n'

type Figures = CourseEvaluationResult['figures']

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`)

/** The data a course evaluation starts from (server/modules/evaluation/course-figures.ts), as a row of figures. */
export function CourseFigures({ figures: f }: { figures: Figures }) {
  const t = useStore($courseEvaluationMessages)
  const items: Array<[string, string | number]> = [
    [t.figureLessons, f.lessons],
    [t.figureResources, f.resources],
    [t.figureStudents, f.students],
    [t.figureActive, f.activeStudents30d],
    [t.figureCompletion, percent(f.completionRate)],
    [t.figureAiQuestions, f.aiQuestions],
    [t.figureEvaluationAverage, percent(f.evaluationAverage)],
    [t.figureSurveys, f.surveyResponses],
    [t.figureSurveyRating, percent(f.surveyRating)],
  ]
  return (
    <dl className="ce-figures" data-testid="course-figures">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
