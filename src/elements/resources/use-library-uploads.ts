import { useStore } from '@nanostores/react'
import { useEffect, useRef } from 'react'
import { addResources } from '../../api/resources'
import { $resourcesMessages } from '../../i18n'
import { showToast } from '../../stores/toasts'
import { onUploadBatchSettled, onUploadFinished, settleUpload, uploadNotPlaced } from '../../stores/uploads'
import { fill } from '../shared/format'
import { usePhrasing } from '../shared/use-phrasing'

/**
 * Uploads into the library: a finished upload becomes a resource in the
 * folder it was dropped into (`reload` when that is the folder shown), and
 * one toast tells each pick or drop how it went, however many files it held.
 */
export function useLibraryUploads(folderId: string | null, reload: () => void): void {
  const t = useStore($resourcesMessages)
  const say = usePhrasing()
  const shown = useRef({ folderId, reload })
  shown.current = { folderId, reload }

  useEffect(
    () =>
      onUploadFinished(item => {
        if (item.meta.kind !== 'resource' || !item.file) return
        const target = item.meta.folderId
        void addResources([item.file.id], target, [], { quiet: true }).then(
          () => {
            settleUpload(item, true)
            if (target === shown.current.folderId) shown.current.reload()
          },
          (error: unknown) => uploadNotPlaced(item, error),
        )
      }),
    [],
  )

  useEffect(
    () =>
      onUploadBatchSettled(({ target, added, failed }) => {
        if (target.kind !== 'resource' || !added.length) return
        if (failed.length) showToast('warning', say.count(t.addedSomeFailed, { added: added.length, failed: failed.length }))
        else showToast('success', added.length === 1 ? fill(t.addedToLibrary, { name: added[0]! }) : say.count(t.addedManyToLibrary, { count: added.length }))
      }),
    [t, say],
  )
}
