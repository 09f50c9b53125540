import { useStore } from '@nanostores/react'
import { createFolder, shareResource, updateFolder, updateResource } from '../../api/resources'
import { $resourcesMessages } from '../../i18n'
import { MoveDialog, NameDialog, ShareDialog, TagsDialog } from '../shared/library/dialogs'
import { PreviewDialog } from './preview'
import type { LibraryDialog } from './resource-actions'
import { styles } from '../shared/styles'

export interface ResourceDialogsProps {
  dialog: LibraryDialog | null
  /** The folder a new folder goes into. */
  folderId: string | null
  /** Runs a change, then reloads the list. */
  act: (work: () => Promise<unknown>) => Promise<void>
  onClose: () => void
}

/** The open dialog of the library: new folder, rename, tags, share with courses, move, preview. */
export function ResourceDialogs({ dialog, folderId, act, onClose }: ResourceDialogsProps) {
  const t = useStore($resourcesMessages)
  switch (dialog?.type) {
    case 'newFolder':
      return <NameDialog heading={t.newFolder} label={t.folderName} initial="" onSave={name => act(() => createFolder(name, folderId))} onClose={onClose} />
    case 'renameFolder':
      return (
        <NameDialog
          heading={t.rename}
          label={t.folderName}
          initial={dialog.folder.name}
          onSave={name => act(() => updateFolder(dialog.folder.id, { name }))}
          onClose={onClose}
        />
      )
    case 'rename':
      return (
        <NameDialog
          heading={t.rename}
          label={t.name}
          initial={dialog.resource.name}
          onSave={name => act(() => updateResource(dialog.resource.id, { name }))}
          onClose={onClose}
        />
      )
    case 'tags':
      return <TagsDialog initial={dialog.resource.tags} onSave={tags => act(() => updateResource(dialog.resource.id, { tags }))} onClose={onClose} />
    case 'share':
      return <ShareDialog initial={dialog.resource.courseIds} onSave={ids => act(() => shareResource(dialog.resource.id, ids))} onClose={onClose} />
    case 'move':
      return (
        <MoveDialog
          name={dialog.resource?.name ?? dialog.folder?.name ?? ''}
          excludeId={dialog.folder?.id}
          onMove={target =>
            act(() => (dialog.resource ? updateResource(dialog.resource.id, { folderId: target }) : updateFolder(dialog.folder!.id, { parentId: target })))
          }
          onClose={onClose}
        />
      )
    case 'preview':
      return <PreviewDialog resource={dialog.resource} onClose={onClose} />
    default:
      return null
  }
}

ResourceDialogs.styles = styles(NameDialog, PreviewDialog)
