// The board's roll-up as a background job, never inside a request: the
// first run after an upgrade works through a year of history (tens of
// seconds for a large school). A run holds a lease, renewed after each day,
// so one instance rolls up at a time; when the instance dies the lease runs
// out and the next run (hourly, or kicked by a board call on any instance)
// resumes at the first day not rolled, since each day is its own transaction.
import type { ServerContext } from '../../context.js';
import { everyOnOneInstance } from '../../coordination/index.js';
import { rollUp } from './rollup.js';

const LEASE = 'lease:board-roll-up';
/** Far longer than one day's roll-up (a fraction of a second), short enough to take over soon after a crash. */
const LEASE_MS = 60_000;
const HOUR_MS = 3600_000;

export interface RollupJob {
  /** Starts a run now unless one runs here or on another instance; returns at once. */
  kick(): void;
  /** Stops ticking and waits for a run in progress to stop after its current day. */
  stop(): Promise<void>;
}

export function startRollupJob(ctx: ServerContext, onError: (error: unknown) => void): RollupJob {
  let running: Promise<void> | null = null;
  let stopped = false;

  const run = async () => {
    if (!(await ctx.coordination.claim(LEASE, LEASE_MS))) return;
    try {
      await rollUp(ctx.db, ctx.now(), async () => !stopped && (await ctx.coordination.claim(LEASE, LEASE_MS, true)));
    } finally {
      await ctx.coordination.unclaim(LEASE);
    }
  };
  const start = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    running ??= run()
      .catch(onError)
      .finally(() => {
        running = null;
      });
    return running;
  };

  // Yesterday is rolled up soon after midnight, not left for the first board visit of the day.
  const stopTicking = everyOnOneInstance(ctx.coordination, { name: 'board-roll-up', everyMs: HOUR_MS, onError }, start);
  return {
    kick: () => void start(),
    stop: async () => {
      stopped = true;
      stopTicking();
      await running;
    },
  };
}
