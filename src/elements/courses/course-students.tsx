import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import type { CourseDetail, CourseStudent } from '../../api/courses'
import { $coursesMessages } from '../../i18n'
import { courseStudents, removeStudent } from '../../stores/course-editor'
import { ConfirmDialog } from '../shared/ui'
import { Loading } from './loading'
import { usePhrasing } from '../shared/use-phrasing'
import { styles } from '../shared/styles'

/** Who takes the course, where they come from, and how far each has got. */
export function CourseStudents({ course }: { course: CourseDetail }) {
  const t = useStore($coursesMessages)
  const say = usePhrasing()
  const [students, setStudents] = useState<CourseStudent[] | null>(null)
  const [removing, setRemoving] = useState<CourseStudent | null>(null)

  const load = () => void courseStudents(course.id).then(setStudents, () => setStudents([]))
  useEffect(load, [course.id])

  const confirmRemove = async () => {
    if (!removing) return
    await removeStudent(course.id, removing.id).catch(() => null)
    setRemoving(null)
    load()
  }

  if (students === null) return <Loading />
  if (students.length === 0) return <zx-empty-state message={t.noStudents} />
  const total = course.lessonCount
  return (
    <div className="panel table-panel" data-testid="course-students">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t.studentName}</th>
            <th scope="col">{t.username}</th>
            <th scope="col">{t.viaClass}</th>
            <th scope="col">{t.progress}</th>
            {course.role === 'teacher' ? <th scope="col" /> : null}
          </tr>
        </thead>
        <tbody>
          {students.map(s => {
            const percent = total ? Math.round((s.completed / total) * 100) : 0
            return (
              <tr key={s.id}>
                <td>{s.name}</td>
                <td className="muted">{s.username}</td>
                <td>
                  {say.list(s.classes)}
                  {s.viaCode ? <span className="badge primary">{t.viaCode}</span> : null}
                </td>
                <td>
                  <div className="progress-cell">
                    <div className="bar">
                      <span style={{ width: `${percent}%` }} />
                    </div>
                    <span className="muted">{t.progressText({ completed: s.completed, total })}</span>
                  </div>
                </td>
                {course.role === 'teacher' ? (
                  <td className="right">
                    {s.viaCode && s.classes.length === 0 ? (
                      <button type="button" className="button ghost small" onClick={() => setRemoving(s)}>
                        {t.remove}
                      </button>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            )
          })}
        </tbody>
      </table>
      {removing ? (
        <ConfirmDialog
          heading={t.remove}
          message={t.removeStudentConfirm({ name: removing.name })}
          confirmLabel={t.remove}
          onConfirm={() => void confirmRemove()}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </div>
  )
}

export const courseStudentsCss = `
.table-panel { padding: 4px 0; overflow-x: auto; }
.table { width: 100%; border-collapse: collapse; font-size: 14px; }
.table th { text-align: left; font-weight: 600; color: var(--_text-muted); font-size: 12.5px; padding: 10px 16px; border-bottom: 1px solid var(--_border); white-space: nowrap; }
.table td { padding: 10px 16px; border-bottom: 1px solid var(--_border); vertical-align: middle; }
.table tr:last-child td { border-bottom: 0; }
.table .badge { margin-left: 6px; }
.right { text-align: right; }
.progress-cell { display: grid; grid-template-columns: minmax(80px, 160px) auto; gap: 10px; align-items: center; white-space: nowrap; }
`

CourseStudents.styles = styles(courseStudentsCss)
