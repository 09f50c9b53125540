// The messages between the request thread (hash-thread.ts) and the hash
// thread (hash-worker.ts). `key` names one upload in one file store. One
// message per chunk (each message wakes the other thread, and on a busy
// machine a wake-up cost more than hashing the megabyte it carried).
export type HashRequest =
  /**
   * A chunk's bytes were written at `offset` (the buffers are handed over):
   * whole, or not (`failed`: it will be sent again; its bytes may have changed
   * the file there all the same). With `expect`, the chunk counts as written
   * only if its SHA-256 is that, and the reply says whether it was.
   */
  | { type: 'chunk'; id: number; key: string; offset: number; pieces: ArrayBuffer[]; failed: boolean; expect: string | null }
  /** The upload's size and SHA-256, reading `file` for what the running hash missed. */
  | { type: 'finish'; id: number; key: string; file: string }
  /** The SHA-256 of these bytes (a copy, handed over). */
  | { type: 'digest'; id: number; bytes: ArrayBuffer }
  /** More bytes of the passing hash `key` (copies: the originals went on to the store). */
  | { type: 'pass'; key: string; bytes: ArrayBuffer }
  /** The passing hash `key` is complete: its size and SHA-256. */
  | { type: 'pass-end'; id: number; key: string }
  /** Drops what the thread holds for `key` (a running hash or a passing one). */
  | { type: 'forget'; key: string };

export interface FinishedHash {
  size: number;
  sha256: string;
  /** Bytes read back from the file (what the running hash missed). */
  readBack: number;
}

export interface PassedHash {
  size: number;
  sha256: string;
}

export type HashReply =
  | { id: number; ok: true; value: boolean | string | FinishedHash | PassedHash }
  | { id: number; ok: false; code: string | null; error: string }
  /** The bytes of a `chunk` or `pass` message were hashed (or dropped): they no longer wait in the thread's queue. */
  | { type: 'consumed'; bytes: number };
