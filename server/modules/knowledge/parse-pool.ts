// Warm parse workers (parse-worker.ts), reused across documents: starting a
// worker (and, under tsx, its loader) for every document cost more than
// parsing a small one. A worker goes back to the pool only after a job that
// ended normally; one that timed out, crashed, ran out of memory or was left
// mid-job is terminated, and the next document gets a fresh one. The heap
// cap is fixed when a worker starts, so workers are pooled per cap; idle
// ones neither keep the process alive nor linger past IDLE_MS.
import { Worker } from 'node:worker_threads';
import { moduleWorkerScript, workerUrl } from '../../workers/run-worker.js';

/** An idle worker is terminated after this long (its memory goes back). */
const IDLE_MS = 30_000;
/** Idle workers kept per heap cap (about the documents indexed at once). */
const MAX_IDLE = 2;

interface Idle {
  worker: Worker;
  timer: NodeJS.Timeout;
  drop(): void;
}

const idle = new Map<number, Idle[]>();
let started = 0;

function startWorker(memoryMb: number): Worker {
  started += 1;
  // From source under tsx (tests, benches) the worker gets tsx's loader as well.
  const { script, eval: isEval } = moduleWorkerScript(workerUrl('./parse-worker.js', import.meta.url));
  return new Worker(script, { eval: isEval, resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
}

/** A worker with this heap cap: a warm one if there is one (`warm`), else a new one, which says `ready` once it listens. */
export function takeWorker(memoryMb: number): { worker: Worker; warm: boolean } {
  const waiting = idle.get(memoryMb);
  const warm = waiting?.pop();
  if (!warm) return { worker: startWorker(memoryMb), warm: false };
  clearTimeout(warm.timer);
  warm.worker.off('exit', warm.drop).off('error', warm.drop);
  warm.worker.ref();
  return { worker: warm.worker, warm: true };
}

/** Hands back a worker whose job ended normally (it waits for the next job); the caller has removed its listeners. */
export function returnWorker(worker: Worker, memoryMb: number): void {
  const waiting = idle.get(memoryMb) ?? [];
  idle.set(memoryMb, waiting);
  if (waiting.length >= MAX_IDLE) return void worker.terminate();
  const drop = () => {
    const at = waiting.indexOf(entry);
    if (at >= 0) waiting.splice(at, 1);
    clearTimeout(entry.timer);
    void worker.terminate();
  };
  const entry: Idle = { worker, timer: setTimeout(drop, IDLE_MS), drop };
  entry.timer.unref();
  // An idle worker that dies (killed, crashed) leaves the pool: the next document starts a new one.
  worker.once('exit', drop);
  worker.once('error', drop);
  worker.unref();
  waiting.push(entry);
}

/** For tests and benches: workers started so far, and those waiting per heap cap. */
export function poolStats(): { started: number; idle: number; idleWorkers: Worker[] } {
  const idleWorkers = [...idle.values()].flat().map((i) => i.worker);
  return { started, idle: idleWorkers.length, idleWorkers };
}
