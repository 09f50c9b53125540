import { useStore } from '@nanostores/react'
import type { Folder, Resource } from '../../api/resources'
import { $resourcesMessages } from '../../i18n'
import { Icon, IconButton } from '../shared/ui'

/** A dialog the library has open, and what it is about. */
export type LibraryDialog =
  | { type: 'newFolder' }
  | { type: 'renameFolder'; folder: Folder }
  | { type: 'rename'; resource: Resource }
  | { type: 'move'; resource?: Resource; folder?: Folder }
  | { type: 'tags'; resource: Resource }
  | { type: 'share'; resource: Resource }
  | { type: 'preview'; resource: Resource }

/** A file's buttons: download for anyone who sees it; rename, move, tags, share and delete for its owner. */
export function ResourceActions({ resource, onDialog, onDelete }: { resource: Resource; onDialog: (dialog: LibraryDialog) => void; onDelete: () => void }) {
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
