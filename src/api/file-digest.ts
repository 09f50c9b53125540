import { createSHA256 } from 'hash-wasm'

/**
 * SHA-256 of a whole file and of each of its chunks, read once, slice by
 * slice (a 2 GB video never sits in memory). hash-wasm, not crypto.subtle:
 * subtle has no incremental hashing and is missing on plain-http intranet
 * sites, which is where many schools run this.
 */
export interface FileDigest {
  sha256: string
  chunks: string[]
}

export async function digestFile(
  file: Blob,
  ranges: ReadonlyArray<{ start: number; end: number }>,
  onProgress: (readBytes: number) => void,
  signal?: AbortSignal,
): Promise<FileDigest> {
  const whole = await createSHA256()
  const part = await createSHA256()
  whole.init()
  const chunks: string[] = []
  let read = 0
  const SLICE = 4 * 1024 * 1024
  for (const range of ranges) {
    part.init()
    for (let at = range.start; at < range.end; at += SLICE) {
      if (signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError')
      const bytes = new Uint8Array(await file.slice(at, Math.min(at + SLICE, range.end)).arrayBuffer())
      whole.update(bytes)
      part.update(bytes)
      read += bytes.length
      onProgress(read)
    }
    chunks.push(part.digest('hex'))
  }
  return { sha256: whole.digest('hex'), chunks }
}
