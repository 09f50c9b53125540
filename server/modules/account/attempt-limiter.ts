// Counts guesses (passwords, join codes) per bucket within a sliding window.
// An attempt is *reserved* before the secret is checked: the check-and-count is
// one synchronous step, so 200 concurrent guesses cannot all pass the check
// before the first one is counted. A correct guess gives its slot back.
// In memory (one process per instance).

export interface AttemptBucket {
  key: string;
  /** Attempts allowed in the window before further ones are refused. */
  limit: number;
}

export interface AttemptReservation {
  /** Seconds to wait before trying again; 0 when the attempt was allowed (and counted). */
  retryAfterSeconds: number;
  /** The guess was right: it no longer counts against any of its buckets. */
  release(): void;
}

export interface AttemptLimiter {
  reserve(buckets: readonly AttemptBucket[], now: number): AttemptReservation;
  /** Drops every counted attempt of one bucket (e.g. after a correct password from that pair). */
  clear(key: string): void;
}

const SWEEP_ABOVE = 10_000;

export function createAttemptLimiter(windowMs: number): AttemptLimiter {
  const attempts = new Map<string, number[]>();

  const recent = (key: string, now: number): number[] => {
    const kept = (attempts.get(key) ?? []).filter((t) => t > now - windowMs);
    if (kept.length) attempts.set(key, kept);
    else attempts.delete(key);
    return kept;
  };

  const waitFor = ({ key, limit }: AttemptBucket, now: number): number => {
    const times = recent(key, now);
    if (times.length < limit) return 0;
    // Allowed again once the oldest attempt that still counts has aged out.
    const unlockAt = times[times.length - limit]! + windowMs;
    return Math.max(1, Math.ceil((unlockAt - now) / 1000));
  };

  return {
    reserve(buckets, now) {
      if (attempts.size > SWEEP_ABOVE) for (const key of [...attempts.keys()]) recent(key, now);
      const wait = Math.max(0, ...buckets.map((b) => waitFor(b, now)));
      if (wait > 0) return { retryAfterSeconds: wait, release() {} };
      for (const { key } of buckets) attempts.set(key, [...recent(key, now), now]);
      let released = false;
      return {
        retryAfterSeconds: 0,
        release() {
          if (released) return;
          released = true;
          for (const { key } of buckets) {
            const times = attempts.get(key);
            const at = times?.lastIndexOf(now) ?? -1;
            if (times && at >= 0) times.splice(at, 1);
          }
        },
      };
    },
    clear(key) {
      attempts.delete(key);
    },
  };
}
