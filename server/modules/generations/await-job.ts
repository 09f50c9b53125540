// Waiting on a job from another area (an image answer in AI dialogue): the
// job runs on the durable queue like any other; the caller reads its row
// until it ends, and cancels it when the caller is stopped. Reading the row
// (not an in-process event) works whichever instance runs the job.
import type { ServerContext } from '../../context.js';
import type { AuthUser } from '../../http/auth.js';
import { DEFAULT_LOCALE } from '../../i18n/locales.js';
import { cancelGeneration, createGeneration } from './service.js';
import { pause } from '../../pause.js';
import { queueSettings } from './settings.js';
import { findJob, resultFiles, type JobRow } from './store.js';

const FINAL: ReadonlySet<JobRow['status']> = new Set(['succeeded', 'failed', 'cancelled']);

/** The job's row once it reached a final state; rejects with `signal.reason` when aborted first. */
export async function awaitGeneration(ctx: ServerContext, id: string, signal: AbortSignal): Promise<JobRow> {
  // Faster than the runner's idle poll: a person is watching the answer.
  const every = Math.min(queueSettings(ctx.config.env).pollMs, 250);
  for (;;) {
    if (signal.aborted) throw signal.reason ?? new Error('aborted');
    const row = await findJob(ctx.db, id);
    if (!row) throw new Error(`generation ${id} disappeared`);
    if (FINAL.has(row.status)) return row;
    await pause(every, signal);
  }
}

export interface FinishedImages {
  status: 'succeeded' | 'failed' | 'cancelled';
  /** The job's failure as its owner reads it (zh-CN; the server catalogue translates it). */
  error: string | null;
  files: Array<{ id: string; mime: string }>;
}

/**
 * Queues an image job for `user` and waits for it. Refusals before queueing
 * (a limit, no credits, a bad size) throw as ApiErrors. Aborting the signal
 * cancels the job (refunded once, like a cancel from the generator page).
 */
export async function generateImagesAndWait(
  ctx: ServerContext,
  user: AuthUser,
  request: { prompt: string; model: string; n?: number },
  signal: AbortSignal,
): Promise<FinishedImages> {
  // An image job names nothing in words, so the asker's language does not matter to it.
  const { id } = await createGeneration(ctx, user, { kind: 'image', prompt: request.prompt, model: request.model, n: request.n ?? 1 }, DEFAULT_LOCALE);
  let row: JobRow;
  try {
    row = await awaitGeneration(ctx, id, signal);
  } catch (error) {
    if (signal.aborted) await cancelGeneration(ctx, user, id).catch(() => undefined);
    throw error;
  }
  return { status: row.status as FinishedImages['status'], error: row.error, files: row.status === 'succeeded' ? resultFiles(row) : [] };
}
