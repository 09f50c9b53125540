// Runs generation jobs in this process: claims due jobs (./store.ts claimNext),
// holds each under a lease renewed by a heartbeat, and ends it by
// compare-and-swap. Another instance, or this one after a restart, takes over
// a job whose lease ran out; the job's persisted create_state / upstream_id
// tell the kind's handler to resume polling rather than create again.
// A sweeper (on one instance at a time) fails jobs past their deadline and
// clears requests that died before admitting their job.
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context.js';
import { everyOnOneInstance } from '../../coordination/index.js';
import { newId } from '../../db/ids.js';
import { hashThread } from '../../files/hash-thread.js';
import { forgetFileRecord, recordPrivateFile } from '../uploads/index.js';
import { refundOnce, settleOnce } from './charging.js';
import { GenerationError, JobLostError, generationKind, generationKinds, type JobTools, type StoredResultFile } from './kinds.js';
import { queueSettings, type QueueSettings } from './settings.js';
import {
  ACTIVE,
  UNKNOWN_CREATE_MESSAGE,
  claimNext,
  deleteUnadmitted,
  moveJob,
  overdueJobs,
  releaseSlot,
  releaseSlotsOf,
  renewLease,
  toRunningJob,
  updateHeld,
  type Claim,
} from './store.js';

export const TIMEOUT_MESSAGE = '生成超时，请稍后重试';
export const FAILED_MESSAGE = '生成失败，请稍后重试';
/** The wait before retry n (1-based) when the provider named none: 2 s, 4 s, 8 s … capped. */
export const backoffMs = (attempt: number) => Math.min(60_000, 1000 * 2 ** Math.max(1, attempt));

type StopReason = 'cancel' | 'lost' | 'timeout' | 'shutdown';

interface LocalRun {
  controller: AbortController;
  /** Inside the paid create call: shutdown lets it finish so its answer is saved. */
  creating: boolean;
  task: Promise<void>;
}

export interface GenerationRunner {
  settings: QueueSettings;
  /** Looks for work now (after a job is queued). */
  poke(): void;
  /** Stops the job's run in this process, if it runs here. */
  abortLocal(id: string, reason: 'cancel' | 'timeout'): void;
  /** Fails overdue jobs; runs on a timer, callable from tests. */
  sweep(): Promise<void>;
  stop(): Promise<void>;
}

const runners = new WeakMap<ServerContext, GenerationRunner>();

export function runnerOf(ctx: ServerContext): GenerationRunner | undefined {
  return runners.get(ctx);
}

/** Ends an active job as failed with `message` (sweeper, cancel-like paths); refunds once. True when this call ended it. */
export async function failJob(ctx: ServerContext, id: string, message: string): Promise<boolean> {
  const now = ctx.now();
  const moved = await moveJob(
    ctx.db,
    id,
    { statuses: ACTIVE },
    { status: 'failed', error: message, lease_owner: null, lease_until: null, finished_at: now, updated_at: now },
  );
  if (!moved) return false;
  await releaseSlotsOf(ctx.db, id);
  await refundOnce(ctx, id);
  return true;
}

export function startGenerationRunner(ctx: ServerContext, log: FastifyBaseLogger): GenerationRunner {
  const settings = queueSettings(ctx.config.env);
  const runnerId = `gen-${newId()}`;
  const postgres = ctx.config.database.kind === 'postgres';
  const local = new Map<string, LocalRun>();
  let stopping = false;
  let filling = false;
  let again = false;

  const limitOf = (kind: string, provider: string) => {
    const handler = generationKind(kind);
    return Math.max(1, Math.floor(handler?.concurrency?.(ctx, provider) ?? 2));
  };

  async function fill(): Promise<void> {
    if (filling) {
      again = true;
      return;
    }
    filling = true;
    try {
      do {
        again = false;
        while (!stopping && local.size < settings.workers) {
          let claim: Claim | undefined;
          try {
            // Each claim holds its own lease token: were it the runner's, a run that lost its lease
            // and the same runner's takeover of that job would both pass every "still mine" check.
            const lease = `${runnerId}.${newId()}`;
            claim = await claimNext(ctx.db, { kinds: generationKinds(), owner: lease, leaseMs: settings.leaseMs, now: ctx.now(), postgres, limitOf });
          } catch (error) {
            log.warn({ err: error }, 'claiming a generation job failed; retrying on the next tick');
            claim = undefined;
          }
          if (!claim) break;
          start(claim);
        }
      } while (again && !stopping);
    } finally {
      filling = false;
    }
  }

  function start(claim: Claim): void {
    const controller = new AbortController();
    const run: LocalRun = { controller, creating: false, task: Promise.resolve() };
    local.set(claim.row.id, run);
    run.task = execute(claim, run)
      .catch((error: unknown) => log.error({ err: error, job: claim.row.id }, 'generation job bookkeeping failed'))
      .finally(() => {
        if (local.get(claim.row.id) === run) local.delete(claim.row.id); // a takeover of the same job may hold the entry now
        if (!stopping) void fill();
      });
  }

  async function execute(claim: Claim, run: LocalRun): Promise<void> {
    const { row, slot } = claim;
    const id = row.id;
    const owner = row.lease_owner!; // this claim's own lease token
    const handler = generationKind(row.kind);
    const saved: StoredResultFile[] = [];
    const savedNames = new Map<string, string>();
    const stop = (reason: StopReason) => run.controller.abort(reason);
    const heartbeat = setInterval(
      () => {
        renewLease(ctx.db, { id, owner, provider: row.provider, slot }, ctx.now() + settings.leaseMs, ctx.now())
          .then((held) => held || stop('lost'))
          .catch((error: unknown) => log.warn({ err: error, job: id }, 'renewing a generation lease failed'));
      },
      Math.max(100, settings.leaseMs / 3),
    );
    const timer = setTimeout(() => stop('timeout'), Math.max(0, row.deadline_at - ctx.now()));
    const held = async (change: Parameters<typeof updateHeld>[3], expect?: Parameters<typeof updateHeld>[4]) => {
      if (!(await updateHeld(ctx.db, id, owner, { ...change, updated_at: ctx.now() }, expect))) {
        stop('lost');
        throw new JobLostError('job no longer held');
      }
    };
    const store = async (storedName: string, size: number, sha256: string, mime: string, name: string) => {
      const fileId = newId();
      await recordPrivateFile(ctx.db, { id: fileId, ownerId: row.owner_id, name, storedName, mime, size, sha256, createdAt: ctx.now() });
      saved.push({ id: fileId, mime });
      savedNames.set(fileId, storedName);
      return { id: fileId, mime };
    };
    const tools: JobTools = {
      ctx,
      signal: run.controller.signal,
      update: (change) =>
        held({
          ...(change.progress === undefined ? {} : { progress: Math.max(0, Math.min(99, Math.round(change.progress))) }),
          ...(change.outline === undefined ? {} : { outline: change.outline }),
        }),
      async beginCreate() {
        await held({ create_state: 'sending' }, { createState: 'none' });
        run.creating = true;
      },
      async createRefused() {
        run.creating = false;
        await held({ create_state: 'none' }, { createState: 'sending' });
        if (stopping) stop('shutdown');
      },
      async createdUpstream(upstreamId) {
        run.creating = false;
        await held({ create_state: 'created', upstream_id: upstreamId.slice(0, 200) });
        if (stopping) stop('shutdown');
      },
      async releaseProvider() {
        await releaseSlot(ctx.db, row.provider, slot, id, owner);
        if (!stopping) void fill();
      },
      async saveFile(content, mime, name) {
        const sha256 = await hashThread.sha256(content);
        const storedName = await ctx.files.save(content);
        return store(storedName, content.length, sha256, mime, name);
      },
      async saveStream(pieces, mime, name) {
        const result = await ctx.files.saveStream(pieces);
        return store(result.storedName, result.size, result.sha256, mime, name);
      },
    };
    const discardFiles = async () => {
      for (const file of saved) {
        await forgetFileRecord(ctx.db, file.id).catch(() => {});
        await ctx.files.remove(savedNames.get(file.id)!).catch(() => {});
      }
    };

    try {
      if (!handler) throw new GenerationError(FAILED_MESSAGE);
      // A run that died between asking the provider to create the task and
      // saving its id: the task may exist upstream. Never send it twice.
      if (row.create_state === 'sending') throw new GenerationError(UNKNOWN_CREATE_MESSAGE);
      const result = await handler.run(toRunningJob(row), tools);
      if (run.controller.signal.aborted) throw run.controller.signal.reason;
      const now = ctx.now();
      const files = result.files ?? saved;
      const done = await moveJob(
        ctx.db,
        id,
        { statuses: ['running'], owner },
        {
          status: 'succeeded',
          progress: 100,
          error: null,
          files: JSON.stringify(files),
          ...(result.outline === undefined ? {} : { outline: result.outline }),
          lease_owner: null,
          lease_until: null,
          finished_at: now,
          updated_at: now,
        },
      );
      if (done) await settleOnce(ctx, id);
      else await discardFiles(); // cancelled or timed out meanwhile: nothing kept
    } catch (error) {
      await discardFiles();
      const reason = run.controller.signal.aborted ? (run.controller.signal.reason as StopReason) : undefined;
      if (reason === 'cancel' || reason === 'lost') return; // whoever cancelled or took over ended it
      if (reason === 'shutdown') {
        // Leave it running with a lease that already ran out: the next start (or another instance) resumes it at once.
        await moveJob(
          ctx.db,
          id,
          { statuses: ['running'], owner },
          { status: 'running', lease_until: 0, lease_owner: null, attempts: Math.max(0, row.attempts - 1), updated_at: ctx.now() },
        );
        return;
      }
      if (reason === 'timeout') {
        await failJob(ctx, id, TIMEOUT_MESSAGE);
        return;
      }
      if (error instanceof JobLostError) return;
      const known = error instanceof GenerationError;
      if (!known) log.error({ err: error, job: id, kind: row.kind }, 'generation job failed unexpectedly');
      const message = known ? error.message : FAILED_MESSAGE;
      const now = ctx.now();
      if (known && error.options.retryable && row.attempts < settings.maxAttempts) {
        const wait = Math.min(settings.maxRetryAfterMs, error.options.retryAfterMs ?? backoffMs(row.attempts));
        if (now + wait < row.deadline_at) {
          await moveJob(
            ctx.db,
            id,
            { statuses: ['running'], owner },
            { status: 'queued', error: message, run_after: now + wait, lease_owner: null, lease_until: null, updated_at: now },
          );
          return;
        }
      }
      const moved = await moveJob(
        ctx.db,
        id,
        { statuses: ['running'], owner },
        { status: 'failed', error: message, lease_owner: null, lease_until: null, finished_at: now, updated_at: now },
      );
      if (moved) await refundOnce(ctx, id);
    } finally {
      clearInterval(heartbeat);
      clearTimeout(timer);
      await releaseSlot(ctx.db, row.provider, slot, id, owner).catch(() => {});
    }
  }

  async function sweep(): Promise<void> {
    const now = ctx.now();
    for (const job of await overdueJobs(ctx.db, now)) {
      const local_ = local.get(job.id);
      if (local_) {
        local_.controller.abort('timeout');
        continue; // its own run fails it (and discards its files)
      }
      await failJob(ctx, job.id, TIMEOUT_MESSAGE);
    }
    await deleteUnadmitted(ctx.db, now - 60_000);
  }

  const poll = setInterval(() => void fill(), settings.pollMs);
  poll.unref();
  // On one instance at a time: each run's own deadline timer stops it wherever it runs; the
  // sweep is for jobs whose instance is gone, and their end is a compare-and-swap anyway.
  const stopSweeps = everyOnOneInstance(
    ctx.coordination,
    {
      name: 'generation-sweep',
      everyMs: Math.max(500, Math.min(5_000, settings.leaseMs / 2)),
      onError: (error: unknown) => log.warn({ err: error }, 'generation sweep failed'),
    },
    sweep,
  );
  void fill();

  const runner: GenerationRunner = {
    settings,
    poke: () => void fill(),
    abortLocal(id, reason) {
      local.get(id)?.controller.abort(reason);
    },
    sweep,
    async stop() {
      stopping = true;
      clearInterval(poll);
      stopSweeps();
      for (const run of local.values()) if (!run.creating) run.controller.abort('shutdown');
      // A paid create call in flight gets a moment to answer so its id is saved.
      const grace = setTimeout(() => {
        for (const run of local.values()) run.controller.abort('shutdown');
      }, 10_000);
      await Promise.allSettled([...local.values()].map((r) => r.task));
      clearTimeout(grace);
      runners.delete(ctx);
    },
  };
  runners.set(ctx, runner);
  return runner;
}
