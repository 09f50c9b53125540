import { useStore } from '@nanostores/react'
import { useEffect, useState, type DragEvent } from 'react'
import { addResources, deleteFolder, deleteResource, restoreFolder, restoreResource, type Folder, type Resource, type ResourceKind } from '../../api/resources'
import { $resourcesMessages } from '../../i18n'
import { startUploads, type UploadTarget } from '../../stores/uploads'
import { fill } from '../shared/format'
import { UploadFilesButton } from '../shared/library/upload-files-button'
import { UploadPanel } from '../shared/library/upload-panel'
import { usePlacedUploads } from '../shared/library/use-placed-uploads'
import { LoadFailure } from '../shared/load'
import { usePhrasing } from '../shared/use-phrasing'
import { Icon, TabBar } from '../shared/ui'
import { LibraryToolbar } from './library-toolbar'
import type { LibraryDialog } from './resource-actions'
import { ResourceDialogs } from './resource-dialogs'
import { ResourceGrid, ResourceTable } from './resource-views'
import { useResourceList, type LibraryTab } from './use-resource-list'
import { markdownCss } from '../shared/markdown'
import { libraryCss } from '../shared/library/library-css'
import { styles } from '../shared/styles'
import { kitCss } from '../shared/ui'

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

const UNDO_MS = 8000

interface Undo {
  message: string
  restore: () => Promise<unknown>
}

export function ResourceLibrary({ view: initialView, mode, courseId }: ResourceLibraryProps) {
  const t = useStore($resourcesMessages)
  const [tab, setTab] = useState<LibraryTab>(mode === 'shared' || courseId ? 'shared' : 'mine')
  const [view, setView] = useState<'list' | 'grid'>(initialView === 'grid' ? 'grid' : 'list')
  const [folderId, setFolderId] = useState<string | null>(null)
  const [keyword, setKeyword] = useState('')
  const [kind, setKind] = useState<ResourceKind | ''>('')
  const [tag, setTag] = useState('')
  const [dialog, setDialog] = useState<LibraryDialog | null>(null)
  const [undo, setUndo] = useState<Undo | null>(null)
  const [dragging, setDragging] = useState(false)
  const [listing, store] = useResourceList({ tab, courseId, folderId, keyword, kind, tag })
  const reload = () => void store.retry()
  const say = usePhrasing()
  usePlacedUploads({
    kind: 'resource',
    place: (target, file) => addResources([file.id], target.folderId, [], { quiet: true }),
    shown: target => target.folderId === folderId,
    reload,
    summary: (added, failed) =>
      failed
        ? { level: 'warning', message: say.count(t.addedSomeFailed, { added: added.length, failed }) }
        : {
            level: 'success',
            message: added.length === 1 ? fill(t.addedToLibrary, { name: added[0]! }) : say.count(t.addedManyToLibrary, { count: added.length }),
          },
  })

  // An unknown folder goes back to the top; anything else is shown with a retry.
  const goneFolder = listing.status === 'failed' && folderId !== null
  useEffect(() => {
    if (goneFolder) setFolderId(null)
  }, [goneFolder])

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
      await store.retry()
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
  const data = listing.data
  const folders = tab === 'mine' && !searching ? (data?.folders ?? []) : []
  const items = data?.items ?? []
  const failure = listing.status === 'failed' && !goneFolder ? listing.error : null
  const uploadFilter = (target: UploadTarget) => target.kind === 'resource'
  const viewProps = {
    folders,
    items,
    onOpenFolder: setFolderId,
    onDialog: setDialog,
    onDelete: (r: Resource) => void removeResource(r),
    onDeleteFolder: (f: Folder) => void removeFolder(f),
    onTag: (x: string) => tab === 'mine' && setTag(x),
  }

  return (
    <div
      className={dragging ? 'library dragging' : 'library'}
      part="base"
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
      <header className="library-head" part="header">
        <h2 className="library-title">{t.title}</h2>
        {mode !== 'shared' && !courseId ? (
          <TabBar look="pills" tabs={{ mine: t.myLibrary, shared: t.sharedWithMe }} active={tab} onSelect={setTab} testIdPrefix="tab-" />
        ) : null}
        <span className="spacer" />
        {tab === 'mine' ? (
          <div className="library-actions" part="actions">
            <button type="button" className="button" data-testid="new-folder" onClick={() => setDialog({ type: 'newFolder' })}>
              <Icon name="folderPlus" />
              {t.newFolder}
            </button>
            <UploadFilesButton label={t.upload} buttonTestId="upload-button" inputTestId="upload-input" onFiles={upload} />
          </div>
        ) : null}
      </header>

      <LibraryToolbar
        tab={tab}
        path={searching ? [] : (data?.path ?? [])}
        tags={data?.tags ?? []}
        keyword={keyword}
        kind={kind}
        tag={tag}
        view={view}
        onFolder={setFolderId}
        onKeyword={setKeyword}
        onKind={setKind}
        onTag={setTag}
        onView={setView}
      />

      <UploadPanel filter={uploadFilter} fallback={{ kind: 'resource', folderId }} />

      <div className="library-body" part="body">
        {failure ? <LoadFailure error={failure} what={tab === 'shared' ? t.sharedWithMe : t.title} onRetry={reload} /> : null}
        {!failure && !data ? <zx-skeleton variant={view === 'grid' ? 'cards' : 'rows'} /> : null}
        {!failure && data && folders.length === 0 && items.length === 0 ? (
          <zx-empty-state message={tab === 'shared' ? t.noShared : searching ? t.noResults : t.empty} />
        ) : null}
        {folders.length || items.length ? view === 'list' ? <ResourceTable {...viewProps} /> : <ResourceGrid {...viewProps} /> : null}
      </div>

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

      <ResourceDialogs dialog={dialog} folderId={folderId} act={act} onClose={() => setDialog(null)} />
    </div>
  )
}

ResourceLibrary.styles = styles(kitCss, markdownCss, UploadPanel, ResourceDialogs, libraryCss)
