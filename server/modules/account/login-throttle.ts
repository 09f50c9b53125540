// Slows down password guessing without locking out a classroom. Failures are
// counted per (account, address) pair and per account, never per address
// alone: a whole school often signs in from one NAT address, and one pupil
// hammering their own account must not block everyone else's correct login.
// A browser that signed in to the account before (a known device, see
// login-devices.ts) is counted on its own: attacks on the account from
// elsewhere never block its owner's correct password.
// One soft limit per address: many failing accounts from one address (a
// password sprayed over every account) are slowed once the address's
// failures pass a ceiling far above a classroom's typos. Right passwords
// give their slot back and known devices are not counted, so a school NAT
// keeps signing in.
import type { Coordination } from '../../coordination/index.js';
import type { LoginAttempt, LoginReservation, LoginThrottle } from '../../ports.js';
import { createAttemptLimiter, createSharedAttemptLimiter, type AttemptBucket, type AttemptLimiter, type AttemptReservation } from './attempt-limiter.js';

export type { LoginAttempt, LoginReservation, LoginThrottle } from '../../ports.js';

/** The in-memory throttle answers at once (tests drive it with their own clock). */
export interface MemoryLoginThrottle extends LoginThrottle {
  reserve(attempt: LoginAttempt, now: number): LoginReservation;
}

export interface ThrottleLimits {
  /** Failures of one account from one address (or one known device). */
  perPair: number;
  /** Failures of one account from anywhere else: slows a guesser spread over many addresses. */
  perUsername: number;
  /** Failures of any account from one address (new devices only). */
  perAddress: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = { perPair: 5, perUsername: 10, perAddress: 100, windowMs: 15 * 60_000 };

function bucketsOf(limits: ThrottleLimits, a: LoginAttempt): AttemptBucket[] {
  return a.knownDevice
    ? [{ key: `d:${a.username}\n${a.knownDevice}`, limit: limits.perPair }]
    : [
        { key: `p:${a.username}\n${a.ip}`, limit: limits.perPair },
        { key: `u:${a.username}`, limit: limits.perUsername },
        { key: `a:${a.ip}`, limit: limits.perAddress },
      ];
}

function withSuccess(limiter: AttemptLimiter, buckets: AttemptBucket[], reservation: AttemptReservation): LoginReservation {
  return {
    ...reservation,
    succeeded() {
      reservation.release();
      // The account's own count stays: an attacker elsewhere keeps being slowed down.
      limiter.clear(buckets[0]!.key);
    },
  };
}

export function createMemoryLoginThrottle(limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS): MemoryLoginThrottle {
  const limiter = createAttemptLimiter(limits.windowMs);
  return {
    reserve(attempt, now) {
      const buckets = bucketsOf(limits, attempt);
      return withSuccess(limiter, buckets, limiter.reserve(buckets, now));
    },
  };
}

/** Several instances: every failure counted once in Redis, whichever instance the guess reached. */
export function createSharedLoginThrottle(coordination: Coordination, limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS): LoginThrottle {
  const limiter = createSharedAttemptLimiter(coordination, 'login', limits.windowMs);
  return {
    async reserve(attempt, now) {
      const buckets = bucketsOf(limits, attempt);
      return withSuccess(limiter, buckets, await limiter.reserve(buckets, now));
    },
  };
}
