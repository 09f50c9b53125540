// Unfinished uploads are not kept for ever: sessions untouched for
// ZX_UPLOAD_STALE_HOURS lose their chunks, finished sessions their row (the
// stored file stays), and chunk folders with no session row (a crash between
// writing and recording) go too. After a crash, merges left `merging` are
// finished from their chunks once their lease runs out, and the half-written
// `.part` files a crash leaves (of stored files and of chunks) are removed.
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context.js';
import { MERGE_LEASE_MS, resumeMerge, type ChunkRuntime } from './chunks.js';
import { abandonedMerges, deleteSession, findSessionById, staleSessions } from './session-store.js';

/** A `.part` file not written to for this long belongs to a write that died (live writes touch it continuously). */
export const ORPHAN_PART_MS = 10 * 60_000;

/** Finishes merges whose process died and removes orphaned `.part` files; returns how many of each. */
export async function recoverUploads(ctx: ServerContext, rt: ChunkRuntime, log: FastifyBaseLogger): Promise<{ merged: number; parts: number }> {
  let merged = 0;
  for (const session of await abandonedMerges(ctx.db, ctx.now())) {
    try {
      if (await resumeMerge(ctx, rt, session)) merged += 1;
    } catch (error) {
      // The merge put the session back to `open` (or discarded it); the client's retry goes on from there.
      log.warn({ err: error, sessionId: session.id }, 'finishing an interrupted merge failed');
    }
  }
  const parts = await ctx.files.sweep(Date.now() - ORPHAN_PART_MS);
  return { merged, parts };
}

export async function cleanStaleUploads(ctx: ServerContext, rt: ChunkRuntime): Promise<number> {
  const before = ctx.now() - rt.limits.staleMs;
  let removed = 0;
  for (const session of await staleSessions(ctx.db, before)) {
    // A merge under a live lease (on any instance) is left alone.
    if (session.status === 'merging' && (session.leaseUntil ?? 0) > ctx.now()) continue;
    await deleteSession(ctx.db, session.id);
    if (session.status !== 'complete') await ctx.files.chunks.remove(session.id);
    if (session.status !== 'complete') removed += 1;
  }
  for (const upload of await ctx.files.chunks.uploads()) {
    if (upload.modifiedMs >= before || (await findSessionById(ctx.db, upload.id))) continue;
    await ctx.files.chunks.remove(upload.id);
    removed += 1;
  }
  return removed;
}

/** Runs `task` after `firstMs` and then every `everyMs`, one run at a time, logging failures; returns a stop function. */
function repeat(task: () => Promise<void>, onError: (error: unknown) => void, firstMs: number, everyMs: number): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await task();
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  const first = setTimeout(() => void run(), firstMs);
  first.unref();
  return () => {
    clearInterval(timer);
    clearTimeout(first);
  };
}

/** Runs the clean-up after 5 s and then every `everyMs`; returns a stop function. */
export function scheduleUploadCleanup(
  ctx: ServerContext,
  rt: ChunkRuntime,
  log: FastifyBaseLogger,
  everyMs = Math.min(rt.limits.staleMs / 4, 3600_000),
): () => void {
  return repeat(
    async () => {
      const removed = await cleanStaleUploads(ctx, rt);
      if (removed) log.info({ removed }, 'stale partial uploads removed');
    },
    (error) => log.warn({ err: error }, 'cleaning stale uploads failed; will retry'),
    5_000,
    everyMs,
  );
}

/** Runs recoverUploads now (at start) and then every merge lease; returns a stop function. */
export function scheduleUploadRecovery(ctx: ServerContext, rt: ChunkRuntime, log: FastifyBaseLogger, everyMs = MERGE_LEASE_MS): () => void {
  return repeat(
    async () => {
      const { merged, parts } = await recoverUploads(ctx, rt, log);
      if (merged || parts) log.info({ merged, parts }, 'interrupted uploads recovered');
    },
    (error) => log.warn({ err: error }, 'recovering interrupted uploads failed; will retry'),
    0,
    everyMs,
  );
}
