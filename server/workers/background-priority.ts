// Heavy work (parsing, exports) runs in worker threads so requests are never
// stuck behind it; on a machine with few cores the worker still competes with
// the request thread for CPU time, which showed as GET /health p99 7.7× its
// idle value while a 150 MB document was indexed (bench/indexing-latency.ts).
// Lowering the worker's own scheduling priority lets the kernel give the
// request thread the core whenever it has something to do.
//
// On Linux a thread's nice value is its own: setpriority(PRIO_PROCESS, 0)
// called from a thread changes that thread only. Elsewhere (macOS, Windows)
// it would lower the whole server, so it is done on Linux only.
import os from 'node:os';

/** The nice value of background threads: the lowest priority there is. */
export const BACKGROUND_NICE = 19;
/**
 * For work people wait for (indexing a document): at nice 19 it got 3 % of a CPU at load 20 and took
 * 10–20× its quiet time. Nice 2 weighs 655 against a request thread's 1024 (CFS), so the worker keeps
 * close to a fair share and requests still go a little ahead.
 */
export const FAIR_SHARE_NICE = 2;

/** Lowers the calling thread's CPU priority (Linux only); never throws. */
export function lowerThisThreadPriority(nice: number = BACKGROUND_NICE, platform: NodeJS.Platform = process.platform): boolean {
  if (platform !== 'linux') return false;
  try {
    os.setPriority(nice);
    return true;
  } catch {
    return false; // not permitted in this sandbox: the work still runs, only at normal priority
  }
}
