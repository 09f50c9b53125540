// Where the server's log lines go in production: stdout, without ever
// holding the process. pino's own stdout destination flushes synchronously
// when the process exits and retries a full pipe (EAGAIN) for ever, so with
// stdout a pipe nobody reads (a stalled log shipper, `| tee` to a stopped
// terminal, a parent that keeps the pipe open) SIGTERM never ended the
// process. Here lines go through process.stdout, whose pending writes never
// hold an exit; while the reader is stalled at most MAX_PENDING_BYTES wait
// (later lines are dropped, counted, and the count is logged once it reads
// again), and shutdown waits for them only a bounded time (drain).
import type { Writable } from 'node:stream';
import type { LogDestination } from './logging.js';

/** Log bytes that may wait for a stalled stdout before lines are dropped. */
export const MAX_PENDING_BYTES = 8 * 1024 * 1024;

export interface StdoutLog extends LogDestination {
  /** Resolves true once every line is written, false when `ms` pass first (the reader is stalled). */
  drain(ms: number): Promise<boolean>;
}

/** pino's `warn` level, so the notice reads like any other line. */
const WARN = 40;

export function stdoutLog(out: Writable = process.stdout, maxPending = MAX_PENDING_BYTES): StdoutLog {
  let dropped = 0;
  // Lines of one turn of the event loop leave in one write.
  let batch = '';
  const flush = () => {
    const lines = batch;
    batch = '';
    if (!lines) return;
    if (out.writableLength + lines.length > maxPending) {
      dropped += lines.split('\n').length - 1;
      return;
    }
    if (dropped > 0) {
      out.write(`${JSON.stringify({ level: WARN, time: Date.now(), msg: `${dropped} log lines dropped: stdout was not being read` })}\n`);
      dropped = 0;
    }
    out.write(lines);
  };
  return {
    write(line) {
      if (!batch) setImmediate(flush);
      batch += line;
    },
    drain(ms) {
      if (batch) flush();
      if (out.writableLength === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          out.off('drain', drained);
          resolve(false);
        }, ms);
        const drained = () => {
          clearTimeout(timer);
          resolve(true);
        };
        out.once('drain', drained);
      });
    },
  };
}
