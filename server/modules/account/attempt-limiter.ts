// Counts guesses (passwords, join codes) per bucket within a sliding window.
// An attempt is *reserved* before the secret is checked: the check-and-count is
// one synchronous step, so 200 concurrent guesses cannot all pass the check
// before the first one is counted. A correct guess gives its slot back.
// One instance: in memory, a sliding window (createAttemptLimiter). Several
// instances (Redis configured): counted once for all of them through
// rate-limiter-flexible (createSharedAttemptLimiter): consume first (the
// counter is incremented atomically in Redis), then compare; a refused
// attempt and a right guess give their points back.
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Coordination } from '../../coordination/index.js';

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
  reserve(buckets: readonly AttemptBucket[], now: number): AttemptReservation | Promise<AttemptReservation>;
  /** Drops every counted attempt of one bucket (e.g. after a correct password from that pair). */
  clear(key: string): void;
}

/** The in-memory limiter answers at once (tests drive it with their own clock). */
export interface MemoryAttemptLimiter extends AttemptLimiter {
  reserve(buckets: readonly AttemptBucket[], now: number): AttemptReservation;
}

const SWEEP_ABOVE = 10_000;

export function createAttemptLimiter(windowMs: number): MemoryAttemptLimiter {
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

/** A point that could not be given back is only a slightly stricter limit; it is never an error for the person. */
const quietly = (work: Promise<unknown>) => void work.catch(() => {});

/** Counted in Redis for every instance; `name` keeps each limiter's counters apart. */
export function createSharedAttemptLimiter(coordination: Coordination, name: string, windowMs: number): AttemptLimiter {
  const limiters = new Map<number, RateLimiterAbstract>();
  const durationSeconds = Math.max(1, Math.ceil(windowMs / 1000));
  // One counter per (bucket key, limit): rate-limiter-flexible fixes the points per limiter.
  const limiterFor = (limit: number) => {
    let limiter = limiters.get(limit);
    if (!limiter) limiters.set(limit, (limiter = coordination.limiter({ name: `${name}:${limit}`, points: limit, durationSeconds })));
    return limiter;
  };
  const giveBack = (buckets: readonly AttemptBucket[]) => {
    for (const { key, limit } of buckets) quietly(limiterFor(limit).reward(key, 1));
  };
  return {
    async reserve(buckets) {
      const results = await Promise.allSettled(buckets.map(({ key, limit }) => limiterFor(limit).consume(key, 1)));
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (refused.length) {
        // Every bucket was counted (also the refused ones): take them all back, the attempt did not happen.
        giveBack(buckets);
        const waitMs = Math.max(0, ...refused.map((r) => Number((r.reason as { msBeforeNext?: number })?.msBeforeNext ?? 1000)));
        return { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)), release() {} };
      }
      let released = false;
      return {
        retryAfterSeconds: 0,
        release() {
          if (released) return;
          released = true;
          giveBack(buckets);
        },
      };
    },
    clear(key) {
      for (const limiter of limiters.values()) quietly(limiter.delete(key));
    },
  };
}

/** In memory for one instance, in Redis when the instances share it. */
export function attemptLimiterFor(coordination: Coordination, name: string, windowMs: number): AttemptLimiter {
  return coordination.kind === 'memory' ? createAttemptLimiter(windowMs) : createSharedAttemptLimiter(coordination, name, windowMs);
}
