// Where uploaded and generated files live: one interface, two backends.
//   local (the default): ZX_DATA_DIR/files on this machine's disk (local-storage.ts)
//   s3: any S3-compatible object store — AWS S3, Aliyun OSS, Tencent COS, MinIO (s3-storage.ts)
// Every reader and writer of stored bytes goes through FileStorage (never fs
// under the data folder), so instances with different data folders share
// their files when the store is S3. Stored names are our own random ids,
// never a user's file name. create-storage.ts picks the backend. See docs/storage.md.
import type { Readable } from 'node:stream';
import { ApiError } from '../http/errors.js';

export interface SavedStream {
  storedName: string;
  size: number;
  sha256: string;
}

/** Inclusive byte range, as in HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredFileStat {
  size: number;
  modifiedMs: number;
  /** A strong validator for HTTP caching (quoted, as sent in ETag). */
  etag: string;
}

/** A file on this machine's disk holding the bytes, for code that needs a path (parsers in workers). */
export interface LocalCopy {
  path: string;
  /** Removes the copy if it was made for the caller (a no-op for local storage). */
  release(): Promise<void>;
}

/** One chunk of a chunked upload: its number (from 1) and where its bytes go in the file. */
export interface ChunkSlot {
  number: number;
  offset: number;
  size: number;
}

/** A chunked upload in progress: our session id and the file's size and chunk count. */
export interface UploadTarget {
  id: string;
  totalSize: number;
  totalChunks: number;
}

export type ChunkProblem = 'too-large' | 'too-small' | 'checksum';

/** The bytes received do not match what the chunk parameters announced. */
export class ChunkMismatchError extends Error {
  override name = 'ChunkMismatchError';
  constructor(readonly problem: ChunkProblem) {
    super(problem);
  }
}

/**
 * Chunks of uploads in progress, kept in the store so a chunk may land on any
 * instance. Local disk writes each chunk in place into the final file at its
 * offset; S3 keeps one object per chunk and combines them into multipart
 * parts of at least 5 MiB at the end.
 */
export interface ChunkStore {
  /**
   * Streams one chunk into the store. Stops storing as soon as it exceeds the
   * slot's size; checks the size and, when given, the SHA-256 (throwing
   * ChunkMismatchError). The request body is always read to its end.
   */
  write(uploadId: string, slot: ChunkSlot, source: Readable, sha256?: string): Promise<void>;
  /** True when the store still holds this chunk's bytes. */
  has(uploadId: string, slot: ChunkSlot): Promise<boolean>;
  /** The number of the first of these chunks the store lacks, or null when it holds them all (one look, not one per chunk). */
  firstMissing(uploadId: string, slots: ChunkSlot[]): Promise<number | null>;
  /** The first `bytes` bytes of the upload (from chunk 1), for checking the file type. */
  head(uploadId: string, bytes: number): Promise<Buffer>;
  /**
   * Makes the stored file from every chunk, hashing it once, and returns its
   * size and SHA-256. The stored name is the upload's id, so a run retaken
   * after a crash at any point finishes the same file (local disk renames the
   * upload's file into place: has() and head() still find it there).
   */
  combine(upload: UploadTarget): Promise<SavedStream>;
  remove(uploadId: string): Promise<void>;
  /** Uploads the store holds chunks of, with when they were last written (to sweep orphans). */
  uploads(): Promise<Array<{ id: string; modifiedMs: number }>>;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** For logs and the start-up banner: a folder, or s3://bucket/prefix (never a secret). */
  readonly location: string;
  /** Writes the bytes and returns the stored name. */
  save(content: Buffer): Promise<string>;
  /**
   * Writes a stream of pieces as one new file, hashing as it goes; a failure
   * or crash never leaves a partial file under a real name.
   */
  saveStream(pieces: AsyncIterable<Uint8Array>): Promise<SavedStream>;
  /** The bytes (or a range of them). Rejects with code ENOENT when the file is not there. */
  read(storedName: string, range?: ByteRange): Promise<Readable>;
  readAll(storedName: string): Promise<Buffer>;
  /** Size, time and validator; null when the file is not there. */
  stat(storedName: string): Promise<StoredFileStat | null>;
  remove(storedName: string): Promise<void>;
  localCopy(storedName: string): Promise<LocalCopy>;
  /** Resolves when the store answers; rejects with the reason when it does not (health). */
  check(): Promise<void>;
  /** Removes what writes that died left behind (half-written files, abandoned multipart uploads) before `before`; returns how many. */
  sweep(before: number): Promise<number>;
  chunks: ChunkStore;
}

export const STORAGE_DOWN_MESSAGE = '文件存储暂时无法访问，请稍后再试';

/** The store does not answer (connection refused, time-out, 5xx): a 503 people can read; the cause goes to the log. */
export class StorageUnavailableError extends ApiError {
  constructor(readonly reason: string) {
    super(503, STORAGE_DOWN_MESSAGE);
  }
}

const STORED_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** Stored names come from our own database, but a bad row must still never reach outside the store. */
export function checkStoredName(storedName: string): string {
  if (!STORED_NAME.test(storedName)) throw new Error(`invalid stored file name: ${storedName}`);
  return storedName;
}

/** Upload ids are our own session ids; checked the same way. */
export const checkUploadId = (id: string): string => {
  if (!STORED_NAME.test(id)) throw new Error(`invalid upload session id: ${id}`);
  return id;
};

export const notThere = (storedName: string) => Object.assign(new Error(`stored file ${storedName} is not there`), { code: 'ENOENT' });

/** Reads a whole stream into one buffer. */
export async function streamToBuffer(stream: AsyncIterable<unknown>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}
