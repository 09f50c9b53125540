// Counters shared by every instance (coordination.limiter): check-in tries
// per student (a code cannot be guessed by trying) and wall messages per
// student (a class wall, not a flood).
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { ServerContext } from '../../context.js';
import type { Coordination } from '../../coordination/index.js';
import { tooMany } from '../../http/errors.js';

const LIMITS = {
  join: { points: 10, durationSeconds: 60, message: '签到尝试太多，请一分钟后再试' },
  wall: { points: 5, durationSeconds: 10, message: '发得太快了，请稍后再发' },
} as const;

const made = new WeakMap<Coordination, Map<string, RateLimiterAbstract>>();

export async function withinLimit(ctx: ServerContext, name: keyof typeof LIMITS, key: string): Promise<void> {
  const { points, durationSeconds, message } = LIMITS[name];
  let limiters = made.get(ctx.coordination);
  if (!limiters) made.set(ctx.coordination, (limiters = new Map()));
  let limiter = limiters.get(name);
  if (!limiter) limiters.set(name, (limiter = ctx.coordination.limiter({ name: `live-${name}`, points, durationSeconds })));
  try {
    await limiter.consume(key, 1);
  } catch (error) {
    if (error instanceof Error) throw error;
    throw tooMany(message);
  }
}
