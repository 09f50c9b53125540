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
 * For work people wait for (indexing a document, reading a handed-in file): the request thread's own
 * priority. At nice 19 indexing got 3 % of a CPU at load 20 and took 10–20× its quiet time; at nice 2
 * (weight 655 against 1024) a 200-page PDF beside one busy process per core still took 2.2–2.5× its
 * quiet time, at nice 0 1.6–2.1×, while GET /health's p99 during indexing was the same at both: the
 * kernel's scheduler runs a request thread that wakes ahead of a thread that has been running, so
 * requests need no lower priority for the workers to stay quick (bench/index-throughput.ts,
 * bench/indexing-latency.ts). Set explicitly, so a thread started by a background thread does not
 * inherit its lower priority.
 */
export const FAIR_SHARE_NICE = 0;

/** Sets the calling thread's nice value (Linux only; raising priority above the process's needs privilege and is skipped); never throws. */
export function setThisThreadNice(nice: number = BACKGROUND_NICE, platform: NodeJS.Platform = process.platform): boolean {
  if (platform !== 'linux') return false;
  try {
    os.setPriority(nice);
    return true;
  } catch {
    return false; // not permitted (a sandbox, or a priority above what this process may take): the work still runs at the priority it has
  }
}
