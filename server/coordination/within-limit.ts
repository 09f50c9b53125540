// One counter per limit and key, shared by every instance (coordination.limiter),
// refusing with a 429 once used up. Each limiter is made once per coordination.
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { tooMany } from '../http/errors.js';
import type { Coordination } from './types.js';

export interface Limit {
  /** Unique among the limits: it names the shared counter. */
  name: string;
  points: number;
  durationSeconds: number;
  /** What the refused person reads (a catalogue message). */
  message: string;
}

const made = new WeakMap<Coordination, Map<string, RateLimiterAbstract>>();

/** Takes one point of `limit` for `key`; throws the limit's 429 (with Retry-After) when none is left. */
export async function withinLimit(coordination: Coordination, limit: Limit, key: string): Promise<void> {
  let limiters = made.get(coordination);
  if (!limiters) made.set(coordination, (limiters = new Map()));
  let limiter = limiters.get(limit.name);
  if (!limiter) limiters.set(limit.name, (limiter = coordination.limiter({ name: limit.name, points: limit.points, durationSeconds: limit.durationSeconds })));
  try {
    await limiter.consume(key, 1);
  } catch (error) {
    if (error instanceof Error) throw error;
    const wait = Math.max(1, Math.ceil(((error as { msBeforeNext?: number }).msBeforeNext ?? limit.durationSeconds * 1000) / 1000));
    throw tooMany(limit.message, wait);
  }
}
