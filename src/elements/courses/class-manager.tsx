import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import {
  addClassStudents,
  changeClassCode,
  createClass,
  deleteClass,
  fetchClass,
  parseUsernames,
  removeClassStudent,
  searchStudents,
  type AddStudentsResult,
  type ClassDetail,
  type ClassPerson,
} from '../../api/classes'
import { fetchClassOptions, type ClassOption } from '../../api/courses'
import { ApiError, isCancel } from '../../api/errors'
import { $common, $coursesMessages } from '../../i18n'
import { showToast } from '../../stores/toasts'
import { ConfirmDialog, Field, Icon, Modal, ModalActions, SearchField } from '../shared/ui'
import { ClassSummary } from './class-summary'
import { JoinCodePanel } from './join-code-panel'
import { CLASSES_PATH, COURSE_LIST_PATH, classHref, go } from '../shared/links'
import { Loading } from './loading'
import { useDebounced } from '../shared/use-debounced'
import { usePhrasing } from '../shared/use-phrasing'
import { styles } from '../shared/styles'

/**
 * Class management (`/course/list?view=classes[&classId=…]`). Teachers create
 * the classes they teach and fill them: a student search, a pasted list of
 * usernames, or the class join code students type; they remove students and
 * delete their classes. Managers read every class and its students. The
 * server decides who may change what (a teacher only their own classes).
 */
export function ClassManager({ host, classId, side }: { host: HTMLElement | undefined; classId: string; side: 'teacher' | 'manager' }) {
  return classId ? <ClassPage host={host} classId={classId} side={side} /> : <ClassList host={host} side={side} />
}

function ClassList({ host, side }: { host: HTMLElement | undefined; side: 'teacher' | 'manager' }) {
  const t = useStore($coursesMessages)
  const [classes, setClasses] = useState<ClassOption[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [creating, setCreating] = useState(false)

  const load = useCallback(() => {
    setFailed(false)
    fetchClassOptions().then(setClasses, () => setFailed(true))
  }, [])
  useEffect(load, [load])

  return (
    <div className="page" part="base" data-testid="class-manager" data-side={side}>
      <a className="back" href={COURSE_LIST_PATH}>
        <Icon name="back" /> {t.backToCourses}
      </a>
      <header className="page-head" part="header">
        <div>
          <h1 className="page-title">{t.manageClasses}</h1>
          <p className="page-hint">{side === 'teacher' ? t.classesPageHint : t.classesPageHintManager}</p>
        </div>
        {side === 'teacher' ? (
          <button type="button" className="button primary" onClick={() => setCreating(true)} data-testid="new-class">
            <Icon name="plus" /> {t.newClass}
          </button>
        ) : null}
      </header>
      {failed ? (
        <div className="panel state-box" role="alert">
          <p>{t.classesLoadFailed}</p>
          <button type="button" className="button" onClick={load}>
            {t.retryLoad}
          </button>
        </div>
      ) : classes === null ? (
        <Loading />
      ) : classes.length === 0 ? (
        <zx-empty-state message={t.noClassesYet} />
      ) : (
        <div className="class-grid">
          {classes.map(c => (
            <a key={c.id} className="class-option class-card" href={classHref(c.id)} data-testid="class-card">
              <Icon name="users" />
              <ClassSummary option={c} mine={c.mine && side === 'teacher'} />
            </a>
          ))}
        </div>
      )}
      {creating ? <CreateClassDialog onClose={() => setCreating(false)} onCreated={made => go(host, classHref(made.id))} /> : null}
    </div>
  )
}

function CreateClassDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (made: ClassDetail) => void }) {
  const t = useStore($coursesMessages)
  const common = useStore($common)
  const [name, setName] = useState('')
  const [term, setTerm] = useState('')
  const [problem, setProblem] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim() || busy) return
    setBusy(true)
    setProblem('')
    try {
      const made = await createClass(name.trim(), term.trim())
      showToast('success', t.classCreated)
      onCreated(made)
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : common.operationFailed)
      setBusy(false)
    }
  }

  return (
    <Modal heading={t.newClass} onClose={onClose} testId="create-class">
      <form className="form" onSubmit={submit}>
        <Field label={t.className} error={problem}>
          <input
            className="input"
            name="name"
            autoFocus
            maxLength={64}
            value={name}
            placeholder={t.classNamePlaceholder}
            aria-invalid={problem ? true : undefined}
            onChange={e => setName(e.target.value)}
          />
        </Field>
        <Field label={t.classTermOptional}>
          <input className="input" name="term" maxLength={60} value={term} onChange={e => setTerm(e.target.value)} />
        </Field>
        <ModalActions onCancel={onClose} confirmLabel={t.create} disabled={busy || !name.trim()} />
      </form>
    </Modal>
  )
}

function ClassPage({ host, classId, side }: { host: HTMLElement | undefined; classId: string; side: 'teacher' | 'manager' }) {
  const t = useStore($coursesMessages)
  const say = usePhrasing()
  const [detail, setDetail] = useState<ClassDetail | null>(null)
  const [failed, setFailed] = useState<'missing' | 'error' | null>(null)
  const [busy, setBusy] = useState(false)
  const [removing, setRemoving] = useState<'class' | null>(null)

  const load = useCallback(() => {
    setFailed(null)
    const controller = new AbortController()
    fetchClass(classId, { signal: controller.signal }).then(setDetail, error => {
      if (!isCancel(error)) setFailed(error instanceof ApiError && error.code === 404 ? 'missing' : 'error')
    })
    return () => controller.abort()
  }, [classId])
  useEffect(load, [load])

  const back = (
    <a className="back" href={CLASSES_PATH}>
      <Icon name="back" /> {t.backToClasses}
    </a>
  )
  if (failed) {
    return (
      <div className="page" data-testid="class-missing">
        {back}
        <div className="panel state-box" role="alert">
          <p>{failed === 'missing' ? t.classNotFound : t.classesLoadFailed}</p>
          {failed === 'error' ? (
            <button type="button" className="button" onClick={load}>
              {t.retryLoad}
            </button>
          ) : null}
        </div>
      </div>
    )
  }
  if (!detail || detail.id !== classId) return <Loading />

  const editable = side === 'teacher' && detail.mine
  const code = async (action: 'regenerate' | 'disable') => {
    setBusy(true)
    try {
      const { joinCode } = await changeClassCode(detail.id, action)
      setDetail({ ...detail, joinCode })
    } finally {
      setBusy(false)
    }
  }
  const remove = async (student: ClassPerson) => {
    setDetail(await removeClassStudent(detail.id, student.id))
    showToast('success', t.removedFromClass({ name: student.name }))
  }
  const removeClass = async () => {
    await deleteClass(detail.id)
    showToast('success', t.classDeleted)
    go(host, CLASSES_PATH)
  }

  return (
    <div className="page" data-testid="class-page" data-editable={editable || undefined}>
      {back}
      <header className="page-head">
        <div>
          <h1 className="page-title">{detail.name}</h1>
          <p className="page-hint">
            {detail.term ? `${detail.term} · ` : ''}
            {say.labelled(t.classTeachers, say.list(detail.teachers.map(p => p.name)) || '—')}
          </p>
        </div>
        {editable ? (
          <button type="button" className="button ghost" onClick={() => setRemoving('class')} data-testid="delete-class">
            <Icon name="trash" /> {t.deleteClass}
          </button>
        ) : null}
      </header>
      <div className="classes-tab">
        {editable ? <JoinCodePanel code={detail.joinCode} intro={t.classJoinCodeIntro} busy={busy} onChange={action => void code(action)} /> : null}
        {editable ? <AddStudents detail={detail} onChange={setDetail} /> : null}
        <section className="panel" data-testid="class-students">
          <h2 className="panel-title">{t.classStudentsTitle({ count: detail.students.length })}</h2>
          {detail.students.length === 0 ? (
            <p className="muted">{t.noClassStudents}</p>
          ) : (
            <ul className="people">
              {detail.students.map(s => (
                <li key={s.id} className="person" data-testid="class-student">
                  <span className="person-name">{s.name}</span>
                  <span className="muted">{s.username}</span>
                  {editable ? (
                    <button type="button" className="button ghost" onClick={() => void remove(s)} aria-label={`${t.remove} ${s.name}`}>
                      {t.remove}
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      {removing ? (
        <ConfirmDialog
          heading={t.deleteClass}
          message={t.deleteClassConfirm({ name: detail.name })}
          confirmLabel={t.deleteClass}
          onConfirm={() => {
            setRemoving(null)
            void removeClass()
          }}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </div>
  )
}

/** Three ways in: a search of student accounts, a pasted list of usernames, and (beside this) the join code. */
function AddStudents({ detail, onChange }: { detail: ClassDetail; onChange: (next: ClassDetail) => void }) {
  const t = useStore($coursesMessages)
  const say = usePhrasing()
  const [keyword, setKeyword] = useState('')
  const [found, setFound] = useState<ClassPerson[] | null>(null)
  const [pasted, setPasted] = useState('')
  const [report, setReport] = useState<AddStudentsResult | null>(null)
  const [busy, setBusy] = useState(false)
  const search = useDebounced(keyword.trim(), 250)

  useEffect(() => {
    if (!search) {
      setFound(null)
      return
    }
    const controller = new AbortController()
    searchStudents(search, { signal: controller.signal }).then(setFound, () => {})
    return () => controller.abort()
  }, [search])

  const add = async (input: { userIds?: string[]; usernames?: string[] }) => {
    setBusy(true)
    try {
      const result = await addClassStudents(detail.id, input)
      onChange(result.class)
      setReport(result)
      if (input.usernames) setPasted('')
    } finally {
      setBusy(false)
    }
  }
  const inClass = new Set(detail.students.map(s => s.id))
  const names = say.list

  return (
    <section className="panel" data-testid="add-students">
      <h2 className="panel-title">{t.addStudentsTitle}</h2>
      <div className="add-students">
        <div className="add-way">
          <SearchField label={t.searchStudents} value={keyword} onChange={setKeyword} testId="student-search" />
          {found && found.length === 0 ? <p className="muted">{t.noStudentMatches}</p> : null}
          {found && found.length ? (
            <ul className="people">
              {found.map(p => (
                <li key={p.id} className="person" data-testid="student-found">
                  <span className="person-name">{p.name}</span>
                  <span className="muted">{p.username}</span>
                  {inClass.has(p.id) ? (
                    <span className="muted small">{t.inClass}</span>
                  ) : (
                    <button type="button" className="button" disabled={busy} onClick={() => void add({ userIds: [p.id] })}>
                      <Icon name="plus" /> {t.addToClass}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="add-way">
          <Field label={t.pasteUsernames} hint={t.pasteHint}>
            <textarea className="input" rows={4} value={pasted} onChange={e => setPasted(e.target.value)} data-testid="paste-usernames" />
          </Field>
          <button
            type="button"
            className="button"
            disabled={busy || parseUsernames(pasted).length === 0}
            onClick={() => void add({ usernames: parseUsernames(pasted) })}
            data-testid="add-pasted">
            {t.addPasted}
          </button>
        </div>
      </div>
      {report ? (
        <div className="add-report" role="status" data-testid="add-report">
          <p>{t.addedSummary({ count: report.added.length })}</p>
          {report.already.length ? <p className="muted">{t.alreadySummary({ names: names(report.already) })}</p> : null}
          {report.unknown.length ? <p className="warn">{t.unknownSummary({ names: names(report.unknown) })}</p> : null}
          {report.notStudents.length ? <p className="warn">{t.notStudentsSummary({ names: names(report.notStudents) })}</p> : null}
        </div>
      ) : null}
    </section>
  )
}

export const classManagerCss = `
.class-card { color: inherit; text-decoration: none; align-items: center; }
.class-card:hover { border-color: var(--_primary); text-decoration: none; }
.people { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; }
.person { display: flex; align-items: center; gap: 10px; padding: 8px 0; border-bottom: 1px solid var(--_border); min-width: 0; }
.person:last-child { border-bottom: 0; }
.person-name { font-weight: 500; overflow-wrap: anywhere; }
.person .button, .person .small { margin-left: auto; }
.people .button { height: 30px; padding: 0 10px; font-size: 13px; }
.state-box { text-align: center; }
.state-box p { margin: 0 0 12px; }
.add-students { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 20px; }
.add-way { display: flex; flex-direction: column; gap: 10px; min-width: 0; }
.add-way textarea { resize: vertical; font-family: inherit; }
.add-report { margin-top: 14px; padding: 10px 14px; border-radius: var(--_radius-small); background: var(--_bg-subtle); }
.add-report p { margin: 2px 0; }
.add-report .warn { color: var(--_danger); }
`

ClassManager.styles = styles(classManagerCss)
