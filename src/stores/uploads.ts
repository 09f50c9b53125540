import { atom } from 'nanostores'
import { ApiError, TransportError } from '../api/errors'
import { Uploader, type UnfinishedUpload, type UploadItem } from '../api/uploader'
import { createUploadBatches, type UploadBatchSummary } from './upload-batches'
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

const batches = createUploadBatches<UploadTarget>()

// The next person at this computer neither sees nor continues the previous one's uploads.
onUserChange(
  () => {
    uploader.stopAll()
    unplaced.clear()
    refresh()
  },
  { storedAs: STORAGE_KEYS.unfinishedUploads, load: refresh },
)

uploader.subscribe(event => {
  // Progress arrives often; the list object changes each time, which is what React needs.
  refresh()
  if (event.type === 'success') handOver(event.item)
  if (event.type === 'error') batches.settle(event.item, false)
})

/** The library has put a finished upload in place (or could not): counts towards its batch's summary. */
export const settleUpload = (item: UploadItem<UploadTarget>, added: boolean) => batches.settle(item, added)

/** Refusals that pass: a sign-in to renew, a timeout, a limit to wait out (other 4xx refuse the file itself). */
const PASSING_REFUSALS = new Set([401, 408, 429])

/**
 * The library could not put a finished upload in place: the row says why
 * instead of "done" (and counts as failed in its batch). A refusal (already
 * in this knowledge base, a type it does not take) is final: no retry. A
 * failed call (connection, server error) can be retried, which places the
 * stored file again. Call the library with `quiet`: the row is the message.
 */
export function uploadNotPlaced(item: UploadItem<UploadTarget>, error: unknown): void {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500 && !PASSING_REFUSALS.has(error.status)
  const message = error instanceof ApiError ? error.message : error instanceof TransportError ? 'network' : null
  uploader.failPlacement(item.id, message, refused) // its error event settles the batch
}

/** Once per pick or drop, when all its files are in place or failed: one summary toast, not one per file. */
export function onUploadBatchSettled(listener: (summary: UploadBatchSummary<UploadTarget>) => void): () => void {
  return batches.onSettled(listener)
}

/** Takes a finished upload to put in place; false when it is not this library's (another kind). */
type FinishedListener = (item: UploadItem<UploadTarget>) => boolean
const finishedListeners = new Set<FinishedListener>()
/**
 * Finished uploads no library on the page has taken: the library was not
 * shown (yet, or any more) when they finished. The next one that listens
 * puts them in place, so a file is never uploaded and then left out.
 */
const unplaced = new Map<string, UploadItem<UploadTarget>>()

/** To the first listener that takes it (two libraries on one page never both add it), else kept for later. */
function handOver(item: UploadItem<UploadTarget>): void {
  for (const listener of finishedListeners) if (listener(item)) return
  unplaced.set(item.id, item)
}

/** Called with each upload that completes, and with those that completed while no library took them. */
export function onUploadFinished(listener: FinishedListener): () => void {
  finishedListeners.add(listener)
  for (const item of [...unplaced.values()]) if (listener(item)) unplaced.delete(item.id)
  return () => finishedListeners.delete(listener)
}

export function startUploads(files: Iterable<File>, target: UploadTarget): void {
  batches.start(uploader.add(files, target))
  refresh()
}

/**
 * Files picked again after a reload: each continues its unfinished upload
 * (same target) when name, size and date match; others start anew.
 */
export function resumeOrStart(files: Iterable<File>, fallback: UploadTarget): void {
  const unfinished = uploader.unfinished()
  const added: UploadItem<UploadTarget>[] = []
  for (const file of files) {
    const match = unfinished.find(u => u.name === file.name && u.size === file.size && u.lastModified === file.lastModified)
    added.push(...uploader.add([file], match?.meta ?? fallback))
  }
  batches.start(added)
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
  const item = uploader.items().find(i => i.id === id)
  if (item) batches.settle(item, false)
  uploader.cancel(id)
  refresh()
}
export const clearFinishedUploads = () => {
  uploader.clearDone()
  refresh()
}
