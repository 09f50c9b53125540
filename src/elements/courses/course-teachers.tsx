import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import type { CourseDetail } from '../../api/courses'
import { $coursesMessages } from '../../i18n'
import { $session } from '../../stores/auth'
import { saveTeachers, teacherOptions } from '../../stores/course-editor'
import { Icon } from '../shared/ui'
import { Select } from '../shared/select'
import { usePhrasing } from '../shared/use-phrasing'
import { styles } from '../shared/styles'

/** Co-teachers: they edit the course as its creator does. A teacher cannot remove themselves. */
export function CourseTeachers({ course }: { course: CourseDetail }) {
  const t = useStore($coursesMessages)
  const say = usePhrasing()
  const me = useStore($session)?.id
  const [options, setOptions] = useState<Array<{ id: string; name: string; username: string }>>([])
  const [pick, setPick] = useState('')
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    void teacherOptions().then(setOptions, () => setOptions([]))
  }, [])

  const ids = course.teachers.map(p => p.id)
  const save = async (next: string[]) => {
    setBusy(true)
    try {
      await saveTeachers(course.id, next)
      setPick('')
    } finally {
      setBusy(false)
    }
  }
  const addable = options.filter(o => !ids.includes(o.id))

  return (
    <section className="panel" data-testid="course-teachers">
      <h2 className="panel-title">
        <Icon name="users" /> {t.teachersLabel}
      </h2>
      <ul className="chips">
        {course.teachers.map(p => (
          <li key={p.id} className="chip">
            {p.name}
            {p.id !== me && ids.length > 1 ? (
              <button
                type="button"
                className="chip-remove"
                aria-label={`${t.remove} ${p.name}`}
                disabled={busy}
                onClick={() => void save(ids.filter(id => id !== p.id))}>
                <Icon name="close" size={14} />
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {addable.length ? (
        <div className="actions">
          <Select
            aria-label={t.addTeacher}
            value={pick}
            onChange={e => setPick(e.target.value)}
            none={t.addTeacher}
            options={addable.map(o => ({ value: o.id, label: say.withAside(o.name, o.username) }))}
          />
          <button type="button" className="button" disabled={!pick || busy} onClick={() => void save([...ids, pick])}>
            <Icon name="plus" /> {t.addTeacher}
          </button>
        </div>
      ) : null}
    </section>
  )
}

export const courseTeachersCss = `
.chips { list-style: none; margin: 8px 0 12px; padding: 0; display: flex; flex-wrap: wrap; gap: 8px; }
.chip { display: inline-flex; align-items: center; gap: 4px; height: 30px; padding: 0 6px 0 12px; border-radius: 15px; background: var(--_primary-soft); color: var(--_primary-strong); font-weight: 500; }
.chip:not(:has(button)) { padding-right: 12px; }
.chip-remove { display: inline-grid; place-items: center; width: 22px; height: 22px; padding: 0; border: 0; border-radius: 50%; background: none; color: inherit; cursor: pointer; }
.chip-remove:hover { background: rgba(15, 23, 42, 0.08); }
`

CourseTeachers.styles = styles(courseTeachersCss)
