// A pause that ends early when its signal aborts (a job cancelled or timed out, an
// answer stopped, the server stopping); the caller then looks at the signal and leaves.
// One helper for the generation queue's polls and the offline engines' pacing (chat and mind maps).
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
