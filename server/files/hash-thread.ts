// SHA-256 of uploads off the request thread (hashing was the
// largest part of the server's CPU time per uploaded byte, and the browser's
// uploader asks for each chunk's checksum too, so every byte was hashed
// twice on the thread that answers requests). One hash thread per process,
// started on the first chunk; local-storage.ts hands it each chunk's batches
// once written, in one message (transferred, not copied). If the thread
// dies, the calls waiting on it fail (the chunk is sent again) and a new one
// starts: it knows nothing of earlier chunks, so finishing an upload reads
// its file instead. Every other SHA-256 of a file's bytes runs here too:
// bytes in memory (`sha256`: an object store's chunk before its PUT, a
// small upload, a generated file) and bytes streaming to storage
// (`passing`).
import { Worker } from 'node:worker_threads';
import { moduleWorkerScript, workerUrl } from '../workers/run-worker.js';
import type { FinishedHash, HashReply, HashRequest, PassedHash } from './hash-protocol.js';

/** The hash thread stopped before it answered (it crashed, or ran out of memory). */
export class HashThreadLost extends Error {
  override name = 'HashThreadLost';
}

type Waiting = { resolve: (value: unknown) => void; reject: (error: Error) => void };

let worker: Worker | null = null;
const waiting = new Map<number, Waiting>();

/**
 * Bytes handed to the hash thread may wait in its queue up to this much.
 * Past it, whoever hands it more waits (a chunk's reply, a streamed save's
 * next read): a hash thread slower than the uploads, on a busy machine,
 * slows the uploads down instead of holding their bytes in memory.
 */
export const HASH_QUEUE_LIMIT = 64 * 1024 * 1024;
let queuedBytes = 0;
/** The most that was ever queued, in this process (tests). */
let queuedPeak = 0;
let roomWaiters: Array<() => void> = [];

// While the thread holds work a caller waits on (an answer, queued bytes),
// a timer keeps the process alive: a command or script awaiting a hash is
// never ended under it, even while a lost thread is being replaced. Idle,
// nothing holds an exit.
let holding: NodeJS.Timeout | null = null;

function hold(): void {
  holding ??= setInterval(() => undefined, 1 << 30);
}

function releaseWhenIdle(): void {
  if (holding && waiting.size === 0 && queuedBytes === 0) {
    clearInterval(holding);
    holding = null;
  }
}

function queued(bytes: number): void {
  if (bytes > 0) hold(); // the thread reports only non-empty batches consumed
  queuedBytes += bytes;
  queuedPeak = Math.max(queuedPeak, queuedBytes);
}

function consumed(bytes: number): void {
  queuedBytes = Math.max(0, queuedBytes - bytes);
  if (queuedBytes >= HASH_QUEUE_LIMIT) return;
  const waking = roomWaiters;
  roomWaiters = [];
  for (const wake of waking) wake();
}

/** Resolves once the hash thread's queue is under HASH_QUEUE_LIMIT. */
function room(): Promise<void> {
  if (queuedBytes < HASH_QUEUE_LIMIT) return Promise.resolve();
  return new Promise((resolve) => roomWaiters.push(resolve));
}
let nextId = 1;
/** Bytes read back from files to finish hashes, in this process (tests check that in-order uploads read none). */
let readBackTotal = 0;

function thread(): Worker {
  if (worker) return worker;
  const { script, eval: isEval } = moduleWorkerScript(workerUrl('./hash-worker.js', import.meta.url));
  const started = new Worker(script, { eval: isEval, stdout: false, stderr: false, resourceLimits: { maxOldGenerationSizeMb: 64 } });
  started.on('message', (message: HashReply) => {
    if ('type' in message) consumed(message.bytes);
    else {
      const entry = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.ok) entry?.resolve(message.value);
      else entry?.reject(Object.assign(new Error(message.error), message.code ? { code: message.code } : {}));
    }
    releaseWhenIdle();
  });
  const lost = (why: string) => {
    if (worker !== started) return;
    worker = null;
    // What the lost thread held is gone with it.
    consumed(queuedBytes);
    for (const entry of waiting.values()) entry.reject(new HashThreadLost(`hash thread stopped: ${why}`));
    waiting.clear();
    releaseWhenIdle(); // a caller that asks again (in a microtask, before the event loop looks) holds it anew
  };
  started.on('error', (error) => lost(error.message));
  started.on('exit', (code) => lost(`exit ${code}`));
  // Never what keeps the process alive by itself (unref'd after the listeners: adding one refs a worker again).
  started.unref();
  worker = started;
  return started;
}

/** A message that asks for no answer: its bytes, if any, were counted by queued() first. */
function post(message: HashRequest, transfer?: ArrayBuffer[]): void {
  thread().postMessage(message, transfer);
}

function ask<T>(message: Extract<HashRequest, { id: number }>, transfer?: ArrayBuffer[]): Promise<T> {
  const target = thread();
  hold();
  return new Promise<T>((resolve, reject) => {
    waiting.set(message.id, { resolve: resolve as (value: unknown) => void, reject });
    target.postMessage(message, transfer);
  });
}

/** A buffer the hash thread may own: the batch's own memory, or a copy when it shares memory with others (Node's small-buffer pool). */
function ownBytes(bytes: Buffer): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) return bytes.buffer;
  const copy = new ArrayBuffer(bytes.length);
  new Uint8Array(copy).set(bytes);
  return copy;
}

/** Passing bytes are sent to the thread in copies of about this size (a message per megabyte, not per network read). */
const PASS_BATCH = 1024 * 1024;

/** A SHA-256 of bytes on their way elsewhere (an upload streamed to an object store), computed on the hash thread. */
export interface PassingHash {
  /** The next bytes, in order. Copied before they are sent, so the caller passes the same memory on (unchanged). */
  update(bytes: Uint8Array): void;
  /** Resolves once the hash thread has room for more (HASH_QUEUE_LIMIT): awaited before reading on. */
  ready(): Promise<void>;
  /** Size and SHA-256 of everything given; rejects if the thread was lost meanwhile (the hash would miss bytes). */
  digest(): Promise<PassedHash>;
  /** Given up (the upload failed): the thread drops it. */
  abandon(): void;
}

export const hashThread = {
  /**
   * A chunk was written at `offset` with these batches, in order (their
   * memory moves to the hash thread: not to be used afterwards), or `failed`
   * part way. With `expect` (the client's checksum), resolves whether the
   * chunk's SHA-256 is that; a chunk that does not match counts as failed.
   */
  chunk(key: string, offset: number, batches: Buffer[], outcome: { failed: boolean; expect?: string | null }): Promise<boolean> {
    const pieces = batches.map(ownBytes);
    // A failed chunk is not checked: nobody waits for its answer.
    const expect = outcome.failed ? null : (outcome.expect ?? null);
    const message = { type: 'chunk', id: nextId++, key, offset, pieces, failed: outcome.failed, expect } as const;
    queued(pieces.reduce((sum, piece) => sum + piece.byteLength, 0));
    if (expect === null) {
      post(message, pieces);
      // The chunk's reply waits while the thread is too far behind (a failed chunk's caller does not wait for it).
      return room().then(() => true);
    }
    return ask<boolean>(message, pieces);
  },
  /** The upload's size and SHA-256; if the thread is lost meanwhile, a new one hashes the whole file (once). */
  async finish(key: string, file: string): Promise<FinishedHash> {
    const once = () => ask<FinishedHash>({ type: 'finish', id: nextId++, key, file });
    const result = await once().catch((error: unknown) => {
      if (error instanceof HashThreadLost) return once();
      throw error;
    });
    readBackTotal += result.readBack;
    return result;
  },
  forget(key: string): void {
    post({ type: 'forget', key });
  },
  /**
   * The SHA-256 of `bytes`, hashed on the thread. A copy goes there (copying
   * is several times cheaper than hashing), so the bytes stay the caller's
   * and a thread lost meanwhile is simply asked again, once.
   */
  async sha256(bytes: Uint8Array): Promise<string> {
    const once = () => {
      const copy = new Uint8Array(bytes).buffer;
      return ask<string>({ type: 'digest', id: nextId++, bytes: copy }, [copy]);
    };
    return once().catch((error: unknown) => {
      if (error instanceof HashThreadLost) return once();
      throw error;
    });
  },
  passing(): PassingHash {
    const key = `passing-${nextId++}`;
    // A new thread would start this hash over from the middle: every byte must reach the same one.
    const target = thread();
    let held: Uint8Array[] = [];
    let heldBytes = 0;
    // Once `target` is lost, `worker` is never it again: digest() sees that and refuses.
    const flush = () => {
      if (heldBytes > 0 && worker === target) {
        const bytes = ownBytes(Buffer.concat(held, heldBytes));
        queued(bytes.byteLength);
        post({ type: 'pass', key, bytes }, [bytes]);
      }
      held = [];
      heldBytes = 0;
    };
    return {
      update(bytes) {
        held.push(bytes);
        heldBytes += bytes.length;
        if (heldBytes >= PASS_BATCH) flush();
      },
      ready: room,
      async digest() {
        flush();
        if (worker !== target) throw new HashThreadLost('hash thread stopped while bytes were passing');
        return ask<PassedHash>({ type: 'pass-end', id: nextId++, key });
      },
      abandon() {
        held = [];
        heldBytes = 0;
        if (worker === target) post({ type: 'forget', key });
      },
    };
  },
  /** Bytes read back from files so far (see readBackTotal). */
  readBack: () => readBackTotal,
  /** The most bytes that ever waited in the thread's queue, and what waits now (tests). */
  queue: () => ({ peak: queuedPeak, now: queuedBytes }),
  /** Stops the thread as a crash would (tests). */
  async stopForTest(): Promise<void> {
    await worker?.terminate();
  },
};
