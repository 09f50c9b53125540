// Every streaming answer reaches a final state, whatever happens to the
// process writing it. Each answer row carries its writer (an instance id)
// and a lease expiry; the writer renews the leases of the answers it is
// streaming, and a sweeper (at start on every instance, then periodically
// on one instance at a time) finalises as an error only the answers whose lease ran out —
// their process is gone. Another instance's live answers are never touched.
// On shutdown the open answers are ended with an error event and saved.
import type { FastifyInstance } from 'fastify';
import { ConfigError } from '../../config.js';
import type { ServerContext } from '../../context.js';
import { everyOnOneInstance } from '../../coordination/index.js';
import { detachedMs, listenForStops } from './answer-lifecycle.js';

/** How long an answer stays claimed without renewal (ZX_ANSWER_LEASE_SECONDS, default 30). */
export function answerLeaseMs(env: Readonly<Record<string, string | undefined>>): number {
  const raw = env.ZX_ANSWER_LEASE_SECONDS?.trim();
  if (!raw) return 30_000;
  const seconds = Number(raw);
  if (!(seconds >= 1 && seconds <= 600)) throw new ConfigError(`ZX_ANSWER_LEASE_SECONDS must be between 1 and 600, got "${raw}"`);
  return seconds * 1000;
}

export const ABANDONED_MESSAGE = '回答中断了：生成它的服务器已停止，请重试';
/** How long shutdown waits for open answers to save their final state. */
const SHUTDOWN_SAVE_MS = 7_000;

/** The lease a new answer starts with. */
export function newLease(ctx: ServerContext): { owner: string; expiresAt: number } {
  return { owner: ctx.generations.instanceId, expiresAt: ctx.now() + answerLeaseMs(ctx.config.env) };
}

/** Extends the leases of the answers this instance is still writing. */
export async function renewLeases(ctx: ServerContext): Promise<void> {
  const ids = ctx.generations.runningIds();
  if (ids.length === 0) return;
  await ctx.db
    .updateTable('chat_messages')
    .set({ lease_expires_at: ctx.now() + answerLeaseMs(ctx.config.env) })
    .where('id', 'in', ids)
    .where('status', '=', 'streaming')
    .execute();
}

/** Finalises answers left streaming by a process that is gone (lease expired, or none); returns how many. */
export async function finaliseAbandonedAnswers(ctx: ServerContext): Promise<number> {
  const now = ctx.now();
  const result = await ctx.db
    .updateTable('chat_messages')
    .set({ status: 'error', error: ABANDONED_MESSAGE, lease_owner: null, lease_expires_at: null, updated_at: now })
    .where('status', '=', 'streaming')
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export function installAnswerLeases(app: FastifyInstance, ctx: ServerContext): void {
  const leaseMs = answerLeaseMs(ctx.config.env); // checked at start-up, not at the first answer
  const timers: NodeJS.Timeout[] = [];
  let stopSweeps = () => {};
  detachedMs(ctx.config.env); // checked at start-up too
  // A stop sent to any instance reaches the one writing the answer.
  const unlisten = listenForStops(ctx);
  const sweep = async () => {
    try {
      const count = await finaliseAbandonedAnswers(ctx);
      if (count) app.log.warn({ count }, 'finalised answers whose server stopped while writing them');
    } catch (error) {
      app.log.error({ err: error }, 'finalising abandoned answers failed; retrying later');
    }
  };
  app.addHook('onReady', async () => {
    await sweep();
    const renew = () => renewLeases(ctx).catch((error: unknown) => app.log.error({ err: error }, 'renewing answer leases failed; retrying'));
    timers.push(setInterval(renew, Math.max(200, leaseMs / 3)).unref());
    stopSweeps = everyOnOneInstance(ctx.coordination, { name: 'answer-sweep', everyMs: Math.max(500, leaseMs / 2), onError: () => {} }, sweep);
  });
  // Before connections close: end every open answer with an error event and save it.
  app.addHook('preClose', async () => {
    await ctx.generations.stopAll(SHUTDOWN_SAVE_MS);
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer);
    stopSweeps();
    unlisten();
  });
}
