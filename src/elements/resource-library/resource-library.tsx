import { useStore } from '@nanostores/react'
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react'
import {
  addResources,
  createFolder,
  deleteFolder,
  deleteResource,
  fetchLibrary,
  fetchShared,
  restoreFolder,
  restoreResource,
  shareResource,
  updateFolder,
  updateResource,
  type Folder,
  type Library,
  type Resource,
  type ResourceKind,
} from '../../api/resources'
import { $locale, $resourcesMessages } from '../../i18n'
import { showToast } from '../../stores/toasts'
import { onUploadBatchSettled, onUploadFinished, settleUpload, startUploads, type UploadTarget } from '../../stores/uploads'
import { MoveDialog, NameDialog, ShareDialog, TagsDialog } from './dialogs'
import { UploadFilesButton } from './upload-files-button'
import { fill, formatBytes, formatDate } from './format'
import { LibraryIcon, ToolButton, type LibraryIconName } from './icons'
import { PreviewDialog } from './preview'
import { UploadPanel } from './upload-panel'
import { LoadFailure } from '../shared/load'
import { Select } from '../shared/select'

/**
 * `<zx-resource-library>`: a teacher's files in folders, uploaded with the
 * chunked uploader (many at once, drag and drop, large videos), in a list or
 * a grid; search, tags, rename, move, delete with undo, preview, download and
 * share with a course.
 *
 * Attributes:
 *   view       `list` (default) or `grid`
 *   mode       `mine` (default: the library, with a tab for course shares) or `shared`
 *              (only what courses share with the user, e.g. on a student's course page)
 *   course-id  with mode `shared`: only what this course shares
 */
export interface ResourceLibraryProps {
  view?: 'list' | 'grid'
  mode?: 'mine' | 'shared'
  courseId?: string
}

const KINDS: ResourceKind[] = ['video', 'audio', 'image', 'pdf', 'document', 'text', 'other']
const KIND_ICON: Record<ResourceKind, LibraryIconName> = { video: 'video', audio: 'audio', image: 'image', pdf: 'pdf', document: 'file', text: 'text', other: 'file' }
const UNDO_MS = 8000

type Dialog =
  | { type: 'newFolder' }
  | { type: 'renameFolder'; folder: Folder }
  | { type: 'rename'; resource: Resource }
  | { type: 'move'; resource?: Resource; folder?: Folder }
  | { type: 'tags'; resource: Resource }
  | { type: 'share'; resource: Resource }
  | { type: 'preview'; resource: Resource }

interface Undo {
  message: string
  restore: () => Promise<unknown>
}

function kindLabel(t: ReturnType<typeof $resourcesMessages.get>, kind: ResourceKind): string {
  return { video: t.kindVideo, audio: t.kindAudio, image: t.kindImage, pdf: t.kindPdf, document: t.kindDocument, text: t.kindText, other: t.kindOther }[kind]
}

export function ResourceLibrary({ view: initialView, mode, courseId }: ResourceLibraryProps) {
  const t = useStore($resourcesMessages)
  const [tab, setTab] = useState<'mine' | 'shared'>(mode === 'shared' || courseId ? 'shared' : 'mine')
  const [view, setView] = useState<'list' | 'grid'>(initialView === 'grid' ? 'grid' : 'list')
  const [folderId, setFolderId] = useState<string | null>(null)
  const [keyword, setKeyword] = useState('')
  const [kind, setKind] = useState<ResourceKind | ''>('')
  const [tag, setTag] = useState('')
  const [library, setLibrary] = useState<Library | null>(null)
  const [shared, setShared] = useState<Resource[] | null>(null)
  const [failure, setFailure] = useState<{ error: unknown } | null>(null)
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [undo, setUndo] = useState<Undo | null>(null)
  const [dragging, setDragging] = useState(false)
  const folderRef = useRef(folderId)
  folderRef.current = folderId

  const load = useCallback(async () => {
    try {
      if (tab === 'shared') setShared(await fetchShared({ courseId, keyword: keyword.trim() || undefined }))
      else setLibrary(await fetchLibrary({ folderId: folderId ?? undefined, keyword: keyword.trim() || undefined, kind: kind || undefined, tag: tag || undefined }))
      setFailure(null)
    } catch (error) {
      // An unknown folder goes back to the top; anything else is shown with a retry.
      if (folderId) setFolderId(null)
      else setFailure({ error })
    }
  }, [tab, courseId, folderId, keyword, kind, tag])

  useEffect(() => {
    const timer = setTimeout(() => void load(), keyword ? 250 : 0)
    return () => clearTimeout(timer)
  }, [load, keyword])

  // A finished upload becomes a resource in the folder it was dropped into.
  useEffect(
    () =>
      onUploadFinished(item => {
        if (item.meta.kind !== 'resource' || !item.file) return
        const target = item.meta.folderId
        void addResources([item.file.id], target).then(
          () => {
            settleUpload(item, true)
            if (target === folderRef.current) void load()
          },
          () => settleUpload(item, false),
        )
      }),
    [load],
  )

  // One toast per pick or drop, however many files it held.
  useEffect(
    () =>
      onUploadBatchSettled(({ target, added, failed }) => {
        if (target.kind !== 'resource' || !added.length) return
        if (failed.length) showToast('warning', fill(t.addedSomeFailed, { added: added.length, failed: failed.length }))
        else showToast('success', added.length === 1 ? fill(t.addedToLibrary, { name: added[0]! }) : fill(t.addedManyToLibrary, { count: added.length }))
      }),
    [t],
  )

  useEffect(() => {
    if (!undo) return
    const timer = setTimeout(() => setUndo(null), UNDO_MS)
    return () => clearTimeout(timer)
  }, [undo])

  const upload = (files: FileList | File[]) => {
    if (files.length) startUploads(Array.from(files), { kind: 'resource', folderId })
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    if (tab === 'mine') upload(event.dataTransfer.files)
  }

  const act = async (work: () => Promise<unknown>) => {
    try {
      await work()
      await load()
    } catch {
      // shown by the API catalogue
    }
  }

  const removeResource = (r: Resource) =>
    act(async () => {
      await deleteResource(r.id)
      setUndo({ message: fill(t.deleted, { name: r.name }), restore: () => restoreResource(r.id) })
    })
  const removeFolder = (f: Folder) =>
    act(async () => {
      await deleteFolder(f.id)
      setUndo({ message: fill(t.deleted, { name: f.name }), restore: () => restoreFolder(f.id) })
    })

  const searching = Boolean(keyword.trim() || kind || tag)
  const folders = tab === 'mine' && !searching ? (library?.folders ?? []) : []
  const items = tab === 'mine' ? (library?.items ?? []) : (shared ?? [])
  const loaded = tab === 'mine' ? library !== null : shared !== null
  const uploadFilter = (target: UploadTarget) => target.kind === 'resource'

  return (
    <div
      className={dragging ? 'library dragging' : 'library'}
      data-testid="resource-library"
      onDragOver={event => {
        if (tab !== 'mine' || !event.dataTransfer.types.includes('Files')) return
        event.preventDefault()
        setDragging(true)
      }}
      onDragLeave={event => {
        if (event.currentTarget === event.target) setDragging(false)
      }}
      onDrop={onDrop}>
      <header className="library-head">
        <h2 className="library-title">{t.title}</h2>
        {mode !== 'shared' && !courseId ? (
          <div className="tabs" role="tablist">
            {(['mine', 'shared'] as const).map(key => (
              <button key={key} type="button" role="tab" aria-selected={tab === key} className="tab" data-testid={`tab-${key}`} onClick={() => setTab(key)}>
                {key === 'mine' ? t.myLibrary : t.sharedWithMe}
              </button>
            ))}
          </div>
        ) : null}
        <span className="spacer" />
        {tab === 'mine' ? (
          <>
            <button type="button" className="button" data-testid="new-folder" onClick={() => setDialog({ type: 'newFolder' })}>
              <LibraryIcon name="folderPlus" />
              {t.newFolder}
            </button>
            <UploadFilesButton label={t.upload} buttonTestId="upload-button" inputTestId="upload-input" onFiles={upload} />
          </>
        ) : null}
      </header>

      <div className="toolbar">
        {tab === 'mine' ? (
          <nav className="crumbs" aria-label={t.root} data-testid="breadcrumbs">
            <button type="button" className="crumb" onClick={() => setFolderId(null)}>
              {t.root}
            </button>
            {(searching ? [] : (library?.path ?? [])).map(f => (
              <span key={f.id} className="crumb-step">
                <LibraryIcon name="chevronRight" />
                <button type="button" className="crumb" onClick={() => setFolderId(f.id)}>
                  {f.name}
                </button>
              </span>
            ))}
          </nav>
        ) : null}
        <span className="spacer" />
        <label className="search">
          <LibraryIcon name="search" />
          <input className="input" type="search" value={keyword} placeholder={t.searchPlaceholder} aria-label={t.searchPlaceholder} data-testid="resource-search" onChange={event => setKeyword(event.target.value)} />
        </label>
        {tab === 'mine' ? (
          <>
            <Select value={kind} aria-label={t.allKinds} onChange={event => setKind(event.target.value as ResourceKind | '')}>
              <option value="">{t.allKinds}</option>
              {KINDS.map(k => (
                <option key={k} value={k}>
                  {kindLabel(t, k)}
                </option>
              ))}
            </Select>
            {library?.tags.length ? (
              <Select value={tag} aria-label={t.allTags} onChange={event => setTag(event.target.value)}>
                <option value="">{t.allTags}</option>
                {library.tags.map(x => (
                  <option key={x} value={x}>
                    {x}
                  </option>
                ))}
              </Select>
            ) : null}
          </>
        ) : null}
        <div className="view-toggle">
          <ToolButton icon="list" label={t.listView} pressed={view === 'list'} onClick={() => setView('list')} />
          <ToolButton icon="grid" label={t.gridView} pressed={view === 'grid'} onClick={() => setView('grid')} />
        </div>
      </div>

      <UploadPanel filter={uploadFilter} fallback={{ kind: 'resource', folderId }} />

      {failure ? <LoadFailure error={failure.error} what={tab === 'shared' ? t.sharedWithMe : t.title} onRetry={() => void load()} /> : null}
      {!failure && !loaded ? <zx-skeleton variant={view === 'grid' ? 'cards' : 'rows'} /> : null}
      {!failure && loaded && folders.length === 0 && items.length === 0 ? (
        <zx-empty-state message={tab === 'shared' ? t.noShared : searching ? t.noResults : t.empty} />
      ) : null}

      {view === 'list' && (folders.length || items.length) ? (
        <table className="table" data-testid="resource-table">
          <thead>
            <tr>
              <th>{t.name}</th>
              <th className="narrow-hide">{t.tags}</th>
              <th className="num">{t.size}</th>
              <th className="narrow-hide">{t.updated}</th>
              <th className="actions-col">
                <span className="visually-hidden">{t.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {folders.map(f => (
              <tr key={f.id} data-testid="folder-row">
                <td>
                  <button type="button" className="name-button" onClick={() => setFolderId(f.id)}>
                    <LibraryIcon name="folder" className="folder-icon" />
                    <span className="name">{f.name}</span>
                  </button>
                </td>
                <td className="narrow-hide" />
                <td className="num muted">—</td>
                <td className="narrow-hide muted">{formatDate(f.updateTime, $locale.get())}</td>
                <td className="actions-col">
                  <ToolButton icon="edit" label={t.rename} onClick={() => setDialog({ type: 'renameFolder', folder: f })} />
                  <ToolButton icon="move" label={t.move} onClick={() => setDialog({ type: 'move', folder: f })} />
                  <ToolButton icon="trash" label={t.delete} onClick={() => void removeFolder(f)} testId="delete-folder" />
                </td>
              </tr>
            ))}
            {items.map(r => (
              <tr key={r.id} data-testid="resource-row">
                <td>
                  <button type="button" className="name-button" onClick={() => setDialog({ type: 'preview', resource: r })}>
                    <LibraryIcon name={KIND_ICON[r.kind]} className={`kind ${r.kind}`} />
                    <span className="name" data-testid="resource-name">
                      {r.name}
                    </span>
                    {r.courseIds.length ? <span className="badge primary">{fill(t.sharedCount, { count: r.courseIds.length })}</span> : null}
                  </button>
                </td>
                <td className="narrow-hide">
                  <span className="tags">
                    {r.tags.map(x => (
                      <button key={x} type="button" className="tag" onClick={() => tab === 'mine' && setTag(x)}>
                        {x}
                      </button>
                    ))}
                  </span>
                </td>
                <td className="num muted">{formatBytes(r.size)}</td>
                <td className="narrow-hide muted">{formatDate(r.updateTime, $locale.get())}</td>
                <td className="actions-col">
                  <ResourceActions resource={r} onDialog={setDialog} onDelete={() => void removeResource(r)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}

      {view === 'grid' && (folders.length || items.length) ? (
        <ul className="grid" data-testid="resource-grid">
          {folders.map(f => (
            <li key={f.id} className="card">
              <button type="button" className="card-main" onClick={() => setFolderId(f.id)}>
                <span className="thumb">
                  <LibraryIcon name="folder" className="folder-icon big" />
                </span>
                <span className="name">{f.name}</span>
              </button>
            </li>
          ))}
          {items.map(r => (
            <li key={r.id} className="card" data-testid="resource-card">
              <button type="button" className="card-main" onClick={() => setDialog({ type: 'preview', resource: r })}>
                <span className="thumb">{r.kind === 'image' ? <img src={r.url} alt="" loading="lazy" /> : <LibraryIcon name={KIND_ICON[r.kind]} className={`kind ${r.kind} big`} />}</span>
                <span className="name" title={r.name}>
                  {r.name}
                </span>
                <span className="muted">{formatBytes(r.size)}</span>
              </button>
              <div className="card-actions">
                <ResourceActions resource={r} onDialog={setDialog} onDelete={() => void removeResource(r)} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      {dragging ? (
        <div className="drop-hint" aria-hidden="true">
          <LibraryIcon name="upload" />
          {t.dropHere}
        </div>
      ) : null}

      {undo ? (
        <div className="undo-bar" role="status" data-testid="undo-bar">
          <span>{undo.message}</span>
          <button
            type="button"
            className="link-button"
            data-testid="undo"
            onClick={() => {
              const current = undo
              setUndo(null)
              void act(current.restore)
            }}>
            {t.undo}
          </button>
        </div>
      ) : null}

      {dialog?.type === 'newFolder' ? <NameDialog heading={t.newFolder} label={t.folderName} initial="" onSave={name => act(() => createFolder(name, folderId))} onClose={() => setDialog(null)} /> : null}
      {dialog?.type === 'renameFolder' ? (
        <NameDialog heading={t.rename} label={t.folderName} initial={dialog.folder.name} onSave={name => act(() => updateFolder(dialog.folder.id, { name }))} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.type === 'rename' ? (
        <NameDialog heading={t.rename} label={t.name} initial={dialog.resource.name} onSave={name => act(() => updateResource(dialog.resource.id, { name }))} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.type === 'tags' ? <TagsDialog initial={dialog.resource.tags} onSave={tags => act(() => updateResource(dialog.resource.id, { tags }))} onClose={() => setDialog(null)} /> : null}
      {dialog?.type === 'share' ? <ShareDialog initial={dialog.resource.courseIds} onSave={ids => act(() => shareResource(dialog.resource.id, ids))} onClose={() => setDialog(null)} /> : null}
      {dialog?.type === 'move' ? (
        <MoveDialog
          name={dialog.resource?.name ?? dialog.folder?.name ?? ''}
          excludeId={dialog.folder?.id}
          onMove={target => act(() => (dialog.resource ? updateResource(dialog.resource.id, { folderId: target }) : updateFolder(dialog.folder!.id, { parentId: target })))}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.type === 'preview' ? <PreviewDialog resource={dialog.resource} onClose={() => setDialog(null)} /> : null}
    </div>
  )
}

function ResourceActions({ resource, onDialog, onDelete }: { resource: Resource; onDialog: (dialog: Dialog) => void; onDelete: () => void }) {
  const t = useStore($resourcesMessages)
  return (
    <span className="row-actions">
      <a className="icon-button" href={resource.downloadUrl} download={resource.name} aria-label={t.download} title={t.download}>
        <LibraryIcon name="download" />
      </a>
      {resource.mine ? (
        <>
          <ToolButton icon="edit" label={t.rename} onClick={() => onDialog({ type: 'rename', resource })} />
          <ToolButton icon="move" label={t.move} onClick={() => onDialog({ type: 'move', resource })} />
          <ToolButton icon="tag" label={t.editTags} onClick={() => onDialog({ type: 'tags', resource })} />
          <ToolButton icon="share" label={t.share} onClick={() => onDialog({ type: 'share', resource })} />
          <ToolButton icon="trash" label={t.delete} onClick={onDelete} testId="delete-resource" />
        </>
      ) : null}
    </span>
  )
}

export const resourceLibraryCss = `
:host { display: block; }
.library { position: relative; display: flex; flex-direction: column; gap: 14px; min-height: 320px; }
.library.dragging { outline: 2px dashed var(--_primary); outline-offset: 6px; border-radius: var(--_radius); }
.library-head { display: flex; align-items: center; gap: 12px; flex-wrap: wrap; }
.library-title { margin: 0; font-size: 20px; font-weight: 600; }
.spacer { flex: 1; }
.tabs { display: inline-flex; padding: 3px; border-radius: 10px; background: var(--_bg-subtle); gap: 2px; }
.tab { border: 0; background: none; padding: 6px 12px; border-radius: 8px; font: inherit; font-size: 13px; color: var(--_text-muted); cursor: pointer; }
.tab[aria-selected='true'] { background: var(--_bg-elevated); color: var(--_text); font-weight: 600; box-shadow: 0 1px 2px rgba(15, 23, 42, 0.08); }
.toolbar { display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
.search { position: relative; display: flex; align-items: center; }
.search .icon { position: absolute; left: 10px; width: 16px; height: 16px; color: var(--_text-muted); pointer-events: none; }
.search .input { padding-left: 32px; width: 220px; }
.view-toggle { display: inline-flex; gap: 2px; }
.table { width: 100%; border-collapse: collapse; font-size: 14px; }
.table th { text-align: left; font-weight: 500; font-size: 12px; color: var(--_text-muted); padding: 8px 10px; border-bottom: 1px solid var(--_border); }
.table td { padding: 6px 10px; border-bottom: 1px solid var(--_border); vertical-align: middle; }
.table tbody tr:hover { background: var(--_bg-hover); }
.num { text-align: right; white-space: nowrap; }
.actions-col { text-align: right; white-space: nowrap; width: 1%; }
.name-button { display: inline-flex; align-items: center; gap: 10px; max-width: 100%; border: 0; background: none; padding: 4px 0; color: var(--_text); font: inherit; cursor: pointer; text-align: left; min-width: 0; }
.name-button .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.name-button:hover .name { color: var(--_primary-strong); }
.row-actions { display: inline-flex; gap: 2px; }
.row-actions .icon-button { width: 30px; height: 30px; }
a.icon-button { color: var(--_text-muted); }
.kind { color: var(--_text-muted); }
.kind.video { color: #8b5cf6; } .kind.audio { color: #ec4899; } .kind.image { color: #10b981; } .kind.pdf { color: #ef4444; } .kind.document { color: #3b82f6; } .kind.text { color: #64748b; }
.icon.big { width: 40px; height: 40px; stroke-width: 1.4; }
.tags { display: inline-flex; flex-wrap: wrap; gap: 4px; }
.tag { border: 0; padding: 1px 8px; border-radius: 10px; background: var(--_primary-soft); color: var(--_primary-strong); font: inherit; font-size: 12px; cursor: pointer; }
.grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(160px, 1fr)); gap: 12px; }
.card { position: relative; border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_bg-elevated); overflow: hidden; transition: box-shadow 120ms, border-color 120ms; }
.card:hover { border-color: var(--_primary); box-shadow: var(--_shadow); }
.card-main { display: flex; flex-direction: column; gap: 4px; width: 100%; padding: 0 0 10px; border: 0; background: none; color: var(--_text); font: inherit; cursor: pointer; text-align: left; }
.card-main .name, .card-main .muted { padding: 0 10px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.card-main .name { font-size: 14px; font-weight: 500; }
.thumb { display: grid; place-items: center; height: 110px; background: var(--_bg-subtle); margin-bottom: 6px; }
.thumb img { width: 100%; height: 100%; object-fit: cover; }
.card-actions { display: flex; justify-content: flex-end; padding: 0 4px 4px; border-top: 1px solid var(--_border); }
/* Six actions are wider than the narrowest card: they wrap onto a second row rather than being cut off. */
.card-actions .row-actions { display: flex; flex-wrap: wrap; justify-content: flex-end; width: 100%; }
.drop-hint { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; gap: 10px; background: color-mix(in srgb, var(--_primary) 8%, var(--_bg)); border-radius: var(--_radius); font-size: 16px; color: var(--_primary-strong); pointer-events: none; }
.undo-bar { position: sticky; bottom: 16px; align-self: center; display: flex; align-items: center; gap: 16px; padding: 10px 16px; border-radius: 10px; background: #1f2329; color: #fff; box-shadow: var(--_shadow); font-size: 14px; z-index: 5; }
.undo-bar .link-button { color: #7dd8ff; font-weight: 600; }
@media (max-width: 640px) {
  .narrow-hide { display: none; }
  .search .input { width: 100%; }
  .search { flex: 1 1 100%; }
  .row-actions .icon-button:not(:first-child):not([data-testid='delete-resource']) { display: none; }
  .library-head .button { flex: 1; }
}
`
