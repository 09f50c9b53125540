// The server keeps every deadline (DESIGN §4): an attempt whose time ran out
// is handed in with its autosaved answers whether or not the student comes
// back. Every instance sweeps now and then (at start, then every
// ZX_DEADLINE_SWEEP_SECONDS, on one instance at a time when Redis is
// configured); an expired attempt is first claimed with a lease on its row
// (a conditional UPDATE, so of two instances only one gets it, on either
// database), then handed in, which moves it out of in_progress in one
// statement (so it is handed in once, whoever else tries). A sweep cut short
// by a crash leaves claims that lapse after LEASE_MS and are taken over.
import type { ExpressionBuilder } from 'kysely';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { everyOnOneInstance } from '../../coordination/index.js';
import { recordOperation } from '../records/index.js';
import { findEvaluation, listItems, type EvaluationRecord, type ItemRecord } from './store.js';
import { findSubmission } from './submission-store.js';
import { handInAtDeadline } from './taking.js';
import { deadlineGraceMs, deadlineSweepMs } from './attempt-deadlines.js';

/** How long a sweep holds an attempt it claimed before another may take it over. */
export const SWEEP_LEASE_MS = 60_000;
/** Attempts claimed at once; a sweep claims batches until none is left. */
const BATCH = 50;

/**
 * Claims up to `limit` attempts in progress whose deadline and grace have
 * passed and that no live sweep holds; returns their ids. The UPDATE
 * re-checks the lease, so a row another instance claimed in between is
 * not returned here.
 */
export async function claimExpiredAttempts(ctx: ServerContext, now: number, limit = BATCH): Promise<string[]> {
  const due = now - deadlineGraceMs(ctx.config.env);
  const open = (eb: ExpressionBuilder<Database, 'submissions'>) => eb.or([eb('sweep_lease_until', 'is', null), eb('sweep_lease_until', '<', now)]);
  const candidates = await ctx.db
    .selectFrom('submissions')
    .select('id')
    .where('status', '=', 'in_progress')
    .where('deadline_at', '<', due)
    .where(open)
    .orderBy('deadline_at')
    .limit(limit)
    .execute();
  if (candidates.length === 0) return [];
  const claimed = await ctx.db
    .updateTable('submissions')
    .set({ sweep_lease_until: now + SWEEP_LEASE_MS })
    .where(
      'id',
      'in',
      candidates.map((c) => c.id),
    )
    .where('status', '=', 'in_progress')
    .where(open)
    .returning('id')
    .execute();
  return claimed.map((c) => c.id);
}

/** Hands in one claimed attempt; true when this call handed it in. */
async function handInClaimed(ctx: ServerContext, id: string, papers: Map<string, { evaluation: EvaluationRecord; items: ItemRecord[] } | null>) {
  const attempt = await findSubmission(ctx.db, id);
  if (!attempt || attempt.status !== 'in_progress') return false;
  if (!papers.has(attempt.evaluationId)) {
    const evaluation = await findEvaluation(ctx.db, attempt.evaluationId);
    papers.set(attempt.evaluationId, evaluation ? { evaluation, items: await listItems(ctx.db, evaluation.id) } : null);
  }
  const paper = papers.get(attempt.evaluationId);
  if (!paper) return false;
  if (!(await handInAtDeadline(ctx, paper.evaluation, paper.items, attempt))) return false;
  const student = await ctx.db.selectFrom('users').select(['username']).where('id', '=', attempt.studentId).executeTakeFirst();
  await recordOperation(ctx, null, {
    action: 'create',
    objectType: 'submission',
    objectId: attempt.id,
    objectName: paper.evaluation.title,
    summary: '作答时间已到，服务器按自动保存的答案交卷',
    actor: { userId: attempt.studentId, username: student?.username ?? '', clientType: '3' },
    anonymous: paper.evaluation.anonymous,
  });
  return true;
}

/** One sweep: hands in every attempt whose time ran out; returns how many this call handed in. */
export async function handInExpiredAttempts(
  ctx: ServerContext,
  options: { onError?: (error: unknown) => void; stopped?: () => boolean } = {},
): Promise<number> {
  const papers = new Map<string, { evaluation: EvaluationRecord; items: ItemRecord[] } | null>();
  let handedIn = 0;
  while (!options.stopped?.()) {
    const ids = await claimExpiredAttempts(ctx, ctx.now());
    if (ids.length === 0) break;
    for (const id of ids) {
      // Stopping (the app closes): what is claimed and not handed in is taken over once its lease lapses.
      if (options.stopped?.()) break;
      // One attempt that fails (its lease lapses and a later sweep retries it) does not hold up the others.
      if (await handInClaimed(ctx, id, papers).catch((err: unknown) => (options.onError?.(err), false))) handedIn += 1;
      // Let requests in between: a sweep of hundreds of attempts must not hold the event loop.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return handedIn;
}

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** Sweeps at once and then every period; `stop` ends the timer and waits for a sweep under way to let go. */
export function startDeadlineSweep(ctx: ServerContext, log: Log): { stop(): Promise<void> } {
  const everyMs = deadlineSweepMs(ctx.config.env);
  let stopped = false;
  let current: Promise<number> | undefined;
  const sweep = async () => {
    current = handInExpiredAttempts(ctx, {
      stopped: () => stopped,
      onError: (err) => log.error({ err }, 'handing in an expired attempt failed; a later sweep retries it'),
    });
    const count = await current;
    if (count) log.warn({ count }, 'handed in attempts whose time ran out');
  };
  const stopTimer = everyOnOneInstance(
    ctx.coordination,
    { name: 'deadline-sweep', everyMs, firstMs: 0, onError: (err) => log.error({ err }, 'handing in expired attempts failed; retrying later') },
    sweep,
  );
  return {
    async stop() {
      stopped = true;
      stopTimer();
      await current?.catch(() => 0);
    },
  };
}
