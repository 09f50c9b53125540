// When an attempt must be handed in, and what a teacher's change of the window
// or time limit does to attempts already under way.
import type { Kysely } from 'kysely';
import { readInteger } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { EvaluationRecord } from './store.js';

type Db = Kysely<Database>;
type Env = Readonly<Record<string, string | undefined>>;
type Window = Pick<EvaluationRecord, 'latePolicy' | 'closesAt' | 'lateUntil' | 'timeLimitMinutes'>;

/** Requests sent as the clock ran out still count (network latency): ZX_DEADLINE_GRACE_SECONDS, default 30. */
export function deadlineGraceMs(env: Env): number {
  return readInteger(env, 'ZX_DEADLINE_GRACE_SECONDS', 30, 0, 300) * 1000;
}

/** How often expired attempts are looked for: ZX_DEADLINE_SWEEP_SECONDS, default 15 (so each is handed in within a minute). */
export function deadlineSweepMs(env: Env): number {
  return readInteger(env, 'ZX_DEADLINE_SWEEP_SECONDS', 15, 1, 45) * 1000;
}

/** An assignment that takes late work is open until late work ends; anything else until its close time. */
export function lastMoment(evaluation: Window): number | null {
  return evaluation.latePolicy === 'refuse' ? evaluation.closesAt : evaluation.lateUntil;
}

/** The deadline of an attempt started at `startedAt`: its time limit or the window's end, whichever comes first; null for none. */
export function deadlineFor(evaluation: Window, startedAt: number): number | null {
  const limits = [evaluation.timeLimitMinutes ? startedAt + evaluation.timeLimitMinutes * 60_000 : null, lastMoment(evaluation)].filter(
    (v): v is number => v !== null,
  );
  return limits.length ? Math.min(...limits) : null;
}

/**
 * After a teacher edits the window or time limit, attempts in progress get the
 * later of their own deadline and the one the new settings give them: a later
 * close time lets a student still writing hand in, while a shorter limit or an
 * earlier close never cuts off someone mid-paper. Handed-in work is not touched.
 */
export async function extendDeadlinesInProgress(db: Db, evaluationId: string, settings: Window): Promise<void> {
  const rows = await db
    .selectFrom('submissions')
    .select(['id', 'started_at', 'deadline_at'])
    .where('evaluation_id', '=', evaluationId)
    .where('status', '=', 'in_progress')
    .where('deadline_at', 'is not', null)
    .execute();
  for (const row of rows) {
    const next = deadlineFor(settings, Number(row.started_at));
    if (next !== null && next <= Number(row.deadline_at)) continue;
    // Only while still in progress: an attempt handed in meanwhile keeps what it had.
    await db.updateTable('submissions').set({ deadline_at: next }).where('id', '=', row.id).where('status', '=', 'in_progress').execute();
  }
}

/**
 * A teacher closing the evaluation ends the attempts still in progress: their
 * deadline becomes now, so after the grace the deadline sweep hands them in
 * with their autosaved answers, as if their time had run out.
 */
export async function endAttemptsInProgress(db: Db, evaluationId: string, now: number): Promise<void> {
  await db
    .updateTable('submissions')
    .set({ deadline_at: now })
    .where('evaluation_id', '=', evaluationId)
    .where('status', '=', 'in_progress')
    .where((eb) => eb.or([eb('deadline_at', 'is', null), eb('deadline_at', '>', now)]))
    .execute();
}
