// Unfinished uploads are not kept for ever: sessions untouched for
// ZX_UPLOAD_STALE_HOURS lose their chunks, finished sessions their row (the
// stored file stays), and chunk folders with no session row (a crash between
// writing and recording) go too.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context.js';
import type { ChunkRuntime } from './chunks.js';
import { deleteSession, findSessionById, staleSessions } from './session-store.js';

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

/** Runs the clean-up now and then every `everyMs`; returns a stop function. */
export function scheduleUploadCleanup(ctx: ServerContext, rt: ChunkRuntime, log: FastifyBaseLogger, everyMs = Math.min(rt.limits.staleMs / 4, 3600_000)): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const removed = await cleanStaleUploads(ctx, rt);
      if (removed) log.info({ removed }, 'stale partial uploads removed');
    } catch (error) {
      log.warn({ err: error }, 'cleaning stale uploads failed; will retry');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  const first = setTimeout(() => void run(), 5_000);
  first.unref();
  return () => {
    clearInterval(timer);
    clearTimeout(first);
  };
}
