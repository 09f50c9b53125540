import { API_BASE, apiHeaders } from './client'

/** The chunked uploader's settings, and the shapes of what it reports (uploader.ts). */

/** Where unfinished uploads are remembered when the page names no key of its own. */
export const UNFINISHED_UPLOADS_KEY = 'zxUnfinishedUploads'

/** A 413's `data.reason` when the owner's storage is full (server/http/errors.ts): deleting files may let it through. */
export const STORAGE_FULL = 'storage-full'

export interface UploaderOptions {
  /** Chunk endpoint. Default `/new-chat/app/api/file/chunk`. */
  target: string
  /** Bytes per chunk; the last chunk takes the remainder (up to twice this). Default 2 MiB. */
  chunkSize: number
  /** Chunks in flight at once, across files. Default 3. */
  simultaneousUploads: number
  /** Ask before sending each chunk whether the server already has it. Default true. */
  testChunks: boolean
  /** Attempts after the first failure of a chunk before the file fails. Default 5. */
  maxChunkRetries: number
  /** Milliseconds before a retry, times the attempt number. Default 1000. */
  chunkRetryInterval: number
  /** A chunk request with no answer after this many milliseconds is given up and retried. Default 120000. */
  chunkTimeout: number
  /**
   * Statuses that fail the file at once (no retry). Default 400, 401, 403, 404, 409, 413, 415, 500, 501.
   * Any other failure (503 while the server's database restarts, 429, 502, 504) is retried, not before its Retry-After.
   */
  permanentErrors: number[]
  /**
   * Statuses that refuse the file itself, not this attempt: the same file is
   * refused again, so the item is `refused` and no retry is offered. Default
   * 413 (over a size limit) and 415 (the server's content check: a file is
   * not a type it takes); a 413 whose `data.reason` is `storage-full` is not
   * one: the owner's storage may be freed, so retry may help.
   */
  refusalStatuses: number[]
  /** Statuses that mean the chunk is done. Default 200, 201, 202. */
  successStatuses: number[]
  /** SHA-256 of the file and of each chunk, sent as fileSha256 / chunkSha256. Default true. */
  checksums: boolean
  /** Extra parameters sent with every request. */
  query: Record<string, string>
  /** Headers for every request. Default: the API client's (bearer token, client-id). */
  headers: () => Record<string, string>
  /** Where unfinished uploads are remembered across reloads (null: nowhere). Default `localStorage`. */
  storage: Storage | null
  /** The storage key, read at each access (the host app keys it by the person signed in). */
  storageKey: () => string
}

export const DEFAULT_UPLOADER_OPTIONS: UploaderOptions = {
  target: `${API_BASE}/app/api/file/chunk`,
  chunkSize: 2 * 1024 * 1024,
  simultaneousUploads: 3,
  testChunks: true,
  maxChunkRetries: 5,
  chunkRetryInterval: 1000,
  chunkTimeout: 120_000,
  permanentErrors: [400, 401, 403, 404, 409, 413, 415, 500, 501],
  refusalStatuses: [413, 415],
  successStatuses: [200, 201, 202],
  checksums: true,
  query: {},
  headers: () => apiHeaders(),
  storage: typeof localStorage === 'undefined' ? null : localStorage,
  storageKey: () => UNFINISHED_UPLOADS_KEY,
}

/** A file's state. SPEC §4's chunk states plus `paused`; `progress` and `retry` are also events. */
export type UploadStatus = 'pending' | 'reading' | 'uploading' | 'retry' | 'paused' | 'success' | 'error'

export interface StoredFile {
  id: string
  url: string
  name: string
  size: number
  mime: string
}

export interface UploadItem<M = unknown> {
  /** Local id of this upload (not the server's file id). */
  id: string
  name: string
  size: number
  status: UploadStatus
  /** 0–1 of the bytes the server has confirmed. */
  progress: number
  /** 0–1 of the file read for checksums (status `reading`). */
  readProgress: number
  uploadedBytes: number
  /** Bytes per second (smoothed). */
  speed: number
  /** Seconds left, or null when unknown (nothing moving yet). */
  timeLeft: number | null
  /** The server's message, or a code the page words: `network` (the connection kept failing), `empty` (0 bytes). */
  error: string | null
  /**
   * The failure is about the file itself (empty, a type the server refuses,
   * or the page refused to place it: already in that knowledge base):
   * sending it again cannot help, so `retry` does nothing and no retry is shown.
   */
  refused: boolean
  /** The stored file, once complete. */
  file: StoredFile | null
  meta: M
}

export type UploaderEvent<M> = { type: 'progress' | 'retry' | 'success' | 'error' | 'change'; item: UploadItem<M> } | { type: 'complete' }

/** What is remembered of an unfinished upload, to offer it again after a reload. */
export interface UnfinishedUpload<M = unknown> {
  key: string
  name: string
  size: number
  lastModified: number
  progress: number
  meta: M
  updatedAt: number
}
