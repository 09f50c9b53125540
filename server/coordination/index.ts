// What instances share besides the database: broadcast messages (stop an
// answer wherever it is written), the event logs of answers being written
// (so a reader on any instance follows or resumes one), short claims, and
// rate limits counted once. With ZX_REDIS_URL set all of it lives in Redis;
// without it, in this process (one instance works exactly as before).
import { ConfigError, type Env } from '../config.js';
import { createMemoryCoordination } from './memory.js';
import { createRedisCoordination } from './redis.js';
import type { Coordination } from './types.js';

export type { AnswerEvent, AnswerLog, Coordination, CoordinationHealth, LimiterOptions, LoggedEvent } from './types.js';
export { followAnswer, type Following } from './follow.js';
export { createMemoryCoordination } from './memory.js';

/** ZX_REDIS_URL (redis:// or rediss://), or null when unset. */
export function redisUrl(env: Env): string | null {
  const raw = env.ZX_REDIS_URL?.trim();
  if (!raw) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError('ZX_REDIS_URL is not a valid URL; expected redis://host:6379 (or rediss:// for TLS)');
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new ConfigError(`ZX_REDIS_URL must start with redis:// or rediss:// (got ${parsed.protocol}//)`);
  }
  return raw;
}

export function createCoordination(env: Env): Coordination {
  const url = redisUrl(env);
  return url ? createRedisCoordination(url, env.ZX_REDIS_PREFIX?.trim() || 'zx') : createMemoryCoordination();
}
export { everyOnOneInstance, tickClaimMs, type EveryOptions } from './one-instance.js';
export { withinLimit, type Limit } from './within-limit.js';
