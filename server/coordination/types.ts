import type { RateLimiterAbstract } from 'rate-limiter-flexible';

/** One event of an answer's stream (delta, done, error, title, end), as sent to the browser. */
export type AnswerEvent = Record<string, unknown> & { type: string };

export interface LoggedEvent {
  /** 1, 2, 3 … within one answer: a reader resumes after the last one it saw. */
  seq: number;
  event: AnswerEvent;
}

/**
 * The events of each answer being written, kept a few minutes after it ends.
 * One writer per answer (the instance holding its lease) numbers them; any
 * instance reads them and is told of new ones.
 */
export interface AnswerLog {
  /** Adds event number `seq` (the writer counts from 1). Never throws: a lost event is logged, the answer goes on. */
  append(answerId: string, seq: number, event: AnswerEvent): void;
  /** The events after `after`, in order. */
  read(answerId: string, after: number): Promise<LoggedEvent[]>;
  /** Calls `wake(seq)` when event `seq` is added (from any instance); returns the unsubscribe. */
  listen(answerId: string, wake: (seq: number, event: AnswerEvent) => void): () => void;
  /** Keeps an ended answer's events only briefly. */
  ended(answerId: string): void;
}

export interface LimiterOptions {
  /** Names the counters (e.g. "login"); instances with the same name share them. */
  name: string;
  points: number;
  durationSeconds: number;
}

export interface CoordinationHealth {
  /** none: no Redis configured (one instance); ok / down: Redis answers or not. */
  redis: 'none' | 'ok' | 'down';
  reason?: string;
}

export interface Coordination {
  readonly kind: 'memory' | 'redis';
  /** Sent to every instance, this one included. */
  publish(channel: string, message: unknown): Promise<void>;
  subscribe(channel: string, handler: (message: unknown) => void): () => void;
  answers: AnswerLog;
  /** A counter per key, shared by all instances (rate-limiter-flexible). */
  limiter(options: LimiterOptions): RateLimiterAbstract;
  /** Takes `key` for `ttlMs` if nobody holds it (false when held); `renew`: extends a claim still held. */
  claim(key: string, ttlMs: number, renew?: boolean): Promise<boolean>;
  unclaim(key: string): Promise<void>;
  health(): Promise<CoordinationHealth>;
  close(): Promise<void>;
}

/** How long an answer's events are kept: while it is written, and after it ended. */
export const ANSWER_LOG_TTL_MS = 15 * 60_000;
export const ENDED_LOG_TTL_MS = 2 * 60_000;
