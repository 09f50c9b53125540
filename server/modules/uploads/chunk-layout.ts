// The resumable.js / simple-uploader.js chunk layout: chunk n covers bytes
// [(n-1)·chunkSize, n·chunkSize), except the last, which runs to the end of
// the file. Clients either make the last chunk up to twice the chunk size
// (forceChunkSize off: totalChunks = floor(total / size)) or a short remainder
// (forceChunkSize on: ceil); both layouts are accepted.
import { badRequest } from '../../http/errors.js';
import { formatBytes } from './limits.js';

export interface ChunkParams {
  chunkNumber: number;
  chunkSize: number;
  currentChunkSize: number;
  totalSize: number;
  identifier: string;
  filename: string;
  relativePath?: string;
  totalChunks: number;
  /** Optional (our uploader sends them): SHA-256 of the whole file and of this chunk. */
  fileSha256?: string;
  chunkSha256?: string;
}

export function expectedChunkSize(p: Pick<ChunkParams, 'chunkSize' | 'totalSize' | 'totalChunks'>, chunkNumber: number): number {
  const start = (chunkNumber - 1) * p.chunkSize;
  const end = chunkNumber === p.totalChunks ? p.totalSize : chunkNumber * p.chunkSize;
  return end - start;
}

/** Throws a 400 naming what is inconsistent; a client that sends this will not succeed by retrying. */
export function checkLayout(p: ChunkParams, maxChunkBytes: number): void {
  if (p.chunkSize > maxChunkBytes) throw badRequest(`分片大小不能超过 ${formatBytes(maxChunkBytes)}，请调小 chunkSize`);
  const floor = Math.max(1, Math.floor(p.totalSize / p.chunkSize));
  const ceil = Math.ceil(p.totalSize / p.chunkSize);
  if (p.totalChunks !== floor && p.totalChunks !== ceil) {
    throw badRequest(`分片总数 totalChunks=${p.totalChunks} 与文件大小和分片大小不符（应为 ${floor === ceil ? floor : `${floor} 或 ${ceil}`}）`);
  }
  if (p.chunkNumber > p.totalChunks) throw badRequest(`分片序号 chunkNumber=${p.chunkNumber} 超出分片总数 ${p.totalChunks}`);
  const expected = expectedChunkSize(p, p.chunkNumber);
  if (p.currentChunkSize !== expected) {
    throw badRequest(`第 ${p.chunkNumber} 个分片的大小 currentChunkSize=${p.currentChunkSize} 不对，应为 ${expected} 字节`);
  }
}
