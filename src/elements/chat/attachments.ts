import { useRef, useState } from 'react'
import type { UploadedFile } from '../../api/files'
import { uploadAttachment, type AttachedFile } from '../../api/chat'
import { $chatMessages } from '../../i18n'
import { showToast } from '../../stores/toasts'
import { downscaleImage } from './downscale-image'

/**
 * What the composer holds besides text: images for vision models (kept as
 * downscaled data URLs, in memory only) and files, uploaded as soon as they
 * are picked so that sending does not wait for them.
 */

/** The server takes up to four images and five files per question. */
export const MAX_IMAGES = 4
export const MAX_FILES = 5

export interface ImageAttachment {
  id: string
  src: string
}

export interface PendingFile {
  key: string
  name: string
  /** Set once the upload finished. */
  uploaded?: UploadedFile
}

interface Snapshot {
  images: ImageAttachment[]
  pending: PendingFile[]
}

let nextKey = 0

export function useAttachments(vision: boolean) {
  const [images, setImages] = useState<ImageAttachment[]>([])
  const [pending, setPending] = useState<PendingFile[]>([])
  // Uploads that finish after their chip was removed (or the question sent) are ignored.
  const live = useRef(new Set<string>())

  const addImages = async (files: File[]) => {
    const t = $chatMessages.get()
    if (!vision) {
      showToast('warning', t.imageNotSupported)
      return
    }
    const pictures = files.filter(file => file.type.startsWith('image/'))
    if (pictures.length < files.length) showToast('warning', t.notAnImage)
    const room = MAX_IMAGES - images.length
    for (const file of pictures.slice(0, Math.max(0, room))) {
      try {
        const src = await downscaleImage(file)
        setImages(current => (current.length < MAX_IMAGES ? [...current, { id: `image-${++nextKey}`, src }] : current))
      } catch {
        showToast('error', t.imageFailed)
      }
    }
  }

  const addFiles = async (files: File[]) => {
    const t = $chatMessages.get()
    const room = MAX_FILES - pending.length
    if (files.length > room) showToast('warning', t.tooManyFiles({ max: MAX_FILES }))
    await Promise.all(
      files.slice(0, Math.max(0, room)).map(async file => {
        const key = `file-${++nextKey}`
        live.current.add(key)
        setPending(current => [...current, { key, name: file.name }])
        try {
          const uploaded = await uploadAttachment(file)
          if (live.current.has(key)) setPending(current => current.map(p => (p.key === key ? { ...p, uploaded } : p)))
        } catch {
          // the catalogue said why (too large, wrong type): drop the chip
          setPending(current => current.filter(p => p.key !== key))
        }
      }),
    )
  }

  const files: AttachedFile[] = pending.flatMap(p => (p.uploaded ? [p.uploaded] : []))

  return {
    images,
    pending,
    files,
    uploading: pending.some(p => !p.uploaded),
    addImages,
    addFiles,
    removeImage: (id: string) => setImages(current => current.filter(image => image.id !== id)),
    removeFile: (key: string) => {
      live.current.delete(key)
      setPending(current => current.filter(p => p.key !== key))
    },
    snapshot: (): Snapshot => ({ images, pending }),
    restore: (snapshot: Snapshot) => {
      setImages(current => (current.length ? current : snapshot.images))
      setPending(current => (current.length ? current : snapshot.pending))
    },
    clear: () => {
      setImages([])
      setPending([])
    },
  }
}
