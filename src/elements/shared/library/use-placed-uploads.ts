import { useEffect, useRef } from 'react'
import type { StoredFile } from '../../../api/uploader'
import { showToast } from '../../../stores/toasts'
import { onUploadBatchSettled, onUploadFinished, settleUpload, uploadNotPlaced, type UploadTarget } from '../../../stores/uploads'

type Target<K extends UploadTarget['kind']> = Extract<UploadTarget, { kind: K }>

export interface PlacedUploads<K extends UploadTarget['kind']> {
  kind: K
  /** Puts a stored file where it was dropped (a folder, a dataset). */
  place: (target: Target<K>, file: StoredFile) => Promise<unknown>
  /** The target is what the page shows: it reloads after a file lands there. */
  shown: (target: Target<K>) => boolean
  reload: () => void
  /** The toast for one pick or drop: its level and words, from the names added and how many failed. */
  summary: (added: string[], failed: number) => { level: 'success' | 'warning'; message: string }
}

/**
 * Uploads into a library, the same for resources and knowledge: a finished
 * upload of `kind` is placed where it was dropped (the page reloads when
 * that is what it shows), and one toast tells each pick or drop how it went,
 * however many files it held.
 */
export function usePlacedUploads<K extends UploadTarget['kind']>(options: PlacedUploads<K>): void {
  const latest = useRef(options)
  latest.current = options

  useEffect(
    () =>
      onUploadFinished(item => {
        const { kind, place } = latest.current
        if (item.meta.kind !== kind || !item.file) return false
        const target = item.meta as Target<K>
        void place(target, item.file).then(
          () => {
            settleUpload(item, true)
            if (latest.current.shown(target)) latest.current.reload()
          },
          (error: unknown) => uploadNotPlaced(item, error),
        )
        return true
      }),
    [],
  )

  useEffect(
    () =>
      onUploadBatchSettled(({ target, added, failed }) => {
        if (target.kind !== latest.current.kind || !added.length) return
        const { level, message } = latest.current.summary(added, failed.length)
        showToast(level, message)
      }),
    [],
  )
}
