// Copies the SQLite write-ahead log back into the database file from a
// worker thread, so the request thread never does.
//
// SQLite checkpoints by itself at the commit that takes the log past 1,000
// pages, on whichever connection commits: the server's, on the request
// thread. Measured under 200 concurrent questions, 23 of 2,209 commits took
// over 1 ms, most of them 4 to 21 ms (writing 1,000 pages and waiting for
// the disk), while every other commit took 64 µs at the median. Each one
// held up every open answer and every request queued behind it.
//
// The worker has its own connection and runs PASSIVE checkpoints, which
// never wait for or block the server's reads and writes. The server's own
// threshold stays as a safety net, raised so it only acts if the worker
// falls far behind or is gone: the log never grows without bound.
//
// The log starts over from its beginning only when a commit finds every
// frame already copied. Under writes closer together than a checkpoint
// takes (the copy and the disk's fsync), that moment does not come, and the
// log grows until the safety net copies the rest on the request thread
// (one fsync's stall, every SAFETY_NET_PAGES). A school's server has quiet
// moments many times a second; bench/sqlite-checkpoint.ts writes without
// any and stays under the net.
//
// A worker thread holds about 6 MB while it waits (its own V8 and Node, its
// connection), and a school's server is idle most of the night. So the
// worker ends once the log has stood still, every frame copied, for
// REST_AFTER_MS, and is started again when the server's connection sees a
// commit (its own, or another connection's). A new database's first worker
// starts that way too, after the start's migrations, not during them.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * How soon the worker looks again after it found new frames in the log, and
 * how long it waits at most while the log stands still. Each checkpoint ends
 * with an fsync: at 20 ms a server being seeded (every test's) checkpointed
 * a dozen times a second. At 250 ms a server writing 25 MB a second (200
 * questions at once) copies about 1,500 pages at a time, far under the
 * safety net.
 */
export const CHECKPOINT_PAUSES_MS = { busyMs: 250, idleMs: 2_000 };

/** The request thread's own checkpoint threshold while the worker runs (pages: 160 MB at 4 KB). */
export const SAFETY_NET_PAGES = 40_000;

/** The log file is cut back to this size when it starts over, so a burst does not keep its disk space (bytes). */
export const LOG_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

/** One checkpoint's outcome, as `PRAGMA wal_checkpoint` reports it. */
export interface CheckpointResult {
  /** Frames in the log. */
  log: number;
  /** Frames copied into the database file (all of them, when equal to log). */
  checkpointed: number;
}

export type CheckpointerState = 'running' | 'resting' | 'stopped' | 'failed';

export interface WalCheckpointer {
  /** running: a worker checkpoints; resting: none, until the next commit; failed: the worker died (the safety net acts). */
  state(): CheckpointerState;
  /** Checkpoints at once (not waiting for the interval) and reports how far it got; a resting checkpointer starts its worker. */
  checkpointNow(): Promise<CheckpointResult>;
  /** Stops the worker and closes its connection; the server's connection may then close last (SQLite removes the log). */
  stop(): Promise<void>;
}

// The worker's code, run as CommonJS from a string: the same text under tsx
// (tests, development) and from the build, with the driver's path resolved
// here, so the worker finds it wherever the server was started from.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
// Checkpoints yield the core to requests when both are busy (server/workers/background-priority.ts).
try { if (process.platform === 'linux') require('node:os').setPriority(19); } catch {}
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, { fileMustExist: true });
const checkpoint = () => {
  const [row] = db.pragma('wal_checkpoint(PASSIVE)');
  return { log: row.log, checkpointed: row.checkpointed };
};
// Soon again while the log keeps growing (a busy server writes megabytes a
// second), less and less often while it stands still.
let lastLog = -1;
let lastFailure = '';
let lastFailureAt = 0;
let pause = workerData.busyMs;
let timer;
// Since when every frame of the log has been copied and none added.
let stillSince = Date.now();
let idleSaid = false;
const tick = () => {
  try {
    const { log, checkpointed } = checkpoint();
    const still = log === lastLog && checkpointed === log;
    pause = log !== lastLog ? workerData.busyMs : Math.min(pause * 2, workerData.idleMs);
    lastLog = log;
    if (!still) {
      stillSince = Date.now();
      idleSaid = false;
    } else if (workerData.restAfterMs && !idleSaid && Date.now() - stillSince >= workerData.restAfterMs) {
      parentPort.postMessage({ idle: true });
      idleSaid = true;
    }
  } catch (error) {
    // Said once, and again only when it changes or a minute later: a full disk must not fill the log too.
    const failed = String(error && error.message);
    if (failed !== lastFailure || Date.now() - lastFailureAt > 60000) {
      parentPort.postMessage({ failed });
      lastFailure = failed;
      lastFailureAt = Date.now();
    }
    pause = workerData.idleMs;
  }
  timer = setTimeout(tick, pause);
};
timer = setTimeout(tick, pause);
parentPort.on('message', (message) => {
  if (message.type === 'now') {
    try { parentPort.postMessage({ id: message.id, result: checkpoint() }); }
    catch (error) { parentPort.postMessage({ id: message.id, failed: String(error && error.message) }); }
  } else if (message.type === 'stop') {
    clearTimeout(timer);
    // Going to rest: what was committed since the last look is copied first.
    if (message.rest) try { checkpoint(); } catch {}
    db.close();
    parentPort.close();
  }
});
`;

/** How long the log stands still, every frame copied, before the worker ends and its thread's memory is given back. */
export const REST_AFTER_MS = 30_000;

export interface WalCheckpointerOptions {
  pauses?: { busyMs: number; idleMs: number };
  /**
   * A value that changes whenever any connection commits to the database
   * (sqlite.ts's commitMark). Given, the worker rests once the log has stood
   * still for `restAfterMs`, and is started again, checked every
   * `pauses.idleMs`, when the mark moves; it also first starts that way.
   * Not given, the worker runs until stop().
   */
  commitMark?: () => string;
  restAfterMs?: number;
}

type WorkerMessage = { id?: number; result?: CheckpointResult; failed?: string; idle?: true };

/**
 * Checkpoints `file` (a WAL database the caller has open) in a worker.
 * `onFailure` hears a failed checkpoint or a dead worker; the server's
 * safety-net threshold then keeps the log in check (a dead worker is not
 * started again).
 *
 * A settled server writes nothing for minutes at a time, and the worker
 * thread holds about 6 MB (its own V8 and Node, its connection) while it
 * waits: with a commit mark, it rests while nothing is written.
 */
export function startWalCheckpointer(file: string, onFailure: (message: string) => void, options: WalCheckpointerOptions = {}): WalCheckpointer {
  const pauses = options.pauses ?? CHECKPOINT_PAUSES_MS;
  const commitMark = options.commitMark;
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  let state: CheckpointerState = 'resting';
  /** The last worker started, until it has exited. */
  let worker: Worker | undefined;
  let exit: Promise<void> = Promise.resolve();
  let watch: NodeJS.Timeout | undefined;
  const waiting = new Map<number, { resolve: (r: CheckpointResult) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  let waiters = 0;

  /** Resting: the mark is looked at every idle pause, and the worker started again once it moved. */
  const watchForCommits = (mark: string) => {
    watch = setInterval(() => {
      let now: string;
      try {
        now = commitMark!();
      } catch {
        return; // the server's connection is closing
      }
      if (now !== mark) wake();
    }, pauses.idleMs).unref();
  };

  const wake = () => {
    clearInterval(watch);
    state = 'running';
    const own = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file, driver, ...pauses, restAfterMs: commitMark ? (options.restAfterMs ?? REST_AFTER_MS) : 0 },
      // It holds one connection and a timer; SQLite's own page cache is outside the JS heap.
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    worker = own;
    exit = new Promise<void>((resolve) => own.once('exit', () => resolve()));
    // A server with nothing else to do may exit; the worker is no reason to
    // stay, except while someone waits for it to answer (counted: ref is not).
    if (waiters === 0) own.unref();
    let resting = false;
    let said = false;
    own.on('message', (message: WorkerMessage) => {
      const pending = message.id === undefined ? undefined : waiting.get(message.id);
      if (pending) {
        waiting.delete(message.id!);
        if (message.result) pending.resolve(message.result);
        else pending.reject(new Error(message.failed));
      } else if (message.failed) onFailure(`WAL checkpoint failed: ${message.failed}`);
      else if (message.idle && commitMark && waiters === 0 && state === 'running' && worker === own) {
        // The mark is taken before the worker's last checkpoint, so a commit after that checkpoint moves it.
        const mark = commitMark();
        resting = true;
        state = 'resting';
        own.postMessage({ type: 'stop', rest: true });
        watchForCommits(mark);
      }
    });
    own.on('error', (error) => {
      said = true;
      onFailure(`WAL checkpoint worker stopped: ${error.message}`);
    });
    own.once('exit', () => {
      if (worker === own) worker = undefined;
      if (resting) return;
      // An 'error' has said why already.
      if (!said && state !== 'stopped') onFailure('WAL checkpoint worker exited');
      if (state === 'running') state = 'failed';
      for (const pending of waiting.values()) pending.reject(new Error('the WAL checkpoint worker has stopped'));
      waiting.clear();
    });
  };

  const awaited = <T>(promise: Promise<T>): Promise<T> => {
    if (waiters++ === 0) worker?.ref();
    return promise.finally(() => {
      if (--waiters === 0) worker?.unref();
    });
  };

  // With a mark, first started when something is written: a new database's migrations, or the first change after a restart.
  if (commitMark) watchForCommits(commitMark());
  else wake();

  return {
    state: () => state,
    checkpointNow() {
      if (state === 'resting') wake();
      const asked = worker;
      if (state !== 'running' || !asked) return Promise.reject(new Error('the WAL checkpoint worker has stopped'));
      const id = nextId++;
      return awaited(
        new Promise<CheckpointResult>((resolve, reject) => {
          waiting.set(id, { resolve, reject });
          asked.postMessage({ type: 'now', id });
        }),
      );
    },
    async stop() {
      clearInterval(watch);
      const was = state;
      state = 'stopped';
      // A worker going to rest may still be closing its connection: the server's must close after it.
      if (was === 'running') worker?.postMessage({ type: 'stop' });
      await awaited(exit);
    },
  };
}
