import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useState } from 'react'
import type { CourseDetail } from '../../api/courses'
import { isCancel } from '../../api/errors'
import { fetchCourseResources, type Resource } from '../../api/resources'
import { $coursesMessages } from '../../i18n'
import { formatBytes } from '../shared/format'
import { Icon } from '../shared/ui'
import { styles } from '../shared/styles'

/**
 * What teachers shared with the course from the resource library ("共享到课程"),
 * for everyone who reads the course: view (a signed link the server checks
 * for this course's readers) and download. Students see the panel only when
 * there is something in it; teachers also see how to add to it.
 */
export function CourseMaterials({ course }: { course: CourseDetail }) {
  const t = useStore($coursesMessages)
  const [items, setItems] = useState<Resource[] | null>(null)
  const [failed, setFailed] = useState(false)
  const teacher = course.role === 'teacher'

  const load = useCallback(() => {
    setFailed(false)
    const controller = new AbortController()
    fetchCourseResources(course.id, { signal: controller.signal }).then(setItems, error => {
      if (!isCancel(error)) setFailed(true)
    })
    return () => controller.abort()
  }, [course.id])
  useEffect(load, [load])

  if (!teacher && items?.length === 0) return null
  return (
    <section className="panel materials" data-testid="course-materials">
      <h2 className="panel-title">{t.courseMaterials}</h2>
      {teacher ? <p className="panel-hint">{t.courseMaterialsHint}</p> : null}
      {failed ? (
        <p role="alert">
          {t.materialsLoadFailed}{' '}
          <button type="button" className="button ghost" onClick={load}>
            {t.retryLoad}
          </button>
        </p>
      ) : items === null ? (
        <div className="skeleton-lines" aria-busy="true">
          <span />
          <span />
        </div>
      ) : items.length === 0 ? (
        <p className="muted">
          {t.noCourseMaterials} <a href="/course/resourceLibrary">{t.openResourceLibrary}</a>
        </p>
      ) : (
        <ul className="people">
          {items.map(item => (
            <li key={item.id} className="person" data-testid="course-material">
              <Icon name="paperclip" />
              <span className="person-name">{item.name}</span>
              <span className="muted">{formatBytes(item.size)}</span>
              <a className="button ghost" href={item.url} target="_blank" rel="noopener noreferrer" data-testid="material-view">
                {t.openMaterial}
              </a>
              <a className="button ghost material-download" href={item.downloadUrl} download={item.name} data-testid="material-download">
                <Icon name="download" /> {t.download}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export const courseMaterialsCss = `
.materials { margin-top: 16px; }
.materials .person .button { margin-left: 0; }
.materials .person .button:first-of-type { margin-left: auto; }
.skeleton-lines { display: flex; flex-direction: column; gap: 10px; }
.skeleton-lines span { display: block; height: 18px; border-radius: 6px; background: var(--_bg-subtle); animation: materials-pulse 1.2s ease-in-out infinite; }
@keyframes materials-pulse { 50% { opacity: 0.5; } }
`

CourseMaterials.styles = styles(courseMaterialsCss)
