// Periodic upkeep (sweeps, clean-ups, prunes) runs on one instance at a
// time, not on every instance behind the balancer: each tick first takes a
// short claim named after the task (Redis, shared by every instance; this
// process without Redis). The claim lasts a little less than the period, so
// the instance that ran keeps winning its next tick, and when it dies
// another instance takes over within one period.
import type { Coordination } from './types.js';

export interface EveryOptions {
  /** Names the claim: instances running the same task share it. */
  name: string;
  everyMs: number;
  /** The first tick, after start (default: one period). */
  firstMs?: number;
  onError(error: unknown): void;
}

/** The claim a tick takes: most of the period, so two instances never both run within one. */
export function tickClaimMs(everyMs: number): number {
  return Math.max(1, Math.floor(everyMs * 0.9));
}

/** Runs `task` every `everyMs` on one instance at a time (one run at a time here too); returns a stop function. */
export function everyOnOneInstance(coordination: Coordination, options: EveryOptions, task: () => Promise<unknown>): () => void {
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      const won = await coordination.claim(`tick:${options.name}`, tickClaimMs(options.everyMs));
      // Stopped while the claim was on its way (a Redis round trip): the task must not start after stop(),
      // when what it uses (the database) may be closing.
      if (won && !stopped) await task();
    } catch (error) {
      options.onError(error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), options.everyMs);
  timer.unref();
  const first = setTimeout(() => void tick(), options.firstMs ?? options.everyMs);
  first.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(first);
  };
}
