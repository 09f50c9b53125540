// Several instances: Redis (ZX_REDIS_URL). Two connections per instance:
// one for commands, one subscribed to the channels this instance listens on.
// An answer's events are a Redis list (index = seq - 1, expiring) plus a
// channel per answer announcing each new one. Limits fall back to this
// instance's memory while Redis is unreachable (insurance limiter), so a
// Redis outage slows nobody down to a halt; it is reported by /health.
// The answers this instance writes are also logged in its memory, and read
// from there: its own readers follow them as on one instance whatever Redis
// does, and readers on other instances use Redis (or, while it is down, the
// saved answer: chat/answer-lifecycle.ts polls the database).
import type * as IoRedis from 'ioredis';
import { requirePackage } from '../require-package.js';
import { memoryAnswerLog, rateLimiters } from './memory.js';
import { ANSWER_LOG_TTL_MS, ENDED_LOG_TTL_MS, type AnswerEvent, type Coordination, type LoggedEvent } from './types.js';

const OPTIONS = {
  // Commands wait for a reconnect at most this long instead of piling up forever.
  maxRetriesPerRequest: 2,
  enableOfflineQueue: true,
  connectTimeout: 5_000,
  retryStrategy: (times: number) => Math.min(200 * times, 2_000),
} as const;

export function createRedisCoordination(url: string, prefix: string): Coordination {
  // Loaded here, when ZX_REDIS_URL is set (server/require-package.ts).
  const { Redis } = requirePackage<typeof IoRedis>('ioredis');
  const redis = new Redis(url, { ...OPTIONS, connectionName: 'zx-commands' });
  const sub = new Redis(url, { ...OPTIONS, connectionName: 'zx-subscriber' });
  // Errors surface through commands and /health; an 'error' event without a listener would kill the process.
  let lastError = '';
  const remember = (error: Error) => {
    lastError = error.message;
  };
  redis.on('error', remember);
  sub.on('error', remember);

  const handlers = new Map<string, Set<(message: unknown) => void>>();
  sub.on('message', (channel: string, raw: string) => {
    const set = handlers.get(channel);
    if (!set) return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    for (const handler of set) handler(message);
  });

  const on = (channel: string, handler: (message: unknown) => void): (() => void) => {
    let set = handlers.get(channel);
    if (!set) {
      handlers.set(channel, (set = new Set()));
      sub.subscribe(channel).catch(remember);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0 && handlers.get(channel) === set) {
        handlers.delete(channel);
        sub.unsubscribe(channel).catch(remember);
      }
    };
  };

  const local = memoryAnswerLog();
  const channelOf = (name: string) => `${prefix}:ch:${name}`;
  const logKey = (answerId: string) => `${prefix}:answer:${answerId}`;
  const claimKey = (key: string) => `${prefix}:claim:${key}`;

  return {
    kind: 'redis',
    async publish(channel, message) {
      await redis.publish(channelOf(channel), JSON.stringify(message));
    },
    subscribe(channel, handler) {
      return on(channelOf(channel), handler);
    },
    answers: {
      append(answerId, seq, event) {
        local.append(answerId, seq, event);
        const key = logKey(answerId);
        const entry = JSON.stringify({ seq, event });
        // One pipeline, in order on one connection: the list holds event `seq` before anyone is told of it.
        redis.multi().rpush(key, entry).pexpire(key, ANSWER_LOG_TTL_MS).publish(`${key}:new`, entry).exec().catch(remember);
      },
      async read(answerId, after) {
        if (local.holds(answerId)) return local.read(answerId, after);
        const raw = await redis.lrange(logKey(answerId), after, -1);
        const out: LoggedEvent[] = [];
        for (const item of raw) {
          try {
            const parsed = JSON.parse(item) as LoggedEvent;
            if (parsed.seq > after) out.push(parsed);
          } catch {
            // a damaged entry is skipped
          }
        }
        return out.sort((a, b) => a.seq - b.seq);
      },
      listen(answerId, wake) {
        // Both: an event written here is heard at once (and again from Redis, which a follower ignores).
        const stopLocal = local.listen(answerId, wake);
        const stopShared = on(`${logKey(answerId)}:new`, (message) => {
          const { seq, event } = message as LoggedEvent;
          if (typeof seq === 'number') wake(seq, event as AnswerEvent);
        });
        return () => {
          stopLocal();
          stopShared();
        };
      },
      ended(answerId) {
        local.ended(answerId);
        redis.pexpire(logKey(answerId), ENDED_LOG_TTL_MS).catch(remember);
      },
    },
    limiter: ({ name, points, durationSeconds }) => {
      const { RateLimiterMemory, RateLimiterRedis } = rateLimiters();
      return new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${prefix}:rl:${name}`,
        points,
        duration: durationSeconds,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: name, points, duration: durationSeconds }),
      });
    },
    async claim(key, ttlMs, renew = false) {
      const answer = renew ? await redis.set(claimKey(key), '1', 'PX', ttlMs, 'XX') : await redis.set(claimKey(key), '1', 'PX', ttlMs, 'NX');
      return answer === 'OK';
    },
    async unclaim(key) {
      await redis.del(claimKey(key));
    },
    async health() {
      try {
        const answer = await Promise.race([
          redis.ping(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error(lastError || 'Redis did not answer within 2 s')), 2_000).unref()),
        ]);
        return answer === 'PONG' ? { redis: 'ok' } : { redis: 'down', reason: String(answer) };
      } catch (error) {
        return { redis: 'down', reason: (error instanceof Error ? error.message : String(error)).slice(0, 200) };
      }
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([redis.quit(), sub.quit()]);
      redis.disconnect();
      sub.disconnect();
    },
  };
}
