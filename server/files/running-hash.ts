// The SHA-256 of uploads in progress, computed on the hash thread
// (hash-worker.ts) as their chunks arrive, so combining an upload need not
// read the whole file back: a chunk that continues the hashed prefix is
// hashed at once (with any later chunks that were waiting for it); one that
// arrives ahead waits in memory (up to PENDING_LIMIT bytes per upload). Only
// an optimisation: an upload with no running hash here (chunks sent before a
// restart or to another instance, too much waiting, a chunk written twice)
// is hashed from the end of its hashed prefix, or from the start, by reading
// the file.
import { createHash, type Hash } from 'node:crypto';

/** Bytes of out-of-order chunks one upload, and all uploads together, may keep waiting in memory (an abandoned upload holds its share until swept). */
export const PENDING_LIMIT = 32 * 1024 * 1024;
export const PENDING_TOTAL_LIMIT = 128 * 1024 * 1024;

interface Running {
  hash: Hash;
  /** Bytes [0, upTo) are hashed. */
  upTo: number;
  /** Chunks written ahead of upTo, by offset. */
  pending: Map<number, Buffer[]>;
  pendingBytes: number;
  /** Offsets being written now. */
  writing: Set<number>;
  /** Nothing more is added: combining reads the file from upTo. */
  frozen: boolean;
}

export interface HashedPrefix {
  hash: Hash;
  upTo: number;
}

export interface RunningHashes {
  /** A chunk starts being written at `offset`. */
  start(id: string, offset: number): void;
  /** The chunk at `offset` was written whole with these pieces (in order; the caller hands them over, unchanged from now on). */
  written(id: string, offset: number, pieces: Buffer[]): void;
  /** The chunk at `offset` failed (it lies beyond the hashed prefix, so the prefix stands; it will be written again). */
  failed(id: string, offset: number): void;
  /** The hashed prefix, removed from memory (combining takes it once). */
  take(id: string): HashedPrefix | null;
  forget(id: string): void;
}

export function createRunningHashes(): RunningHashes {
  const uploads = new Map<string, Running>();
  let pendingTotal = 0;
  /** Uploads whose bytes changed under their hash (a hashed or waiting chunk written again): hashed from the file. */
  const spoiled = new Set<string>();

  const freeze = (r: Running) => {
    r.frozen = true;
    r.pending.clear();
    pendingTotal -= r.pendingBytes;
    r.pendingBytes = 0;
  };
  const drop = (id: string) => {
    const r = uploads.get(id);
    if (r) freeze(r);
    uploads.delete(id);
  };
  const spoil = (id: string) => {
    drop(id);
    spoiled.add(id);
  };

  const advance = (r: Running) => {
    for (let next = r.pending.get(r.upTo); next; next = r.pending.get(r.upTo)) {
      r.pending.delete(r.upTo);
      for (const piece of next) {
        r.hash.update(piece);
        r.upTo += piece.length;
        r.pendingBytes -= piece.length;
        pendingTotal -= piece.length;
      }
    }
  };

  return {
    start(id, offset) {
      if (spoiled.has(id)) return;
      let r = uploads.get(id);
      if (!r) uploads.set(id, (r = { hash: createHash('sha256'), upTo: 0, pending: new Map(), pendingBytes: 0, writing: new Set(), frozen: false }));
      // Bytes already hashed, waiting, or being written by another request would change under the hash.
      if (offset < r.upTo || r.pending.has(offset) || r.writing.has(offset)) return spoil(id);
      r.writing.add(offset);
    },
    written(id, offset, pieces) {
      const r = uploads.get(id);
      if (!r?.writing.delete(offset) || r.frozen) return;
      if (offset === r.upTo) {
        for (const piece of pieces) {
          r.hash.update(piece);
          r.upTo += piece.length;
        }
        advance(r);
        return;
      }
      const size = pieces.reduce((sum, piece) => sum + piece.length, 0);
      if (r.pendingBytes + size > PENDING_LIMIT || pendingTotal + size > PENDING_TOTAL_LIMIT) return freeze(r);
      r.pending.set(offset, pieces);
      r.pendingBytes += size;
      pendingTotal += size;
    },
    failed(id, offset) {
      uploads.get(id)?.writing.delete(offset);
    },
    take(id) {
      const r = uploads.get(id);
      drop(id);
      spoiled.delete(id);
      // A chunk still being written would land after the prefix is read on: no prefix then.
      if (!r || r.writing.size > 0 || r.upTo === 0) return null;
      return { hash: r.hash, upTo: r.upTo };
    },
    forget(id) {
      drop(id);
      spoiled.delete(id);
    },
  };
}
