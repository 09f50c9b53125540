import { useStore } from '@nanostores/react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { deleteCourse, setCourseStatus, type CourseDetail as Detail, type CourseStatus } from '../../api/courses'
import { isNotFound } from '../../api/errors'
import { $areaMessages, $courseEvaluationMessages, $coursesMessages } from '../../i18n'
import { $course, leaveJoinedCourse, loadCourse, showCourse } from '../../stores/courses'
import { useHostAttribute } from '../shared/host-hooks'
import { ConfirmDialog, Icon, NavTabs } from '../shared/ui'
import { hostOf, type ElementProps } from '../shared/define-element'
import { LoadFailure } from '../shared/load'
import { CourseClasses } from './course-classes'
import { CourseCover } from './course-cover'
import { CourseEvaluations } from './course-evaluations'
import { CourseMaterials } from './course-materials'
import { CourseRating } from './course-rating'
import { CourseSettings } from './course-settings'
import { CourseStats } from './course-stats'
import { CourseStudents } from './course-students'
import { JoinCourseDialog } from './join-course-dialog'
import { useClientType } from '../shared/use-client-type'
import { LessonReader } from './lesson-reader'
import { COURSE_LIST_PATH, detailHref, go } from '../shared/links'
import { OutlineEditor } from './outline-editor'
import { OutlineView } from './outline-view'
import { StartLive } from './start-live'
import { StatusBadge } from './status-badge'
import { Loading } from './loading'
import { usePhrasing } from '../shared/use-phrasing'
import { LessonEditor } from './lesson-editor'
import { CourseTeachers } from './course-teachers'
import { ClassManager } from './class-manager'
import { courseEvaluationCss } from '../shared/course-eval/styles'
import { checkListCss } from '../shared/ui'
import { courseBaseCss } from './styles'
import { styles } from '../shared/styles'

// The board pulls in the chart library: loaded only when its tab opens.
const BoardTab = lazy(() => import('./board/board-tab'))

/**
 * `<zx-course-detail course-id lesson-id tab view>`: one course. Without
 * lesson-id: its header and tabs (outline, settings, classes and join code,
 * students, board, the managers' rating (课程评价, read only); students: outline and their evaluations; what shows
 * depends on the caller's role). With lesson-id:
 * the lesson with the outline and the course AI beside it; view="teach" is
 * the teacher's full-screen projector view. Attributes follow the URL
 * (/course/detail?courseId=…&lessonId=…&tab=…&view=…).
 */
export type CourseDetailProps = ElementProps

type Tab = 'outline' | 'settings' | 'classes' | 'students' | 'board' | 'evaluations' | 'rating'

function tabsFor(course: Detail): Tab[] {
  if (course.role === 'teacher') return ['outline', 'settings', 'classes', 'students', 'board', 'rating']
  if (course.role === 'manager') return ['outline', 'students', 'board']
  return ['outline', 'evaluations']
}

export function CourseDetail({ container }: CourseDetailProps) {
  const host = hostOf(container)
  const courseId = useHostAttribute(host, 'course-id') ?? ''
  const lessonId = useHostAttribute(host, 'lesson-id') ?? ''
  const tabAttr = useHostAttribute(host, 'tab') ?? ''
  const view = useHostAttribute(host, 'view') ?? ''
  const evaluationId = useHostAttribute(host, 'evaluation-id') ?? ''
  const t = useStore($coursesMessages)
  const rating = useStore($courseEvaluationMessages)
  const areas = useStore($areaMessages)
  const state = useStore($course)

  useEffect(() => {
    if (courseId) void loadCourse(courseId)
  }, [courseId])

  const course = state.data?.id === courseId ? state.data : null
  if (!course) {
    // A course that is gone (or not yours) is "not found"; a failure worth retrying says so, with a retry.
    if (state.failed && !isNotFound(state.error))
      return <LoadFailure part="base" error={state.error} what={areas.courseDetail} onRetry={() => void loadCourse(courseId)} />
    if (state.failed || !courseId) return <CourseMissing host={host} />
    return <Loading part="base" />
  }

  if (lessonId) return <LessonReader course={course} lessonId={lessonId} teach={view === 'teach' && course.role === 'teacher'} host={host} />

  const tabs = tabsFor(course)
  const tab = (tabs as string[]).includes(tabAttr) ? (tabAttr as Tab) : 'outline'
  const labels: Record<Tab, string> = {
    outline: t.tabOutline,
    settings: t.tabSettings,
    classes: t.tabClasses,
    students: t.tabStudents,
    board: t.tabBoard,
    evaluations: t.tabEvaluations,
    rating: rating.resultTitle,
  }

  // A paper being answered is the first thing on the page (a phone shows it, not the course's cover and tabs).
  if (tab === 'evaluations' && evaluationId)
    return (
      <div className="page detail" part="base" data-testid="course-detail" data-role={course.role}>
        <CourseEvaluations course={course} evaluationId={evaluationId} />
      </div>
    )

  return (
    <div className="page detail" part="base" data-testid="course-detail" data-role={course.role}>
      <a className="back" href={COURSE_LIST_PATH}>
        <Icon name="back" /> {t.backToCourses}
      </a>
      <CourseHeader course={course} host={host} />
      {tabs.length > 1 ? (
        <NavTabs
          tabs={tabs.map(name => [name, detailHref(course, { tab: name === 'outline' ? undefined : name }), labels[name]] as const)}
          current={tab}
          label={course.title}
        />
      ) : null}
      <section className="tab-body" part="body">
        {tab === 'outline' ? course.role === 'teacher' ? <OutlineEditor course={course} /> : <OutlineView course={course} /> : null}
        {tab === 'outline' ? <CourseMaterials course={course} /> : null}
        {tab === 'settings' ? <CourseSettings course={course} /> : null}
        {tab === 'classes' ? <CourseClasses course={course} /> : null}
        {tab === 'students' ? <CourseStudents course={course} /> : null}
        {tab === 'evaluations' ? <CourseEvaluations course={course} evaluationId={evaluationId} /> : null}
        {tab === 'rating' ? <CourseRating course={course} /> : null}
        {tab === 'board' ? (
          <Suspense fallback={<div className="loading">{t.loadingChart}</div>}>
            <BoardTab courseId={course.id} teacher={course.role === 'teacher'} />
          </Suspense>
        ) : null}
      </section>
    </div>
  )
}

/**
 * A course the caller may not open (the server never says whether it
 * exists). A student arriving from a link (the portal's "查看课程") is told
 * how to get in: the teacher's join code, typed right here.
 */
function CourseMissing({ host }: { host: HTMLElement | undefined }) {
  const t = useStore($coursesMessages)
  const student = useClientType(undefined) === '3'
  const [joining, setJoining] = useState(false)
  return (
    <div className="page" part="base" data-testid="course-missing">
      <zx-empty-state message={student ? t.courseNotOpenToStudent : t.courseNotFound} />
      <p className="center actions" part="actions">
        {student ? (
          <button type="button" className="button primary" onClick={() => setJoining(true)} data-testid="join-course">
            {t.joinCourse}
          </button>
        ) : null}
        <a className="button" href={COURSE_LIST_PATH}>
          {t.backToCourses}
        </a>
      </p>
      {joining ? <JoinCourseDialog onClose={() => setJoining(false)} onJoined={() => go(host, COURSE_LIST_PATH)} /> : null}
    </div>
  )
}

/** Cover, title, who teaches it, and the teacher's status actions. */
function CourseHeader({ course, host }: { course: Detail; host: HTMLElement | undefined }) {
  const t = useStore($coursesMessages)
  const say = usePhrasing()
  const [confirm, setConfirm] = useState<CourseStatus | 'delete' | 'leave' | null>(null)
  const [busy, setBusy] = useState(false)
  const firstLesson = course.chapters.flatMap(c => c.lessons)[0]

  const change = async (status: CourseStatus) => {
    setBusy(true)
    try {
      showCourse(await setCourseStatus(course.id, status))
    } finally {
      setBusy(false)
      setConfirm(null)
    }
  }
  const leave = async () => {
    setBusy(true)
    try {
      await leaveJoinedCourse(course.id)
      go(host, COURSE_LIST_PATH)
    } finally {
      setBusy(false)
      setConfirm(null)
    }
  }
  const remove = async () => {
    setBusy(true)
    try {
      await deleteCourse(course.id)
      go(host, COURSE_LIST_PATH)
    } finally {
      setBusy(false)
      setConfirm(null)
    }
  }

  return (
    <header className="course-head" part="header">
      <div className="head-cover">
        <CourseCover course={course} />
      </div>
      <div className="head-main">
        <div className="head-title-row">
          <h1 className="head-title">{course.title}</h1>
          {course.role === 'teacher' ? <StatusBadge status={course.status} inline /> : null}
        </div>
        <div className="card-meta">
          {course.category ? <span>{course.category}</span> : null}
          {course.term ? <span>{course.term}</span> : null}
          <span>{say.labelled(t.teachersLabel, say.list(course.teachers.map(p => p.name)))}</span>
          <span>{t.lessonsTotal({ count: course.lessonCount })}</span>
          {course.role !== 'student' ? <span>{t.studentsCount({ count: course.studentCount })}</span> : null}
        </div>
        {course.description ? <p className="head-desc">{course.description}</p> : null}
        {course.role === 'manager' ? <CourseStats course={course} className="head-stats" withActive /> : null}
        {course.progress ? (
          <div className="head-progress">
            <div className="bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={course.progress.percent} aria-label={t.progress}>
              <span style={{ width: `${course.progress.percent}%` }} />
            </div>
            <span data-testid="detail-progress">{t.progressText({ completed: course.progress.completed, total: course.progress.total })}</span>
          </div>
        ) : null}
        <div className="actions head-actions" part="actions">
          {course.role === 'student' && firstLesson ? (
            <a className="button primary" href={detailHref(course, { lessonId: course.progress?.lastLessonId ?? firstLesson.id })}>
              {course.progress?.opened ? t.continueLearning : t.startLearning}
            </a>
          ) : null}
          {course.joinedByCode ? (
            <button type="button" className="button ghost" disabled={busy} onClick={() => setConfirm('leave')} data-testid="leave-course">
              {t.leaveCourse}
            </button>
          ) : null}
          {course.role === 'teacher' ? (
            <>
              {course.status !== 'published' ? (
                <button type="button" className="button primary" disabled={busy} onClick={() => setConfirm('published')} data-testid="publish">
                  {course.status === 'archived' ? t.republish : t.publish}
                </button>
              ) : (
                <button type="button" className="button" disabled={busy} onClick={() => setConfirm('archived')} data-testid="archive">
                  {t.archive}
                </button>
              )}
              {course.status === 'published' ? (
                <button type="button" className="button ghost" disabled={busy} onClick={() => void change('draft')}>
                  {t.unpublish}
                </button>
              ) : null}
              {firstLesson ? (
                <a className="button" href={detailHref(course, { lessonId: firstLesson.id, view: 'teach' })} data-testid="teach-view">
                  <Icon name="screen" /> {t.teachView}
                </a>
              ) : null}
              {course.status === 'published' ? <StartLive courseId={course.id} host={host} /> : null}
              {course.status !== 'published' ? (
                <button type="button" className="button ghost danger-text" disabled={busy} onClick={() => setConfirm('delete')}>
                  <Icon name="trash" /> {t.deleteCourse}
                </button>
              ) : null}
            </>
          ) : null}
        </div>
      </div>
      {confirm === 'published' || confirm === 'archived' ? (
        <ConfirmDialog
          heading={confirm === 'published' ? t.publish : t.archive}
          message={confirm === 'published' ? t.publishConfirm : t.archiveConfirm}
          confirmLabel={confirm === 'published' ? t.publish : t.archive}
          onConfirm={() => void change(confirm)}
          onCancel={() => setConfirm(null)}
        />
      ) : null}
      {confirm === 'leave' ? (
        <ConfirmDialog
          heading={t.leaveCourse}
          message={t.leaveCourseConfirm({ title: course.title })}
          confirmLabel={t.leaveCourse}
          onConfirm={() => void leave()}
          onCancel={() => setConfirm(null)}
        />
      ) : null}
      {confirm === 'delete' ? (
        <ConfirmDialog
          heading={t.deleteCourse}
          message={t.deleteCourseConfirm({ title: course.title })}
          confirmLabel={t.delete}
          onConfirm={() => void remove()}
          onCancel={() => setConfirm(null)}
        />
      ) : null}
    </header>
  )
}

export const courseDetailCss = `
.detail { display: flex; flex-direction: column; gap: 16px; }
.center { text-align: center; margin-top: 16px; }
.back { display: inline-flex; align-items: center; gap: 4px; color: var(--_text-muted); font-weight: 500; width: fit-content; }
.back:hover { color: var(--_text); }
.course-head { display: grid; grid-template-columns: minmax(220px, 320px) 1fr; gap: 24px; padding: 20px; background: var(--_bg-elevated);
  border: 1px solid var(--_border); border-radius: var(--_radius); }
.head-cover .cover { border-radius: var(--_radius-small); }
.head-main { display: flex; flex-direction: column; gap: 10px; min-width: 0; }
.head-title-row { display: flex; align-items: center; gap: 10px; flex-wrap: wrap; }
.head-title { margin: 0; font-size: 24px; font-weight: 700; line-height: 1.3; }
.head-desc { margin: 0; color: var(--_text-muted); white-space: pre-line; }
.head-progress { display: grid; grid-template-columns: minmax(120px, 280px) auto; align-items: center; gap: 10px; font-size: 13px; color: var(--_text-muted); }
.head-actions { margin-top: auto; }
.danger-text { color: var(--_danger); }
/* the manager's detail is full-screen, made to be projected: room around it, large type and figures */
.detail[data-role='manager'] { max-width: 1480px; padding: 28px 40px 40px; }
.detail[data-role='manager'] .head-title { font-size: 34px; }
.detail[data-role='manager'] .outline-lesson { font-size: 16px; }
.head-stats { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 12px; margin: 4px 0 0; }
.head-stats div { padding: 10px 14px; border-radius: var(--_radius-small); background: var(--_bg-subtle); }
.head-stats dt { font-size: 13px; color: var(--_text-muted); }
.head-stats dd { margin: 2px 0 0; font-size: 30px; font-weight: 800; line-height: 1.2; color: var(--_primary-strong); }
@media (max-width: 760px) {
  .course-head { grid-template-columns: 1fr; padding: 14px; gap: 14px; }
  .detail[data-role='manager'] { padding: 16px; }
  .head-stats { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  .head-title { font-size: 20px; }
}
`

CourseDetail.styles = styles(
  courseBaseCss,
  checkListCss,
  courseDetailCss,
  OutlineView,
  OutlineEditor,
  LessonEditor,
  LessonReader,
  CourseSettings,
  CourseClasses,
  CourseMaterials,
  ClassManager,
  CourseStudents,
  CourseTeachers,
  CourseEvaluations,
  courseEvaluationCss,
)
