import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import type { ClassOption, CourseDetail } from '../../api/courses'
import { $coursesMessages } from '../../i18n'
import { changeCode, classOptions, saveClasses } from '../../stores/course-editor'
import { showToast } from '../../stores/toasts'
import { ClassSummary } from './class-summary'
import { Icon } from '../shared/ui'
import { JoinCodePanel } from './join-code-panel'
import { CLASSES_PATH } from '../shared/links'
import { Loading } from './loading'
import { styles } from '../shared/styles'

const CLASS_FILTER_ABOVE = 12

/** The classes a course is taught to, and the join code for everyone else. */
export function CourseClasses({ course }: { course: CourseDetail }) {
  const t = useStore($coursesMessages)
  const [classes, setClasses] = useState<ClassOption[] | null>(null)
  const [picked, setPicked] = useState<string[]>(course.classes.map(c => c.id))
  const [busy, setBusy] = useState(false)
  const [filter, setFilter] = useState('')

  useEffect(() => {
    void classOptions().then(setClasses, () => setClasses([]))
  }, [])

  // A school has many classes: past a screenful, a filter (picked ones always stay in view).
  const word = filter.trim().toLowerCase()
  const shown = classes?.filter(c => !word || picked.includes(c.id) || c.name.toLowerCase().includes(word) || c.term.toLowerCase().includes(word))

  const changed =
    picked.slice().sort().join() !==
    course.classes
      .map(c => c.id)
      .sort()
      .join()
  const save = async () => {
    setBusy(true)
    try {
      await saveClasses(course.id, picked)
      showToast('success', t.saved)
    } finally {
      setBusy(false)
    }
  }
  const code = async (action: 'regenerate' | 'disable') => {
    setBusy(true)
    try {
      await changeCode(course.id, action)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="classes-tab">
      <section className="panel" data-testid="course-classes">
        <div className="panel-head">
          <h2 className="panel-title">{t.classesTitle}</h2>
          <a className="button ghost" href={CLASSES_PATH} data-testid="manage-classes">
            {t.manageClasses}
          </a>
        </div>
        <p className="panel-hint">{t.classesHint}</p>
        {classes === null ? <Loading /> : null}
        {classes?.length === 0 ? <p className="muted">{t.noClasses}</p> : null}
        {classes && classes.length > CLASS_FILTER_ABOVE ? (
          <label className="search class-filter">
            <Icon name="search" />
            <span className="visually-hidden">{t.filterClasses}</span>
            <input className="input" type="search" value={filter} placeholder={t.filterClasses} onChange={e => setFilter(e.target.value)} />
          </label>
        ) : null}
        <div className="class-grid">
          {shown?.map(c => (
            <label key={c.id} className="class-option" data-checked={picked.includes(c.id) || undefined}>
              <input
                type="checkbox"
                checked={picked.includes(c.id)}
                onChange={e => setPicked(ids => (e.target.checked ? [...ids, c.id] : ids.filter(id => id !== c.id)))}
              />
              <ClassSummary option={c} mine={c.mine} />
            </label>
          ))}
        </div>
        {classes?.length ? (
          <div className="actions panel-actions">
            <button type="button" className="button primary" disabled={busy || !changed} onClick={() => void save()} data-testid="save-classes">
              {t.saveClasses}
            </button>
          </div>
        ) : null}
      </section>
      <JoinCodePanel code={course.joinCode} intro={t.joinCodeIntro} busy={busy} onChange={action => void code(action)} />
    </div>
  )
}

export const courseClassesCss = `
.classes-tab { display: flex; flex-direction: column; gap: 16px; }
.classes-tab .panel + .panel { margin-top: 0; }
.panel-head { display: flex; align-items: center; justify-content: space-between; gap: 12px; flex-wrap: wrap; }
.class-filter { display: block; margin-bottom: 12px; }
.class-grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 10px; }
.class-option { display: flex; gap: 10px; align-items: flex-start; padding: 12px; border-radius: var(--_radius-small); border: 1px solid var(--_border); cursor: pointer; }
.class-option[data-checked] { border-color: var(--_primary); background: var(--_primary-soft); }
.class-option input { margin-top: 3px; }
.class-text { display: flex; flex-direction: column; gap: 2px; min-width: 0; }
.class-name { font-weight: 600; display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
.class-meta { font-size: 12.5px; }
.panel-actions { margin-top: 14px; }
.code-row { display: flex; align-items: center; gap: 16px; flex-wrap: wrap; }
.join-code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 30px; font-weight: 700; letter-spacing: 0.22em;
  padding: 6px calc(16px - 0.22em) 6px 16px; border-radius: var(--_radius-small); background: var(--_bg-subtle); border: 1px dashed var(--_border); }
`

CourseClasses.styles = styles(courseClassesCss)
