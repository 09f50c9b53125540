// Inside the worker: load the task module, run it on the input, post the
// result (or the error's message) back once.
import { parentPort, workerData } from 'node:worker_threads';
import { setThisThreadNice } from './background-priority.js';

type Task = (input: unknown) => Promise<unknown> | unknown;

export async function serve(moduleUrl: string = workerData.module): Promise<void> {
  // Background work lets requests go first when the cores are busy; work a person waits for runs at the request thread's priority.
  setThisThreadNice(typeof workerData.nice === 'number' ? workerData.nice : undefined);
  try {
    const task = ((await import(moduleUrl)) as { default: Task }).default;
    parentPort!.postMessage({ ok: true, value: await task(workerData.input) });
  } catch (error) {
    parentPort!.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
}

// Started directly from the build (not through the tsx bootstrap).
if (!import.meta.url.endsWith('.ts')) void serve();
