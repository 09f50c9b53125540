// One instance: everything in this process.
import { EventEmitter } from 'node:events';
import { requirePackage } from '../require-package.js';
import { ANSWER_LOG_TTL_MS, ENDED_LOG_TTL_MS, type AnswerEvent, type AnswerLog, type Coordination, type LoggedEvent } from './types.js';

interface Log {
  events: LoggedEvent[];
  expiry: NodeJS.Timeout;
}

/** The answer logs of this process; `holds` says whether an answer's events are here (it is written here). */
export function memoryAnswerLog(): AnswerLog & { holds(answerId: string): boolean } {
  const logs = new Map<string, Log>();
  const bus = new EventEmitter().setMaxListeners(0);
  const keepFor = (answerId: string, log: Log, ms: number) => {
    clearTimeout(log.expiry);
    log.expiry = setTimeout(() => logs.delete(answerId), ms).unref();
  };
  return {
    append(answerId, seq, event) {
      let log = logs.get(answerId);
      if (!log) {
        log = { events: [], expiry: setTimeout(() => {}, 0) };
        logs.set(answerId, log);
        keepFor(answerId, log, ANSWER_LOG_TTL_MS);
      }
      log.events.push({ seq, event });
      bus.emit(answerId, seq, event);
    },
    async read(answerId, after) {
      return (logs.get(answerId)?.events ?? []).filter((e) => e.seq > after);
    },
    listen(answerId, wake) {
      bus.on(answerId, wake);
      return () => bus.off(answerId, wake);
    },
    ended(answerId) {
      const log = logs.get(answerId);
      if (log) keepFor(answerId, log, ENDED_LOG_TTL_MS);
    },
    holds: (answerId) => logs.has(answerId),
  };
}

export function createMemoryCoordination(): Coordination {
  const bus = new EventEmitter().setMaxListeners(0);
  const claims = new Map<string, number>();
  return {
    kind: 'memory',
    async publish(channel, message) {
      bus.emit(channel, message);
    },
    subscribe(channel, handler) {
      bus.on(channel, handler);
      return () => bus.off(channel, handler);
    },
    answers: memoryAnswerLog(),
    // Loaded with the first limit a request reaches, not at every start (about 10 ms).
    limiter: ({ name, points, durationSeconds }) => new (rateLimiters().RateLimiterMemory)({ keyPrefix: name, points, duration: durationSeconds }),
    async claim(key, ttlMs, renew = false) {
      const now = Date.now();
      const held = (claims.get(key) ?? 0) > now;
      if (held !== renew) return false;
      if (claims.size > 10_000) for (const [k, until] of claims) if (until <= now) claims.delete(k);
      claims.set(key, now + ttlMs);
      return true;
    },
    async unclaim(key) {
      claims.delete(key);
    },
    async health() {
      return { redis: 'none' };
    },
    async close() {
      bus.removeAllListeners();
    },
  };
}

export type { AnswerEvent };

/** rate-limiter-flexible, loaded at its first use (server/require-package.ts). */
export const rateLimiters = () => requirePackage<typeof import('rate-limiter-flexible')>('rate-limiter-flexible');
