import { STORAGE_FULL, type StoredFile, type UploaderOptions } from './upload-options'

/**
 * The chunk protocol of the uploader (uploader.ts): how a file is cut, what
 * each request carries, and what a reply means for the chunk.
 */

/** The chunk layout of simple-uploader with forceChunkSize off: the last chunk absorbs the remainder. */
export function chunkRanges(size: number, chunkSize: number): Array<{ start: number; end: number }> {
  const count = Math.max(1, Math.floor(size / chunkSize))
  return Array.from({ length: count }, (_, i) => ({ start: i * chunkSize, end: i === count - 1 ? size : (i + 1) * chunkSize }))
}

/** The longest Retry-After honoured: a longer one waits this long, then retries as usual. */
const MAX_RETRY_AFTER_MS = 60_000

/** A Retry-After header (seconds or an HTTP date) in milliseconds from now; 0 when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (!header) return 0
  const seconds = Number(header)
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS) : 0
}

/** One file's part of every chunk request. */
export interface ChunkedFile {
  name: string
  size: number
  relativePath: string
  identifier: string
  ranges: Array<{ start: number; end: number }>
  fileSha: string | null
  chunkSha: string[]
}

/** The parameters of chunk `n` (simple-uploader's names), with the checksums once known. */
export function chunkParams(options: Pick<UploaderOptions, 'chunkSize' | 'query'>, file: ChunkedFile, n: number): Record<string, string> {
  const range = file.ranges[n]!
  const params: Record<string, string> = {
    chunkNumber: String(n + 1),
    chunkSize: String(options.chunkSize),
    currentChunkSize: String(range.end - range.start),
    totalSize: String(file.size),
    identifier: file.identifier,
    filename: file.name,
    relativePath: file.relativePath,
    totalChunks: String(file.ranges.length),
    ...options.query,
  }
  if (file.fileSha) params.fileSha256 = file.fileSha
  if (file.chunkSha[n]) params.chunkSha256 = file.chunkSha[n]!
  return params
}

/**
 * What a reply to a chunk (or its test request) means: the whole file is
 * stored, the chunk is there, the file failed (`refused`: sending it again
 * cannot help), or try again, not before `afterMs`.
 */
export type ChunkReply =
  { kind: 'complete'; file: StoredFile } | { kind: 'done' } | { kind: 'failed'; message: string; refused: boolean } | { kind: 'again'; afterMs: number }

export async function readChunkReply(
  response: Response,
  options: Pick<UploaderOptions, 'successStatuses' | 'permanentErrors' | 'refusalStatuses'>,
): Promise<ChunkReply> {
  const body = (await response.json().catch(() => null)) as { msg?: string; data?: { complete?: boolean; file?: StoredFile; reason?: string } } | null
  if (options.successStatuses.includes(response.status)) {
    return body?.data?.complete && body.data.file ? { kind: 'complete', file: body.data.file } : { kind: 'done' }
  }
  if (options.permanentErrors.includes(response.status)) {
    const refused = options.refusalStatuses.includes(response.status) && body?.data?.reason !== STORAGE_FULL
    return { kind: 'failed', message: body?.msg || `HTTP ${response.status}`, refused }
  }
  // A 503 (the database restarting) or 429 says when to come back; never sooner than that.
  return { kind: 'again', afterMs: retryAfterMs(response.headers.get('retry-after')) }
}
