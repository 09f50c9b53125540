// Slows down password guessing: after too many failed sign-ins for one
// account, or from one address, within a window, further attempts are refused
// until the window has passed. In memory (one process per instance); the
// interface lets a shared store replace it when there are several instances.

export interface LoginAttempt {
  username: string;
  ip: string;
}

export interface LoginThrottle {
  /** Seconds the caller must wait before trying again; 0 when allowed. */
  retryAfterSeconds(attempt: LoginAttempt, now: number): number;
  recordFailure(attempt: LoginAttempt, now: number): void;
  /** After a successful sign-in the account's count starts again (the address's does not). */
  recordSuccess(attempt: LoginAttempt): void;
}

export interface ThrottleLimits {
  perUsername: number;
  /** Higher than per-account: a whole classroom often shares one address. */
  perIp: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = { perUsername: 5, perIp: 30, windowMs: 15 * 60_000 };

const SWEEP_ABOVE = 10_000;

export function createMemoryLoginThrottle(limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS): LoginThrottle {
  const failures = new Map<string, number[]>();

  const recent = (key: string, now: number): number[] => {
    const kept = (failures.get(key) ?? []).filter((t) => t > now - limits.windowMs);
    if (kept.length) failures.set(key, kept);
    else failures.delete(key);
    return kept;
  };

  const waitFor = (key: string, limit: number, now: number): number => {
    const times = recent(key, now);
    if (times.length < limit) return 0;
    // Allowed again once the oldest failure that still counts has aged out.
    const unlockAt = times[times.length - limit]! + limits.windowMs;
    return Math.max(1, Math.ceil((unlockAt - now) / 1000));
  };

  const keysOf = (a: LoginAttempt) => ({ user: `u:${a.username}`, ip: `ip:${a.ip}` });

  return {
    retryAfterSeconds(attempt, now) {
      const { user, ip } = keysOf(attempt);
      return Math.max(waitFor(user, limits.perUsername, now), waitFor(ip, limits.perIp, now));
    },
    recordFailure(attempt, now) {
      if (failures.size > SWEEP_ABOVE) for (const key of [...failures.keys()]) recent(key, now);
      for (const key of Object.values(keysOf(attempt))) failures.set(key, [...recent(key, now), now]);
    },
    recordSuccess(attempt) {
      failures.delete(keysOf(attempt).user);
    },
  };
}
