// Runs one document on a pooled parse worker (parse-pool.ts) under the
// indexing limits: the worker's heap is capped (resourceLimits), and the
// time it spends working on this document (not the time it waits while the
// main thread writes its batches) is capped too; past either it is
// terminated and the pool starts a fresh one for the next document. Any way
// the job ends other than "done" becomes an IndexFailure whose message the
// teacher reads.
import type { IndexLimits } from './index-limits.js';
import { takeWorker, returnWorker } from './parse-pool.js';
import { NEXT, UNREADABLE_MESSAGE, type ParseJob, type ParseRequest, type ParsedInfo, type WorkerPassage, type WorkerReply } from './parse-protocol.js';

/** The document cannot be indexed; `message` says why in words a teacher can act on. */
export class IndexFailure extends Error {
  override name = 'IndexFailure';
  constructor(
    message: string,
    /** For the log: what actually went wrong, when it was unexpected. */
    readonly detail?: string,
  ) {
    super(message);
  }
}

export interface ParseHandlers {
  parsed(info: ParsedInfo): Promise<void>;
  batch(passages: WorkerPassage[]): Promise<void>;
  /** Writer mode: the worker itself wrote `count` more passages. */
  wrote?(count: number): void;
}

/** The document was deleted while it was being indexed: nothing more to write. */
export class DocumentGone extends Error {
  override name = 'DocumentGone';
}

export const outOfMemory = (mb: number) => new IndexFailure(`解析时内存超出限制（${mb} MB），文件内容过多或结构异常；请拆分成几个较小的文件后再上传`);
export const timedOut = (ms: number) => new IndexFailure(`解析超时（超过 ${Math.round(ms / 1000)} 秒仍未完成）；请拆分成几个较小的文件后再上传`);

/** The server is stopping: the document goes back to the queue untouched. */
export class ParseAborted extends Error {
  override name = 'ParseAborted';
}

export function parseInWorker(
  job: ParseJob,
  limits: Pick<IndexLimits, 'memoryMb' | 'timeoutMs'>,
  handlers: ParseHandlers,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new ParseAborted());
    const { worker, warm } = takeWorker(limits.memoryMb);
    const post = (request: ParseRequest) => worker.postMessage(request);
    let settled = false;
    let busyMs = 0;
    let busySince = 0;
    let timer: NodeJS.Timeout | undefined;
    const onAbort = () => finish(new ParseAborted());
    /** `reusable`: the worker ended the job itself and waits for the next one. */
    const finish = (error?: Error, reusable = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // The signal outlives the parse (the indexer's, for the life of the server): a listener
      // left on it would keep this parse's worker, job and handlers for good.
      signal?.removeEventListener('abort', onAbort);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (reusable) returnWorker(worker, limits.memoryMb);
      else void worker.terminate();
      if (error) reject(error);
      else resolve();
    };
    // The clock runs only while the worker works.
    const working = () => {
      busySince = performance.now();
      timer = setTimeout(() => finish(timedOut(limits.timeoutMs)), Math.max(0, limits.timeoutMs - busyMs));
    };
    const waiting = () => {
      clearTimeout(timer);
      busyMs += performance.now() - busySince;
    };
    const askNext = () => {
      if (settled) return;
      working();
      post(NEXT);
    };

    const onMessage = (reply: WorkerReply) => {
      // Writer mode: the worker goes on working (and its clock on running) after telling its progress.
      if (reply.type === 'wrote') return handlers.wrote?.(reply.count);
      if (reply.type === 'ready') return post({ type: 'job', job });
      waiting();
      // An unexpected error (with a detail) may have left the worker in a bad state: not reused.
      if (reply.type === 'failed') return finish(new IndexFailure(reply.reason, reply.detail), reply.detail === undefined);
      if (reply.type === 'done') return finish(undefined, true);
      if (reply.type === 'gone') return finish(new DocumentGone(), true);
      const handled = reply.type === 'parsed' ? handlers.parsed(reply) : handlers.batch(reply.passages);
      handled.then(askNext, (error: Error) => finish(error));
    };
    const onError = (error: Error & { code?: string }) =>
      finish(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? outOfMemory(limits.memoryMb) : new IndexFailure(UNREADABLE_MESSAGE, error.stack ?? error.message));
    const onExit = (code: number) => finish(new IndexFailure(UNREADABLE_MESSAGE, `parsing worker exited with code ${code}`));
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    signal?.addEventListener('abort', onAbort, { once: true });
    working();
    if (warm) post({ type: 'job', job });
  });
}
