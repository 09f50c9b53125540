import { useStore } from '@nanostores/react'
import type { Folder, Resource } from '../../api/resources'
import { $locale, $resourcesMessages } from '../../i18n'
import { formatBytes, formatDate } from '../shared/format'
import { Icon, IconButton } from '../shared/ui'
import { usePhrasing } from '../shared/use-phrasing'
import { ResourceActions, type LibraryDialog } from './resource-actions'
import { KIND_ICON } from './resource-kinds'

export interface ResourceViewProps {
  folders: Folder[]
  items: Resource[]
  onOpenFolder: (id: string) => void
  onDialog: (dialog: LibraryDialog) => void
  onDelete: (resource: Resource) => void
  onDeleteFolder: (folder: Folder) => void
  /** A tag clicked on a row filters by it (in the person's own library). */
  onTag: (tag: string) => void
}

/** The list view: folders first, then files, with tags, size, date and actions. */
export function ResourceTable({ folders, items, onOpenFolder, onDialog, onDelete, onDeleteFolder, onTag }: ResourceViewProps) {
  const t = useStore($resourcesMessages)
  const say = usePhrasing()
  return (
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
              <button type="button" className="name-button" onClick={() => onOpenFolder(f.id)}>
                <Icon name="folder" className="folder-icon" />
                <span className="name">{f.name}</span>
              </button>
            </td>
            <td className="narrow-hide" />
            <td className="num muted">—</td>
            <td className="narrow-hide muted">{formatDate(f.updateTime, $locale.get())}</td>
            <td className="actions-col">
              <IconButton icon="edit" label={t.rename} onClick={() => onDialog({ type: 'renameFolder', folder: f })} />
              <IconButton icon="move" label={t.move} onClick={() => onDialog({ type: 'move', folder: f })} />
              <IconButton icon="trash" label={t.delete} onClick={() => onDeleteFolder(f)} testId="delete-folder" />
            </td>
          </tr>
        ))}
        {items.map(r => (
          <tr key={r.id} data-testid="resource-row">
            <td>
              <button type="button" className="name-button" onClick={() => onDialog({ type: 'preview', resource: r })}>
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
                  <button key={x} type="button" className="tag" onClick={() => onTag(x)}>
                    {x}
                  </button>
                ))}
              </span>
            </td>
            <td className="num muted">{formatBytes(r.size)}</td>
            <td className="narrow-hide muted">{formatDate(r.updateTime, $locale.get())}</td>
            <td className="actions-col">
              <ResourceActions resource={r} onDialog={onDialog} onDelete={() => onDelete(r)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The grid view: cards with a picture's thumbnail or the kind's icon. */
export function ResourceGrid({ folders, items, onOpenFolder, onDialog, onDelete }: ResourceViewProps) {
  return (
    <ul className="grid" data-testid="resource-grid">
      {folders.map(f => (
        <li key={f.id} className="card">
          <button type="button" className="card-main" onClick={() => onOpenFolder(f.id)}>
            <span className="thumb">
              <Icon name="folder" className="folder-icon big" />
            </span>
            <span className="name">{f.name}</span>
          </button>
        </li>
      ))}
      {items.map(r => (
        <li key={r.id} className="card" data-testid="resource-card">
          <button type="button" className="card-main" onClick={() => onDialog({ type: 'preview', resource: r })}>
            <span className="thumb">
              {r.kind === 'image' ? <img src={r.url} alt="" loading="lazy" /> : <Icon name={KIND_ICON[r.kind]} className={`kind ${r.kind} big`} />}
            </span>
            <span className="name" title={r.name}>
              {r.name}
            </span>
            <span className="muted">{formatBytes(r.size)}</span>
          </button>
          <div className="card-actions">
            <ResourceActions resource={r} onDialog={onDialog} onDelete={() => onDelete(r)} />
          </div>
        </li>
      ))}
    </ul>
  )
}
