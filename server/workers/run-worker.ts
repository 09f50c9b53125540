// Runs one piece of heavy work (parsing, decompression, exports) in a worker
// thread with a memory cap and a time limit, so the request thread keeps
// answering everyone else (heavy work never runs on it). The worker
// module default-exports `async (input) => output`; under tsx (tests, dev)
// the .ts file is loaded through tsx's loader, from dist the .js file.
import { Worker } from 'node:worker_threads';

export class WorkerLimitError extends Error {
  override name = 'WorkerLimitError';
  constructor(
    readonly limit: 'time' | 'memory' | 'crash',
    message: string,
  ) {
    super(message);
  }
}

export interface WorkerLimits {
  /** Old-generation heap cap in MB. */
  memoryMb: number;
  timeoutMs: number;
  /** The worker thread's nice value (Linux): background work by default; work a person waits for takes a fair share. */
  nice?: number;
}

/** Where a sibling worker module lives, as .ts under tsx and .js in the build. */
export function workerUrl(relative: string, base: string): URL {
  const fromSource = base.endsWith('.ts');
  return new URL(fromSource ? relative.replace(/\.js$/u, '.ts') : relative, base);
}

/** How to start a worker that runs a module itself (a long-lived one with its own messages): through tsx's loader under tsx. */
export function moduleWorkerScript(url: URL): { script: string | URL; eval: boolean } {
  if (!url.pathname.endsWith('.ts')) return { script: url, eval: false };
  return { script: `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); });`, eval: true };
}

function bootstrap(url: URL): { script: string | URL; eval: boolean } {
  if (!url.pathname.endsWith('.ts')) return { script: new URL('./worker-entry.js', import.meta.url), eval: false };
  const target = JSON.stringify(url.href);
  const entry = JSON.stringify(new URL('./worker-entry.ts', import.meta.url).href);
  return { script: `import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); }).then((m) => m.serve(${target}));`, eval: true };
}

export function runInWorker<I, O>(url: URL, input: I, limits: WorkerLimits): Promise<O> {
  const { script, eval: isEval } = bootstrap(url);
  return new Promise<O>((resolve, reject) => {
    const worker = new Worker(script, {
      eval: isEval,
      workerData: { module: url.href, input, nice: limits.nice },
      resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: Math.min(64, Math.max(8, limits.memoryMb / 4)) },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => finish(() => reject(new WorkerLimitError('time', `处理超时（超过 ${Math.round(limits.timeoutMs / 1000)} 秒）`))),
      limits.timeoutMs,
    );
    worker.once('message', (message: { ok: true; value: O } | { ok: false; error: string }) =>
      finish(() => (message.ok ? resolve(message.value) : reject(new Error(message.error)))),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new WorkerLimitError('memory', `处理所需内存超过上限（${limits.memoryMb} MB）`)
            : new WorkerLimitError('crash', error.message),
        ),
      ),
    );
    worker.once('exit', (code) => finish(() => reject(new WorkerLimitError('crash', `处理进程意外退出（${code}）`))));
  });
}
