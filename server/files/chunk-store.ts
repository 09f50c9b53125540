// Chunks of uploads in progress, on local disk under ZX_DATA_DIR/uploads-partial/<session id>/<chunk number>.
// Paths are built only from our own session ids and integers, never from a
// name the client sent, so `filename` or `relativePath` cannot reach outside.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { newId } from '../db/ids.js';

const SESSION_ID = /^[A-Za-z0-9_-]{1,64}$/;

export type ChunkProblem = 'too-large' | 'too-small' | 'checksum';

/** The bytes received do not match what the chunk parameters announced. */
export class ChunkMismatchError extends Error {
  override name = 'ChunkMismatchError';
  constructor(readonly problem: ChunkProblem) {
    super(problem);
  }
}

export interface ChunkStore {
  /**
   * Streams one chunk to disk. Stops reading as soon as it exceeds `expectedSize`;
   * checks the size and, when given, the SHA-256; only then renames it into place
   * (so a dropped connection never leaves a short chunk that looks complete).
   */
  write(sessionId: string, chunkNumber: number, source: Readable, expectedSize: number, sha256?: string): Promise<void>;
  /** True when the chunk file is there with exactly this size. */
  has(sessionId: string, chunkNumber: number, size: number): Promise<boolean>;
  /** The first `bytes` bytes of the upload (from chunk 1), for checking the file type. */
  head(sessionId: string, bytes: number): Promise<Buffer>;
  /** Every chunk in order, as one stream of pieces. */
  read(sessionId: string, totalChunks: number): AsyncIterable<Uint8Array>;
  remove(sessionId: string): Promise<void>;
  /** Session folders present on disk (to clean up orphans). */
  sessions(): Promise<string[]>;
}

export function createChunkStore(root: string): ChunkStore {
  const sessionDir = (sessionId: string) => {
    if (!SESSION_ID.test(sessionId)) throw new Error(`invalid upload session id: ${sessionId}`);
    return path.join(root, sessionId);
  };
  const chunkPath = (sessionId: string, chunkNumber: number) => {
    if (!Number.isSafeInteger(chunkNumber) || chunkNumber < 1) throw new Error(`invalid chunk number: ${chunkNumber}`);
    return path.join(sessionDir(sessionId), String(chunkNumber));
  };

  return {
    async write(sessionId, chunkNumber, source, expectedSize, sha256) {
      const dir = sessionDir(sessionId);
      await fs.promises.mkdir(dir, { recursive: true });
      const final = chunkPath(sessionId, chunkNumber);
      const tmp = `${final}.${newId()}.part`;
      const hash = createHash('sha256');
      const out = fs.createWriteStream(tmp, { flags: 'wx' });
      let size = 0;
      let problem: ChunkProblem | null = null;
      try {
        // Read to the end even after a problem: the request body must be
        // consumed for the reply to reach the client on a healthy connection.
        for await (const piece of source as AsyncIterable<Buffer>) {
          if (problem) continue;
          size += piece.length;
          if (size > expectedSize) {
            problem = 'too-large';
            continue;
          }
          hash.update(piece);
          if (!out.write(piece)) await once(out, 'drain');
        }
        await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
        if (!problem && size < expectedSize) problem = 'too-small';
        if (!problem && sha256 && hash.digest('hex') !== sha256.toLowerCase()) problem = 'checksum';
        if (problem) throw new ChunkMismatchError(problem);
        // A duplicate of a chunk already stored simply replaces it (same bytes).
        await fs.promises.rename(tmp, final);
      } catch (error) {
        out.destroy();
        await fs.promises.rm(tmp, { force: true });
        throw error;
      }
    },
    async has(sessionId, chunkNumber, size) {
      try {
        return (await fs.promises.stat(chunkPath(sessionId, chunkNumber))).size === size;
      } catch {
        return false;
      }
    },
    async head(sessionId, bytes) {
      const handle = await fs.promises.open(chunkPath(sessionId, 1), 'r');
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async *read(sessionId, totalChunks) {
      for (let n = 1; n <= totalChunks; n++) {
        for await (const piece of fs.createReadStream(chunkPath(sessionId, n), { highWaterMark: 1024 * 1024 })) yield piece as Buffer;
      }
    },
    async remove(sessionId) {
      await fs.promises.rm(sessionDir(sessionId), { recursive: true, force: true });
    },
    async sessions() {
      try {
        return (await fs.promises.readdir(root)).filter((name) => SESSION_ID.test(name));
      } catch {
        return [];
      }
    },
  };
}
