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
import { onUploadBatchSettled, onUploadFinished, settleUpload, startUploads, uploadNotPlaced, type UploadTarget } from '../../stores/uploads'
import { MoveDialog, NameDialog, ShareDialog, TagsDialog } from '../shared/library/dialogs'
import { UploadFilesButton } from '../shared/library/upload-files-button'
import { fill, formatBytes, formatDate } from '../shared/format'
import { usePhrasing } from '../shared/use-phrasing'
import { Icon, IconButton, TabBar, type IconName, SearchField } from '../shared/ui'
import { PreviewDialog } from './preview'
import { UploadPanel } from '../shared/library/upload-panel'
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
const KIND_ICON: Record<ResourceKind, IconName> = { video: 'video', audio: 'audio', image: 'image', pdf: 'pdf', document: 'file', text: 'text', other: 'file' }
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
  const say = usePhrasing()
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
      else
        setLibrary(
          await fetchLibrary({ folderId: folderId ?? undefined, keyword: keyword.trim() || undefined, kind: kind || undefined, tag: tag || undefined }),
        )
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
        void addResources([item.file.id], target, [], { quiet: true }).then(
          () => {
            settleUpload(item, true)
            if (target === folderRef.current) void load()
          },
          (error: unknown) => uploadNotPlaced(item, error),
        )
      }),
    [load],
  )

  // One toast per pick or drop, however many files it held.
  useEffect(
    () =>
      onUploadBatchSettled(({ target, added, failed }) => {
        if (target.kind !== 'resource' || !added.length) return
        if (failed.length) showToast('warning', say.count(t.addedSomeFailed, { added: added.length, failed: failed.length }))
        else showToast('success', added.length === 1 ? fill(t.addedToLibrary, { name: added[0]! }) : say.count(t.addedManyToLibrary, { count: added.length }))
      }),
    [t, say],
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
          <TabBar look="pills" tabs={{ mine: t.myLibrary, shared: t.sharedWithMe }} active={tab} onSelect={setTab} testIdPrefix="tab-" />
        ) : null}
        <span className="spacer" />
        {tab === 'mine' ? (
          <>
            <button type="button" className="button" data-testid="new-folder" onClick={() => setDialog({ type: 'newFolder' })}>
              <Icon name="folderPlus" />
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
                <Icon name="chevronRight" />
                <button type="button" className="crumb" onClick={() => setFolderId(f.id)}>
                  {f.name}
                </button>
              </span>
            ))}
          </nav>
        ) : null}
        <span className="spacer" />
        <SearchField label={t.searchPlaceholder} value={keyword} onChange={setKeyword} testId="resource-search" />
        {tab === 'mine' ? (
          <>
            <Select
              value={kind}
              aria-label={t.allKinds}
              onChange={event => setKind(event.target.value as ResourceKind | '')}
              none={t.allKinds}
              options={KINDS.map(k => ({ value: k, label: kindLabel(t, k) }))}
            />
            {library?.tags.length ? (
              <Select
                value={tag}
                aria-label={t.allTags}
                onChange={event => setTag(event.target.value)}
                none={t.allTags}
                options={library.tags.map(x => ({ value: x, label: x }))}
              />
            ) : null}
          </>
        ) : null}
        <div className="view-toggle">
          <IconButton icon="list" label={t.listView} pressed={view === 'list'} onClick={() => setView('list')} />
          <IconButton icon="grid" label={t.gridView} pressed={view === 'grid'} onClick={() => setView('grid')} />
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
                    <Icon name="folder" className="folder-icon" />
                    <span className="name">{f.name}</span>
                  </button>
                </td>
                <td className="narrow-hide" />
                <td className="num muted">—</td>
                <td className="narrow-hide muted">{formatDate(f.updateTime, $locale.get())}</td>
                <td className="actions-col">
                  <IconButton icon="edit" label={t.rename} onClick={() => setDialog({ type: 'renameFolder', folder: f })} />
                  <IconButton icon="move" label={t.move} onClick={() => setDialog({ type: 'move', folder: f })} />
                  <IconButton icon="trash" label={t.delete} onClick={() => void removeFolder(f)} testId="delete-folder" />
                </td>
              </tr>
            ))}
            {items.map(r => (
              <tr key={r.id} data-testid="resource-row">
                <td>
                  <button type="button" className="name-button" onClick={() => setDialog({ type: 'preview', resource: r })}>
                    <Icon name={KIND_ICON[r.kind]} className={`kind ${r.kind}`} />
                    <span className="name" data-testid="resource-name">
                      {r.name}
                    </span>
                    {r.courseIds.length ? <span className="badge primary">{say.count(t.sharedCount, { count: r.courseIds.length })}</span> : null}
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
                  <Icon name="folder" className="folder-icon big" />
                </span>
                <span className="name">{f.name}</span>
              </button>
            </li>
          ))}
          {items.map(r => (
            <li key={r.id} className="card" data-testid="resource-card">
              <button type="button" className="card-main" onClick={() => setDialog({ type: 'preview', resource: r })}>
                <span className="thumb">
                  {r.kind === 'image' ? <img src={r.url} alt="" loading="lazy" /> : <Icon name={KIND_ICON[r.kind]} className={`kind ${r.kind} big`} />}
                </span>
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
          <Icon name="upload" />
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

      {dialog?.type === 'newFolder' ? (
        <NameDialog
          heading={t.newFolder}
          label={t.folderName}
          initial=""
          onSave={name => act(() => createFolder(name, folderId))}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.type === 'renameFolder' ? (
        <NameDialog
          heading={t.rename}
          label={t.folderName}
          initial={dialog.folder.name}
          onSave={name => act(() => updateFolder(dialog.folder.id, { name }))}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.type === 'rename' ? (
        <NameDialog
          heading={t.rename}
          label={t.name}
          initial={dialog.resource.name}
          onSave={name => act(() => updateResource(dialog.resource.id, { name }))}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.type === 'tags' ? (
        <TagsDialog initial={dialog.resource.tags} onSave={tags => act(() => updateResource(dialog.resource.id, { tags }))} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.type === 'share' ? (
        <ShareDialog initial={dialog.resource.courseIds} onSave={ids => act(() => shareResource(dialog.resource.id, ids))} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.type === 'move' ? (
        <MoveDialog
          name={dialog.resource?.name ?? dialog.folder?.name ?? ''}
          excludeId={dialog.folder?.id}
          onMove={target =>
            act(() => (dialog.resource ? updateResource(dialog.resource.id, { folderId: target }) : updateFolder(dialog.folder!.id, { parentId: target })))
          }
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
        <Icon name="download" />
      </a>
      {resource.mine ? (
        <>
          <IconButton icon="edit" label={t.rename} onClick={() => onDialog({ type: 'rename', resource })} />
          <IconButton icon="move" label={t.move} onClick={() => onDialog({ type: 'move', resource })} />
          <IconButton icon="tag" label={t.editTags} onClick={() => onDialog({ type: 'tags', resource })} />
          <IconButton icon="shareNodes" label={t.share} onClick={() => onDialog({ type: 'share', resource })} />
          <IconButton icon="trash" label={t.delete} onClick={onDelete} testId="delete-resource" />
        </>
      ) : null}
    </span>
  )
}
