import { atom } from 'nanostores'
import { Uploader, type UnfinishedUpload, type UploadItem } from '../api/uploader'
import { STORAGE_KEYS } from './storage'
import { onUserChange, userStorageKey } from './user-scope'

/**
 * One chunked uploader for the page, shared by the resource and knowledge
 * libraries, and its state as stores. `meta` says where a finished file
 * goes: a resource folder, or a knowledge dataset.
 */
export type UploadTarget = { kind: 'resource'; folderId: string | null } | { kind: 'knowledge'; datasetId: string }

// Unfinished uploads name the person's files: they are remembered under their user id.
export const uploader = new Uploader<UploadTarget>({ storageKey: () => userStorageKey(STORAGE_KEYS.unfinishedUploads) })

export const $uploads = atom<UploadItem<UploadTarget>[]>([])
export const $unfinishedUploads = atom<UnfinishedUpload<UploadTarget>[]>(uploader.unfinished())

const refresh = () => {
  $uploads.set(uploader.items())
  $unfinishedUploads.set(uploader.unfinished())
}

// The next person at this computer neither sees nor continues the previous one's uploads.
onUserChange(
  () => {
    uploader.stopAll()
    refresh()
  },
  { storedAs: STORAGE_KEYS.unfinishedUploads, load: refresh },
)

uploader.subscribe(event => {
  // Progress arrives often; the list object changes each time, which is what React needs.
  refresh()
  if (event.type === 'success') finishedListeners.forEach(listener => listener(event.item))
})

type FinishedListener = (item: UploadItem<UploadTarget>) => void
const finishedListeners = new Set<FinishedListener>()

/** Called with each upload that completes (the library then adds the file where it belongs). */
export function onUploadFinished(listener: FinishedListener): () => void {
  finishedListeners.add(listener)
  return () => finishedListeners.delete(listener)
}

export function startUploads(files: Iterable<File>, target: UploadTarget): void {
  uploader.add(files, target)
  refresh()
}

/**
 * Files picked again after a reload: each continues its unfinished upload
 * (same target) when name, size and date match; others start anew.
 */
export function resumeOrStart(files: Iterable<File>, fallback: UploadTarget): void {
  const unfinished = uploader.unfinished()
  for (const file of files) {
    const match = unfinished.find(u => u.name === file.name && u.size === file.size && u.lastModified === file.lastModified)
    uploader.add([file], match?.meta ?? fallback)
  }
  refresh()
}

export function forgetUnfinished(key: string): void {
  uploader.forgetUnfinished(key)
  refresh()
}

export const pauseUpload = (id: string) => uploader.pause(id)
export const resumeUpload = (id: string) => uploader.resume(id)
export const retryUpload = (id: string) => uploader.retry(id)
export const cancelUpload = (id: string) => {
  uploader.cancel(id)
  refresh()
}
export const clearFinishedUploads = () => {
  uploader.clearDone()
  refresh()
}
