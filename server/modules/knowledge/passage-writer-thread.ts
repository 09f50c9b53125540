// The parse worker's side of its passage writer (passage-writer-worker.ts):
// one thread, started at the first document written in writer mode and kept
// for the parse worker's life, so a warm parse worker has a warm writer too.
// It dies with the parse worker (a timed-out or crashed job terminates both),
// and carries the parse worker's heap cap, which a nested thread does not
// inherit.
import { resourceLimits, Worker } from 'node:worker_threads';
import { moduleWorkerScript, workerUrl } from '../../workers/run-worker.js';
import type { ChunkWriterJob, PassageWriterReply, PassageWriterRequest } from './parse-protocol.js';

/** The writer found the document deleted or taken over by another run: nothing more of it is written. */
export class DocumentGoneError extends Error {
  override name = 'DocumentGoneError';
}

interface WriterThread {
  worker: Worker;
  /** Resolves once the thread listens: requests are posted after it, in order. */
  ready: Promise<void>;
}

let thread: WriterThread | null = null;

function writerThread(): WriterThread {
  if (thread) return thread;
  const { script, eval: isEval } = moduleWorkerScript(workerUrl('./passage-writer-worker.js', import.meta.url));
  const cap = resourceLimits.maxOldGenerationSizeMb;
  const worker = new Worker(script, { eval: isEval, ...(cap ? { resourceLimits: { maxOldGenerationSizeMb: cap } } : {}) });
  const ready = new Promise<void>((resolve) => {
    const onReady = (reply: PassageWriterReply) => {
      if (reply.type !== 'ready') return;
      worker.off('message', onReady);
      resolve();
    };
    worker.on('message', onReady);
  });
  const started: WriterThread = { worker, ready };
  worker.once('exit', () => {
    if (thread === started) thread = null;
  });
  thread = started;
  return started;
}

/**
 * Batches handed over but not yet written. The parse worker waits past it, so
 * a document read faster than it is written (plain text arrives all at once)
 * never piles up in the message queue, outside both threads' heap caps.
 */
const MAX_QUEUED_BATCHES = 4;

export interface PassageWriter {
  /**
   * Queues a batch, to be segmented and written after the ones before it; resolves once the queue has room.
   * Throws DocumentGoneError once the writer found the document deleted or taken over: reading on is wasted.
   */
  write(passages: Array<{ content: string; page: number | null }>): Promise<void>;
  /** Waits for every queued batch: "done", or "gone" when the document was deleted or taken over meanwhile. */
  end(): Promise<'done' | 'gone'>;
}

/** Starts writing one document's passages on the writer thread; `onWrote` hears each batch written. */
export function startPassageWriter(job: ChunkWriterJob, onWrote: (count: number) => void): PassageWriter {
  const { worker, ready } = writerThread();
  const post = (request: PassageWriterRequest) => void ready.then(() => worker.postMessage(request));
  let queued = 0;
  let gone = false;
  let failure: Error | null = null;
  /** Wakes a write() waiting for room (or to learn of a failure). */
  let wake: (() => void) | null = null;
  const outcome = new Promise<'done' | 'gone'>((resolve, reject) => {
    const stop = (error?: Error) => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (error) {
        failure = error;
        reject(error);
      }
      wake?.();
    };
    const onMessage = (reply: PassageWriterReply) => {
      if (reply.type === 'wrote') {
        queued -= 1;
        if (reply.count > 0) onWrote(reply.count);
        if (reply.gone) gone = true;
        return wake?.();
      }
      if (reply.type === 'ended') {
        stop();
        resolve(reply.gone ? 'gone' : 'done');
      } else if (reply.type === 'failed') stop(new Error(`writing passages failed: ${reply.detail}`));
    };
    const onError = (error: Error) => stop(error);
    const onExit = (code: number) => stop(new Error(`the passage writer exited with code ${code}`));
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
  // A failure is read by write() or end(); until then it must not count as unhandled.
  outcome.catch(() => {});
  post({ type: 'begin', job });
  return {
    async write(passages) {
      const stopped = () => {
        if (failure) throw failure;
        if (gone) throw new DocumentGoneError();
      };
      stopped();
      post({ type: 'batch', passages });
      queued += 1;
      while (queued >= MAX_QUEUED_BATCHES) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        stopped();
      }
    },
    end() {
      post({ type: 'end' });
      return outcome;
    },
  };
}
