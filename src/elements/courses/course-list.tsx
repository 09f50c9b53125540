import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import type { CourseStatus } from '../../api/courses'
import { $coursesMessages, $liveMessages } from '../../i18n'
import { $courseList, loadCourseList } from '../../stores/courses'
import { hostOf, type ElementProps } from '../shared/define-element'
import { useHostAttribute } from '../shared/host-hooks'
import { useClientType } from '../shared/use-client-type'
import { ClassManager } from './class-manager'
import { CourseDetail } from './course-detail'
import { CourseCard } from './course-card'
import { CreateCourseDialog } from './create-course-dialog'
import { CourseFilters, type FilterValues } from './course-filters'
import { Icon } from '../shared/ui'
import { JoinCourseDialog } from './join-course-dialog'
import { CLASSES_PATH, LIVE_JOIN_PATH } from '../shared/links'
import { useDebounced } from '../shared/use-debounced'
import { LoadGate } from '../shared/load'
import { Select } from '../shared/select'
import { styles } from '../shared/styles'

/**
 * `<zx-course-list>`: a teacher's courses (search, status, major and term
 * filters, create) or a student's courses with progress (join by code).
 * Attributes: client-type ('1' teacher, '3' student; default: the session's);
 * course-id (and lesson-id): show that course instead, as `<zx-course-detail>`
 * does (the student's way into a course).
 */
export interface CourseListProps extends ElementProps {
  clientType?: string
}

const PAGE_SIZE = 24

export function CourseList(props: CourseListProps) {
  const host = hostOf(props.container)
  const courseId = useHostAttribute(host, 'course-id')
  const view = useHostAttribute(host, 'view')
  const classId = useHostAttribute(host, 'class-id') ?? ''
  const side = useClientType(props.clientType)
  // Students open a course inside their list page (their side has no detail route).
  if (courseId) return <CourseDetail container={props.container} />
  if (view === 'classes' && side !== '3') return <ClassManager host={host} classId={classId} side={side === '2' ? 'manager' : 'teacher'} />
  return <CourseGrid {...props} />
}

function CourseGrid({ clientType, container }: CourseListProps) {
  const t = useStore($coursesMessages)
  const live = useStore($liveMessages)
  const side = useClientType(clientType) === '3' ? 'student' : 'teacher'
  const list = useStore($courseList)
  const [filters, setFilters] = useState<FilterValues>({ keyword: '', category: '', term: '' })
  const [status, setStatus] = useState<CourseStatus | ''>('')
  const { category, term } = filters
  const [pages, setPages] = useState(1)
  const [dialog, setDialog] = useState<'create' | 'join' | null>(null)
  const search = useDebounced(filters.keyword, 250)

  useEffect(() => {
    void loadCourseList({
      keyword: search.trim() || undefined,
      status: status || undefined,
      category: category || undefined,
      term: term || undefined,
      pageSize: PAGE_SIZE * pages,
    })
  }, [search, status, category, term, pages])

  const data = list.data
  const filtered = !!(search.trim() || status || category || term)
  const empty = side === 'teacher' ? t.noCourses : t.noStudentCourses

  return (
    <div className="page" part="base" data-testid="course-list" data-side={side}>
      <header className="page-head" part="header">
        <div>
          <h1 className="page-title">{t.myCourses}</h1>
          <p className="page-hint">{side === 'teacher' ? t.myCoursesHint : t.studentCoursesHint}</p>
        </div>
        {side === 'teacher' ? (
          <div className="actions" part="actions">
            <a className="button" href={CLASSES_PATH} data-testid="manage-classes">
              <Icon name="users" /> {t.manageClasses}
            </a>
            <button type="button" className="button primary" onClick={() => setDialog('create')} data-testid="new-course">
              <Icon name="plus" /> {t.newCourse}
            </button>
          </div>
        ) : (
          <div className="actions" part="actions">
            <a className="button" href={LIVE_JOIN_PATH} data-testid="join-live">
              {live.joinLive}
            </a>
            <button type="button" className="button primary" onClick={() => setDialog('join')} data-testid="join-course">
              <Icon name="key" /> {t.joinCourse}
            </button>
          </div>
        )}
      </header>

      <CourseFilters values={filters} onChange={setFilters} facets={data?.facets}>
        {side === 'teacher' ? (
          <Select aria-label={t.allStatuses} value={status} onChange={e => setStatus(e.target.value as CourseStatus | '')}>
            <option value="">{t.allStatuses}</option>
            <option value="draft">{t.statusDraft}</option>
            <option value="published">{t.statusPublished}</option>
            <option value="archived">{t.statusArchived}</option>
          </Select>
        ) : null}
      </CourseFilters>

      <LoadGate state={list} what={t.myCourses} onRetry={() => void $courseList.retry()} skeleton="cards">
        {data => (
          <>
            {data.items.length === 0 ? <zx-empty-state part="body" message={filtered ? t.noMatches : empty} /> : null}
            {data.items.length > 0 ? (
              <div className="grid" part="body" aria-busy={list.status === 'loading' || undefined}>
                {data.items.map(course => (
                  <CourseCard key={course.id} course={course} side={side} />
                ))}
              </div>
            ) : null}
            {data.total > data.items.length ? (
              <div className="more">
                <button type="button" className="button" onClick={() => setPages(p => p + 1)}>
                  {t.loadMore}
                </button>
              </div>
            ) : null}
          </>
        )}
      </LoadGate>

      {dialog === 'create' ? <CreateCourseDialog host={hostOf(container)} onClose={() => setDialog(null)} /> : null}
      {dialog === 'join' ? (
        <JoinCourseDialog
          onClose={() => setDialog(null)}
          onJoined={() => {
            setDialog(null)
            void loadCourseList({ pageSize: PAGE_SIZE * pages })
          }}
        />
      ) : null}
    </div>
  )
}

export const courseListCss = `
:host { padding: 0; }
zx-empty-state { display: block; background: var(--_bg-elevated); border: 1px solid var(--_border); border-radius: var(--_radius); }
`

// The list also shows a course (students open courses inside their list page).
CourseList.styles = styles(CourseDetail, CourseCard, courseListCss)
