// When to try a model server again, and for how long at most. A provider
// saying "Retry-After: 600" must not hold a student's answer for ten
// minutes: retries share a small budget (a few seconds, configurable), a
// wait longer than what is left fails at once, and every wait ends the
// moment the person presses stop.
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai/error';

/** Total time spent waiting between attempts, by default. */
export const DEFAULT_RETRY_BUDGET_MS = 4_000;
const FIRST_BACKOFF_MS = 300;

/** Failures worth another attempt: busy, overloaded or briefly unreachable servers. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof APIConnectionTimeoutError) return false; // the idle limit already waited long enough
  if (error instanceof APIConnectionError) return true;
  if (error instanceof APIError) return error.status === 429 || error.status === 408 || (error.status ?? 0) >= 500;
  return false;
}

/** What the server asked for (Retry-After in seconds or as a date, or retry-after-ms), if anything. */
export function requestedWaitMs(error: unknown, now = Date.now()): number | undefined {
  const headers = error instanceof APIError ? error.headers : undefined;
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const header = headers?.get('retry-after');
  if (!header) return undefined;
  const seconds = Number.parseFloat(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The pause before attempt `attempt + 1`: what the server asked for, or a doubling backoff. */
export function retryDelayMs(error: unknown, attempt: number): number {
  return requestedWaitMs(error) ?? FIRST_BACKOFF_MS * 2 ** attempt;
}

/** Resolves after `ms`, or rejects as soon as `signal` aborts (stop reaches the wait). */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
