// Unfinished uploads are not kept for ever: sessions untouched for
// ZX_UPLOAD_STALE_HOURS lose their chunks, finished sessions their row (the
// stored file stays), and chunk folders with no session row (a crash between
// writing and recording) go too. After a crash, merges left `merging` are
// finished from their chunks once their lease runs out, and the half-written
// `.part` files a crash leaves (of stored files and of chunks) are removed.
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context.js';
import { everyOnOneInstance } from '../../coordination/index.js';
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

/** Runs the clean-up after 5 s and then every `everyMs`, on one instance at a time; returns a stop function. */
export function scheduleUploadCleanup(
  ctx: ServerContext,
  rt: ChunkRuntime,
  log: FastifyBaseLogger,
  everyMs = Math.min(rt.limits.staleMs / 4, 3600_000),
): () => void {
  const onError = (error: unknown) => log.warn({ err: error }, 'cleaning stale uploads failed; will retry');
  return everyOnOneInstance(ctx.coordination, { name: 'upload-cleanup', everyMs, firstMs: 5_000, onError }, async () => {
    const removed = await cleanStaleUploads(ctx, rt);
    if (removed) log.info({ removed }, 'stale partial uploads removed');
  });
}

/** Runs recoverUploads now (at start) and then every merge lease, on one instance at a time; returns a stop function. */
export function scheduleUploadRecovery(ctx: ServerContext, rt: ChunkRuntime, log: FastifyBaseLogger, everyMs = MERGE_LEASE_MS): () => void {
  const onError = (error: unknown) => log.warn({ err: error }, 'recovering interrupted uploads failed; will retry');
  return everyOnOneInstance(ctx.coordination, { name: 'upload-recovery', everyMs, firstMs: 0, onError }, async () => {
    const { merged, parts } = await recoverUploads(ctx, rt, log);
    if (merged || parts) log.info({ merged, parts }, 'interrupted uploads recovered');
  });
}
