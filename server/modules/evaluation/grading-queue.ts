// AI rubric grading runs as rows in grading_jobs, claimed with a lease: a
// process that dies mid-grading leaves a row whose lease expires and that
// any instance takes over exactly once: the claim is an UPDATE conditional
// on the status and attempt count read a moment before (compare-and-swap),
// so of two instances reaching for one row only one gets it, on either
// database.
// A job that fails MAX_ATTEMPTS times ends 'failed' and the item waits for
// the teacher, saying why.
import type { Kysely } from 'kysely';
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database>;

export const MAX_ATTEMPTS = 3;
export const LEASE_MS = 2 * 60_000;

export interface GradingJob {
  id: string;
  submissionId: string;
  itemId: string;
  attempts: number;
}

export async function enqueueGrading(db: Db, submissionId: string, itemIds: string[], now: number): Promise<void> {
  if (itemIds.length === 0) return;
  await db
    .insertInto('grading_jobs')
    .values(
      itemIds.map((itemId) => ({
        id: newId(),
        submission_id: submissionId,
        item_id: itemId,
        status: 'queued' as const,
        attempts: 0,
        lease_until: null,
        error: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

/** Claims the oldest job that is queued or whose lease ran out; undefined when there is none. */
export async function claimJob(ctx: ServerContext, now: number): Promise<GradingJob | undefined> {
  const { db } = ctx;
  for (let tries = 0; tries < 5; tries += 1) {
    const candidate = await db
      .selectFrom('grading_jobs')
      .select(['id', 'attempts', 'status', 'lease_until'])
      .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)])]))
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    if (!candidate) return undefined;
    // The claim holds only if nobody changed the row since we read it.
    const claimed = await db
      .updateTable('grading_jobs')
      .set({ status: 'running', lease_until: now + LEASE_MS, attempts: candidate.attempts + 1, updated_at: now })
      .where('id', '=', candidate.id)
      .where('status', '=', candidate.status)
      .where('attempts', '=', candidate.attempts)
      .returning(['id', 'submission_id', 'item_id', 'attempts'])
      .executeTakeFirst();
    if (claimed) return { id: claimed.id, submissionId: claimed.submission_id, itemId: claimed.item_id, attempts: claimed.attempts };
  }
  return undefined;
}

/**
 * Ends a run of a job. Only the run that holds the current claim ends it:
 * a run whose lease ran out and whose job another run took over (one more
 * attempt) changes nothing, so a late failure never re-queues or fails a
 * job the takeover graded. True when this run's outcome was written.
 */
export async function finishJob(
  db: Db,
  job: Pick<GradingJob, 'id' | 'attempts'>,
  outcome: { ok: true } | { ok: false; error: string; final: boolean },
  now: number,
): Promise<boolean> {
  const status = outcome.ok ? 'done' : outcome.final ? 'failed' : 'queued';
  const result = await db
    .updateTable('grading_jobs')
    .set({ status, lease_until: null, error: outcome.ok ? null : outcome.error, updated_at: now })
    .where('id', '=', job.id)
    .where('status', '=', 'running')
    .where('attempts', '=', job.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function jobsOfSubmission(db: Db, submissionId: string) {
  return db.selectFrom('grading_jobs').select(['item_id', 'status', 'error']).where('submission_id', '=', submissionId).execute();
}

export interface GradingWorker {
  /** Wakes the worker (after a submission). */
  poke(): void;
  /** Resolves when no job is queued or running here. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Runs up to `concurrency` jobs at a time in this process. `run` grades one
 * job and throws on failure. Polls every `pollMs` for jobs other instances
 * queued or abandoned.
 */
export function startGradingWorker(
  ctx: ServerContext,
  run: (job: GradingJob) => Promise<void>,
  options: { concurrency: number; pollMs: number },
): GradingWorker {
  let active = 0;
  let stopped = false;
  let waiters: Array<() => void> = [];
  const running = new Set<Promise<void>>();

  const settle = () => {
    if (active === 0) {
      for (const w of waiters) w();
      waiters = [];
    }
  };

  async function runOne(job: GradingJob): Promise<void> {
    try {
      await run(job);
      await finishJob(ctx.db, job, { ok: true }, ctx.now());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await finishJob(ctx.db, job, { ok: false, error: message.slice(0, 300), final: job.attempts >= MAX_ATTEMPTS }, ctx.now()).catch(() => {});
    }
  }

  async function fill(): Promise<void> {
    while (!stopped && active < options.concurrency) {
      active += 1;
      let job: GradingJob | undefined;
      try {
        job = await claimJob(ctx, ctx.now());
      } catch {
        job = undefined; // database blip: the timer tries again
      }
      if (!job) {
        active -= 1;
        break;
      }
      const task = runOne(job).finally(() => {
        active -= 1;
        running.delete(task);
        void fill().then(settle);
      });
      running.add(task);
    }
    settle();
  }

  const timer = setInterval(() => void fill(), options.pollMs);
  timer.unref();
  void fill();

  return {
    poke: () => void fill(),
    idle: () => (active === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}
