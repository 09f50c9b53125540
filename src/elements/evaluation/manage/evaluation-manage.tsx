import { useStore } from '@nanostores/react'
import { useCallback } from 'react'
import type { CourseCard } from '../../../api/courses'
import { $evaluationMessages } from '../../../i18n'
import { useClientType } from '../../shared/use-client-type'
import { hostOf, type ElementProps } from '../../shared/define-element'
import { usePlace } from '../../shared/place'
import { TabBar } from '../../shared/ui'
import { AnalysisView } from './analysis-view'
import { BankView, type BankPanel } from './bank-view'
import { EvaluationBuilder } from './builder'
import { $managedCourses, CoursePicker } from './course-picker'
import { EvaluationList } from './evaluation-list'
import { GradingQueue } from './grading-queue'
import { QuestionGrading } from './question-grading'
import { SubmissionGrading } from './submission-grading'

/**
 * `<zx-evaluation client-type course-id evaluation-id view submission-id question-id>` on
 * /course/evaluation: teachers pick one of their courses and
 * manage its evaluations (list, build, publish, close, release); managers
 * (client type 2) read the school's evaluations course by course. Where the
 * teacher is (course, evaluation, `view=build`) is kept in the URL through
 * `zx:place-change`, so Reload and Back return to it. Teachers switch between
 * the course's evaluations and its question bank (`view=bank`, with its
 * panels `bank-import` and `bank-write`) with the tabs under the heading.
 */
export interface EvaluationManageProps extends ElementProps {
  clientType?: string
}

export function EvaluationManage({ container, clientType }: EvaluationManageProps) {
  const t = useStore($evaluationMessages)
  const host = hostOf(container)
  const side = useClientType(clientType)
  const [courseId, setCourseId] = usePlace(host, 'courseId')
  const [evaluationId, setEvaluationId] = usePlace(host, 'evaluationId')
  const [view, setView] = usePlace(host, 'view')
  const [submissionId, setSubmissionId] = usePlace(host, 'submissionId')
  const [questionId, setQuestionId] = usePlace(host, 'questionId')
  const courses = useStore($managedCourses)
  const course = courses.data?.find(c => c.id === courseId)
  const teacher = side === '1'

  const pick = useCallback(
    (next: CourseCard | undefined) => {
      setCourseId(next?.id ?? '', { replace: !courseId })
      setEvaluationId('')
      setView('')
      setSubmissionId('')
    },
    [courseId, setCourseId, setEvaluationId, setView, setSubmissionId],
  )
  const backToList = () => {
    setView('')
    setSubmissionId('')
    setQuestionId('')
    setEvaluationId('')
  }

  const bankPanel: BankPanel | null = !teacher ? null : view === 'bank' ? 'list' : view === 'bank-import' ? 'import' : view === 'bank-write' ? 'write' : null
  const openTab = (tab: 'evaluations' | 'bank') => {
    setSubmissionId('')
    setEvaluationId('')
    setView(tab === 'bank' ? 'bank' : '')
  }

  return (
    <div className="manage" part="base" data-side={side}>
      <header className="manage-head" part="header">
        <h1>{t.manageTitle}</h1>
        <CoursePicker courseId={courseId} onPick={pick} />
      </header>
      {teacher && courseId ? (
        <TabBar
          tabs={{ evaluations: t.tabEvaluations, bank: t.tabBank }}
          active={bankPanel === null ? 'evaluations' : 'bank'}
          onSelect={openTab}
          label={t.manageTitle}
          testIdPrefix="tab-"
        />
      ) : null}
      {!courseId ? null : bankPanel ? (
        <BankView courseId={courseId} panel={bankPanel} onPanel={panel => setView(panel === 'list' ? 'bank' : `bank-${panel}`)} />
      ) : view === 'analysis' && evaluationId ? (
        <AnalysisView evaluationId={evaluationId} onBack={backToList} />
      ) : teacher && view === 'grade' && evaluationId && questionId ? (
        <QuestionGrading evaluationId={evaluationId} questionId={questionId} onBack={() => setQuestionId('')} />
      ) : teacher && view === 'grade' && evaluationId && submissionId ? (
        <SubmissionGrading submissionId={submissionId} onBack={() => setSubmissionId('')} />
      ) : teacher && view === 'grade' && evaluationId ? (
        <GradingQueue evaluationId={evaluationId} onOpen={setSubmissionId} onGradeQuestion={setQuestionId} onBack={backToList} />
      ) : teacher && view === 'build' ? (
        <EvaluationBuilder
          courseId={courseId}
          classes={course?.classes ?? []}
          evaluationId={evaluationId}
          onSaved={id => setEvaluationId(id, { replace: true })}
          onDone={backToList}
        />
      ) : (
        <EvaluationList
          courseId={courseId}
          canEdit={teacher}
          classes={course?.classes ?? []}
          onCreate={() => {
            setEvaluationId('')
            setView('build')
          }}
          onEdit={id => {
            setEvaluationId(id)
            setView('build')
          }}
          onAnalyse={id => {
            setEvaluationId(id)
            setView('analysis')
          }}
          onGrade={id => {
            setEvaluationId(id)
            setView('grade')
          }}
        />
      )}
    </div>
  )
}
