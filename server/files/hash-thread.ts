// SHA-256 of uploads off the request thread (issue 18: hashing was the
// largest part of the server's CPU time per uploaded byte, and the browser's
// uploader asks for each chunk's checksum too, so every byte was hashed
// twice on the thread that answers requests). One hash thread per process,
// started on the first chunk; local-storage.ts hands it each chunk's batches
// once written, in one message (transferred, not copied). If the thread
// dies, the calls waiting on it fail (the chunk is sent again) and a new one
// starts: it knows nothing of earlier chunks, so finishing an upload reads
// its file instead.
import { Worker } from 'node:worker_threads';
import { moduleWorkerScript, workerUrl } from '../workers/run-worker.js';
import type { FinishedHash, HashReply, HashRequest } from './hash-protocol.js';

/** The hash thread stopped before it answered (it crashed, or ran out of memory). */
class HashThreadLost extends Error {
  override name = 'HashThreadLost';
}

type Waiting = { resolve: (value: unknown) => void; reject: (error: Error) => void };

let worker: Worker | null = null;
const waiting = new Map<number, Waiting>();
let nextId = 1;
/** Bytes read back from files to finish hashes, in this process (tests check that in-order uploads read none). */
let readBackTotal = 0;

function thread(): Worker {
  if (worker) return worker;
  const { script, eval: isEval } = moduleWorkerScript(workerUrl('./hash-worker.js', import.meta.url));
  const started = new Worker(script, { eval: isEval, stdout: false, stderr: false, resourceLimits: { maxOldGenerationSizeMb: 64 } });
  started.unref(); // never what keeps the process alive
  started.on('message', (message: HashReply) => {
    const entry = waiting.get(message.id);
    waiting.delete(message.id);
    if (!entry) return;
    if (message.ok) entry.resolve(message.value);
    else entry.reject(Object.assign(new Error(message.error), message.code ? { code: message.code } : {}));
  });
  const lost = (why: string) => {
    if (worker !== started) return;
    worker = null;
    for (const entry of waiting.values()) entry.reject(new HashThreadLost(`hash thread stopped: ${why}`));
    waiting.clear();
  };
  started.on('error', (error) => lost(error.message));
  started.on('exit', (code) => lost(`exit ${code}`));
  worker = started;
  return started;
}

function post(message: HashRequest, transfer?: ArrayBuffer[]): void {
  thread().postMessage(message, transfer);
}

function ask<T>(message: Extract<HashRequest, { id: number }>, transfer?: ArrayBuffer[]): Promise<T> {
  const target = thread();
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
    if (expect === null) {
      post(message, pieces);
      return Promise.resolve(true);
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
  /** Bytes read back from files so far (see readBackTotal). */
  readBack: () => readBackTotal,
  /** Stops the thread as a crash would (tests). */
  async stopForTest(): Promise<void> {
    await worker?.terminate();
  },
};
