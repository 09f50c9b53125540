import { useStore } from '@nanostores/react'
import { createElement, useEffect, useState } from 'react'
import { $courseEvaluationMessages, $coursesMessages, $menuMessages } from '../../i18n'
import { $courseList, loadCourseList } from '../../stores/courses'
import { useHostAttribute } from '../shared/host-hooks'
import { hostOf, type ElementProps } from '../shared/define-element'
import { LoadGate } from '../shared/load'
import { ClassManager } from './class-manager'
import { CourseCover } from './course-cover'
import { CourseStats } from './course-stats'
import { CourseFilters, type FilterValues } from './course-filters'
import { Icon, NavTabs } from '../shared/ui'
import { CLASSES_PATH, COURSE_LIST_PATH, detailHref } from '../shared/links'
import { useDebounced } from '../shared/use-debounced'
import { useLazyElement } from '../shared/use-lazy-element'
import { usePhrasing } from '../shared/use-phrasing'
import { CourseClasses } from './course-classes'
import { courseBaseCss } from './styles'
import { styles } from '../shared/styles'

/**
 * `<zx-course-showcase>`: the school's published courses, made to be put on
 * a screen: large covers, teachers, enrolment and the last week's activity.
 */
export function CourseShowcase({ container }: ElementProps) {
  const host = hostOf(container)
  const view = useHostAttribute(host, 'view')
  const classId = useHostAttribute(host, 'class-id') ?? ''
  const courseId = useHostAttribute(host, 'course-id') ?? ''
  // Managers read every class from the same page (/course/list?view=classes).
  if (view === 'classes') return <ClassManager host={host} classId={classId} side="manager" />
  // Menu 9 (课程评价) leads here: the ranking, the indicator system and scoring are this page's other tabs.
  if (view && EVALUATION_VIEWS.includes(view)) return <EvaluationTab view={view} courseId={courseId} />
  return <Showcase />
}

const EVALUATION_VIEWS = ['ranking', 'indicators', 'score']

/** 课程 · 评价排名 · 指标体系: links, so the URL (and Back) follow. */
function ShowcaseTabs({ current }: { current: 'courses' | 'ranking' | 'indicators' }) {
  const t = useStore($courseEvaluationMessages)
  const tabs = [
    ['courses', COURSE_LIST_PATH, t.tabCourses],
    ['ranking', `${COURSE_LIST_PATH}?view=ranking`, t.tabRanking],
    ['indicators', `${COURSE_LIST_PATH}?view=indicators`, t.tabIndicators],
  ] as const
  return <NavTabs tabs={tabs} current={current} className="showcase-tabs" testId="showcase-tabs" />
}

/** The managers' course evaluation (`<zx-course-evaluation>`, from the evaluation bundle, loaded when first opened). */
function EvaluationTab({ view, courseId }: { view: string; courseId: string }) {
  const menu = useStore($menuMessages)
  const ready = useLazyElement('zx-course-evaluation', () => import('../evaluation/define'))
  return (
    <div className="page showcase" data-testid="course-evaluation-page">
      <h1 className="page-title">{menu.courseEvaluation}</h1>
      <ShowcaseTabs current={view === 'indicators' ? 'indicators' : 'ranking'} />
      {ready ? createElement('zx-course-evaluation', { view, ...(courseId ? { 'course-id': courseId } : {}) }) : <zx-skeleton variant="rows" count={4} />}
    </div>
  )
}

function Showcase() {
  const t = useStore($coursesMessages)
  const say = usePhrasing()
  const menu = useStore($menuMessages)
  const list = useStore($courseList)
  const [filters, setFilters] = useState<FilterValues>({ keyword: '', category: '', term: '' })
  const { category, term } = filters
  const search = useDebounced(filters.keyword, 250)

  useEffect(() => {
    void loadCourseList({ keyword: search.trim() || undefined, category: category || undefined, term: term || undefined, pageSize: 100 })
  }, [search, category, term])

  const data = list.data
  const students = data?.items.reduce((n, c) => n + c.studentCount, 0) ?? 0

  return (
    <div className="page showcase" part="base" data-testid="course-showcase">
      <header className="hero" part="header">
        <div>
          {/* Managers reach it from the menu's 课程评价 entry: the page bears that name. */}
          <h1 className="hero-title">{menu.courseEvaluation}</h1>
          <p className="hero-hint">{t.showcaseHint}</p>
        </div>
        <a className="button" part="actions" href={CLASSES_PATH} data-testid="manage-classes">
          <Icon name="users" /> {t.manageClasses}
        </a>
        {data ? (
          <div className="hero-stats">
            <span>
              <strong>{data.total}</strong>
              {t.statusPublished}
            </span>
            <span>
              <strong>{students}</strong>
              {t.enrolled}
            </span>
          </div>
        ) : null}
      </header>
      <ShowcaseTabs current="courses" />
      <CourseFilters values={filters} onChange={setFilters} facets={data?.facets} />
      <LoadGate state={list} what={menu.courseEvaluation} onRetry={() => void $courseList.retry()} skeleton="cards">
        {data => (
          <>
            {data.items.length === 0 ? <zx-empty-state message={search || category || term ? t.noMatches : undefined} /> : null}
            <div className="show-grid" part="body">
              {data.items.map(course => (
                <article className="card show-card" key={course.id} data-testid="showcase-card">
                  <a className="card-link" href={detailHref(course.id)}>
                    <CourseCover course={course} />
                    <div className="card-body">
                      <h2 className="card-title">{course.title}</h2>
                      <div className="card-meta">
                        {course.category ? <span>{course.category}</span> : null}
                        {course.term ? <span>{course.term}</span> : null}
                      </div>
                      <div className="show-teachers">
                        <span className="muted">{t.teachersLabel}</span> {say.list(course.teachers.map(p => p.name))}
                      </div>
                      <CourseStats course={course} className="show-stats" />
                      <div className="card-foot">
                        <span>{t.activeWeek({ count: course.activity?.activeStudents7d ?? 0 })}</span>
                      </div>
                    </div>
                  </a>
                </article>
              ))}
            </div>
          </>
        )}
      </LoadGate>
    </div>
  )
}

export const courseShowcaseCss = `
.showcase { max-width: 1480px; }
.hero { display: flex; justify-content: space-between; align-items: flex-end; gap: 24px; flex-wrap: wrap; padding: 28px 32px; margin-bottom: 20px;
  border-radius: calc(var(--_radius) + 6px); color: #fff;
  background: radial-gradient(800px 300px at 0% 0%, rgba(255,255,255,0.22), transparent 60%), linear-gradient(120deg, #0ea5e9, #32c5ff 55%, #6366f1); }
.hero-title { margin: 0; font-size: 30px; font-weight: 800; letter-spacing: 0.04em; }
.hero-hint { margin: 6px 0 0; opacity: 0.9; }
.hero-stats { display: flex; gap: 28px; }
.hero-stats span { display: flex; flex-direction: column; font-size: 13px; opacity: 0.95; }
.hero-stats strong { font-size: 32px; line-height: 1.1; font-weight: 800; }
.showcase-tabs { margin: 0 0 16px; }
.page-title + .showcase-tabs { margin-top: 12px; }
.show-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(320px, 1fr)); gap: 22px; }
.show-card .card-title { font-size: 18px; }
.show-teachers { font-size: 13px; }
.show-stats { display: grid; grid-template-columns: repeat(3, 1fr); gap: 8px; margin: 4px 0 0; padding: 10px 0 0; border-top: 1px solid var(--_border); }
.show-stats div { text-align: center; }
.show-stats dt { font-size: 12px; color: var(--_text-muted); }
.show-stats dd { margin: 2px 0 0; font-size: 22px; font-weight: 700; color: var(--_primary-strong); }
zx-empty-state { display: block; background: var(--_bg-elevated); border: 1px solid var(--_border); border-radius: var(--_radius); }
@media (max-width: 640px) {
  .hero { padding: 20px; }
  .hero-title { font-size: 24px; }
  .show-grid { grid-template-columns: 1fr; }
}
`

CourseShowcase.styles = styles(courseBaseCss, courseShowcaseCss, CourseClasses, ClassManager)
