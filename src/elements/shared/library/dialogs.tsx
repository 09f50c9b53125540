import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { fetchLibrary, fetchMyCourses, type Folder } from '../../../api/resources'
import { $resourcesMessages } from '../../../i18n'
import { Field, Icon, Modal, ModalActions } from '../ui'
import { fill } from '../format'
import { usePhrasing } from '../use-phrasing'
import { styles } from '../styles'

/** One text field: a new folder's name, or a new name. */
export function NameDialog({
  heading,
  label,
  initial,
  onSave,
  onClose,
}: {
  heading: string
  label: string
  initial: string
  onSave: (name: string) => Promise<void>
  onClose: () => void
}) {
  const [value, setValue] = useState(initial)
  const [busy, setBusy] = useState(false)
  const submit = async () => {
    if (!value.trim()) return
    setBusy(true)
    try {
      await onSave(value.trim())
      onClose()
    } catch {
      // the API catalogue showed why
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal heading={heading} onClose={onClose} testId="name-dialog">
      <form className="modal-body" onSubmit={event => (event.preventDefault(), void submit())}>
        <Field label={label}>
          <input className="input" value={value} maxLength={100} autoFocus data-testid="name-input" onChange={event => setValue(event.target.value)} />
        </Field>
        <ModalActions onCancel={onClose} disabled={busy || !value.trim()} testId="name-save" />
      </form>
    </Modal>
  )
}

export function TagsDialog({ initial, onSave, onClose }: { initial: string[]; onSave: (tags: string[]) => Promise<void>; onClose: () => void }) {
  const t = useStore($resourcesMessages)
  const say = usePhrasing()
  return (
    <NameDialog
      heading={t.editTags}
      label={say.withAside(t.tags, t.tagsHint)}
      initial={initial.join(', ')}
      onSave={value =>
        onSave(
          value
            .split(/[,，\s]+/)
            .map(s => s.trim())
            .filter(Boolean),
        )
      }
      onClose={onClose}
    />
  )
}

/** Browse folders and pick where to move something. */
export function MoveDialog({
  name,
  excludeId,
  onMove,
  onClose,
}: {
  name: string
  excludeId?: string
  onMove: (folderId: string | null) => Promise<void>
  onClose: () => void
}) {
  const t = useStore($resourcesMessages)
  const [path, setPath] = useState<Folder[]>([])
  const [folders, setFolders] = useState<Folder[]>([])
  const here = path.at(-1)?.id ?? null
  useEffect(() => {
    let live = true
    fetchLibrary(here ? { folderId: here } : {})
      .then(library => live && setFolders(library.folders.filter(f => f.id !== excludeId)))
      .catch(() => {})
    return () => {
      live = false
    }
  }, [here, excludeId])
  return (
    <Modal heading={fill(t.moveTitle, { name })} onClose={onClose} testId="move-dialog">
      <nav className="crumbs">
        <button type="button" className="crumb" onClick={() => setPath([])}>
          {t.topLevel}
        </button>
        {path.map((f, i) => (
          <span key={f.id} className="crumb-step">
            <Icon name="chevronRight" />
            <button type="button" className="crumb" onClick={() => setPath(path.slice(0, i + 1))}>
              {f.name}
            </button>
          </span>
        ))}
      </nav>
      <ul className="pick-list">
        {folders.map(f => (
          <li key={f.id}>
            <button type="button" className="pick" onClick={() => setPath([...path, f])}>
              <Icon name="folder" className="folder-icon" />
              {f.name}
              <Icon name="chevronRight" className="end" />
            </button>
          </li>
        ))}
      </ul>
      <ModalActions onCancel={onClose} onConfirm={() => void onMove(here).then(onClose, () => {})} confirmLabel={t.moveHere} testId="move-here" />
    </Modal>
  )
}

export function ShareDialog({ initial, onSave, onClose }: { initial: string[]; onSave: (courseIds: string[]) => Promise<void>; onClose: () => void }) {
  const t = useStore($resourcesMessages)
  const [courses, setCourses] = useState<Array<{ id: string; title: string }> | null>(null)
  const [picked, setPicked] = useState(new Set(initial))
  useEffect(() => {
    void fetchMyCourses().then(setCourses)
  }, [])
  const toggle = (id: string) =>
    setPicked(current => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  return (
    <Modal heading={t.share} onClose={onClose} testId="share-dialog">
      <p className="field-hint">{t.shareHint}</p>
      {courses && courses.length === 0 ? <p className="muted">{t.noCourses}</p> : null}
      <ul className="pick-list">
        {(courses ?? []).map(c => (
          <li key={c.id}>
            <label className="check">
              <input type="checkbox" checked={picked.has(c.id)} onChange={() => toggle(c.id)} />
              {c.title}
            </label>
          </li>
        ))}
      </ul>
      <ModalActions onCancel={onClose} onConfirm={() => void onSave([...picked]).then(onClose, () => {})} />
    </Modal>
  )
}

export const dialogsCss = `
.crumbs { display: flex; align-items: center; flex-wrap: wrap; gap: 2px; font-size: 14px; min-width: 0; }
.crumb-step { display: inline-flex; align-items: center; gap: 2px; }
.crumb-step .icon { width: 14px; height: 14px; color: var(--_text-muted); }
.crumb { border: 0; background: none; padding: 4px 6px; border-radius: 6px; color: var(--_text-muted); font: inherit; cursor: pointer; max-width: 180px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.crumb:hover { background: var(--_bg-hover); color: var(--_text); }
.crumbs > :last-child .crumb, .crumbs > .crumb:last-child { color: var(--_text); font-weight: 600; }
.pick-list { list-style: none; margin: 0; padding: 0; max-height: 320px; overflow: auto; display: flex; flex-direction: column; gap: 2px; }
.pick { display: flex; align-items: center; gap: 8px; width: 100%; padding: 8px 10px; border: 0; border-radius: 8px; background: none; color: var(--_text); font: inherit; font-size: 14px; cursor: pointer; text-align: left; }
.pick:hover { background: var(--_bg-hover); }
.pick .end { margin-left: auto; width: 16px; height: 16px; color: var(--_text-muted); }
.folder-icon { color: #f5b73b; fill: color-mix(in srgb, #f5b73b 25%, transparent); }
.check { display: flex; align-items: center; gap: 8px; padding: 6px 4px; font-size: 14px; color: var(--_text); cursor: pointer; }
`

const dialogStyles = styles(dialogsCss)
NameDialog.styles = dialogStyles
TagsDialog.styles = dialogStyles
MoveDialog.styles = dialogStyles
ShareDialog.styles = dialogStyles
