// Unfinished uploads are not kept for ever: sessions untouched for
// ZX_UPLOAD_STALE_HOURS lose their chunks, finished sessions their row (the
// stored file stays), and chunk folders with no session row (a crash between
// writing and recording) go too. After a crash, merges left `merging` are
// finished from their chunks once their lease runs out, and the half-written
// `.part` files a crash leaves (of stored files and of chunks) are removed.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context.js';
import { MERGE_LEASE_MS, resumeMerge, type ChunkRuntime } from './chunks.js';
import { abandonedMerges, deleteSession, findSessionById, staleSessions } from './session-store.js';

/** A `.part` file not written to for this long belongs to a write that died (live writes touch it continuously). */
export const ORPHAN_PART_MS = 10 * 60_000;

async function removeOldParts(dir: string, before: number): Promise<number> {
  let removed = 0;
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.endsWith('.part')) continue;
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat?.isFile() && stat.mtimeMs < before) {
      await fs.promises.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

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
  const before = Date.now() - ORPHAN_PART_MS;
  let parts = await removeOldParts(ctx.config.filesDir, before);
  const root = path.join(ctx.config.dataDir, 'uploads-partial');
  for (const id of await rt.chunks.sessions()) parts += await removeOldParts(path.join(root, id), before);
  return { merged, parts };
}

export async function cleanStaleUploads(ctx: ServerContext, rt: ChunkRuntime): Promise<number> {
  const before = ctx.now() - rt.limits.staleMs;
  let removed = 0;
  for (const session of await staleSessions(ctx.db, before)) {
    if (rt.merging.has(session.id)) continue;
    await deleteSession(ctx.db, session.id);
    await rt.chunks.remove(session.id);
    if (session.status !== 'complete') removed += 1;
  }
  const root = path.join(ctx.config.dataDir, 'uploads-partial');
  for (const id of await rt.chunks.sessions()) {
    if (await findSessionById(ctx.db, id)) continue;
    const stat = await fs.promises.stat(path.join(root, id)).catch(() => null);
    if (stat && stat.mtimeMs < before) {
      await rt.chunks.remove(id);
      removed += 1;
    }
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
export function scheduleUploadCleanup(ctx: ServerContext, rt: ChunkRuntime, log: FastifyBaseLogger, everyMs = Math.min(rt.limits.staleMs / 4, 3600_000)): () => void {
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
