import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { listCourses, type CourseCard } from '../../../api/courses'
import { $evaluationMessages } from '../../../i18n'
import { loadable } from '../../../stores/loadable'
import { LoadGate } from '../../shared/load'
import { COURSE_LIST_PATH } from '../../shared/links'
import { Select } from '../../shared/select'

/** The courses the signed-in teacher (or manager) sees; the chosen one lives in the URL as `?courseId=`. */
export const $managedCourses = loadable(signal => listCourses({ pageSize: 100 }, { signal, quiet: true }).then(list => list.items))

export function CoursePicker({ courseId, onPick }: { courseId: string; onPick: (course: CourseCard | undefined) => void }) {
  const t = useStore($evaluationMessages)
  const state = useStore($managedCourses)
  useEffect(() => {
    if (state.status === 'idle') void $managedCourses.load()
  }, [state.status])
  useEffect(() => {
    // The URL names no course (or one no longer listed): open the first, so the page is never empty for no reason.
    if (state.status === 'ready' && !state.data.some(c => c.id === courseId) && state.data[0]) onPick(state.data[0])
  }, [state.status, state.data, courseId, onPick])
  return (
    <LoadGate state={state} what={t.coursesWhat} onRetry={() => void $managedCourses.retry()} skeleton="lines" count={1}>
      {courses =>
        courses.length === 0 ? (
          <div className="no-courses">
            <zx-empty-state message={t.noCourses} />
            {/* A new teacher's first visit: say where a course is made, rather than leave a dead end. */}
            <a className="button" href={COURSE_LIST_PATH} data-testid="create-course-first">
              {t.createCourseFirst}
            </a>
          </div>
        ) : (
          <label className="course-picker">
            <span>{t.course}</span>
            <Select
              value={courseId}
              data-testid="course-picker"
              onChange={event => onPick(courses.find(c => c.id === event.currentTarget.value))}
              options={courses.map(c => ({ value: c.id, label: c.title }))}
            />
          </label>
        )
      }
    </LoadGate>
  )
}
