// Assignment and grade services: when a teacher releases an evaluation that
// an LMS link opens, its scores (the totals of the analysis export) are owed
// to that link's line item. The debt is a row (lti_grade_posts) written as the
// release is saved; a worker claims due rows with a lease, posts every linked
// student's score and marks the row done. A failure (the platform down, a
// refused token) keeps the row and retries it later with a growing wait, so a
// release is never lost; a crash mid-post leaves a lease that lapses and is
// taken over. Every score posted is in the operation records.
import type { ServerContext } from '../../context.js';
import { readInteger } from '../../config.js';
import { everyOnOneInstance } from '../../coordination/index.js';
import { newId } from '../../db/ids.js';
import type { ResultsReleasedListener } from '../../ports.js';
import { releasedScores } from '../evaluation/index.js';
import { recordOperation } from '../records/index.js';
import { linksOf } from '../signon/index.js';
import { sourceOf } from './people.js';
import { ensureLineItem, postScore } from './services.js';
import { claimGradePosts, findContext, findPlatform, finishGradePost, linksToEvaluation, queueGradePost, retryGradePost, type GradePost } from './store.js';

const LEASE_MS = 5 * 60_000;
const MAX_WAIT_MS = 60 * 60_000;

/** ZX_LTI_GRADE_RETRY_SECONDS: the first wait after a failed post, doubled each time up to an hour (default 60). */
export function retryBaseMs(ctx: ServerContext): number {
  return readInteger(ctx.config.env, 'ZX_LTI_GRADE_RETRY_SECONDS', 60, 1, 3600) * 1000;
}

/** Queues the posts a release owes: one per LMS line item (or per LMS course when its links name no line item). */
export async function queueReleasedScores(ctx: ServerContext, evaluationId: string): Promise<number> {
  const seen = new Set<string>();
  for (const link of await linksToEvaluation(ctx.db, evaluationId)) {
    const key = `${link.platform_id}\n${link.lineitem_url || `context:${link.context_id}`}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await queueGradePost(
      ctx.db,
      { id: newId(), platformId: link.platform_id, contextId: link.context_id, evaluationId, lineitemUrl: link.lineitem_url },
      ctx.now(),
    );
  }
  return seen.size;
}

/** Posts one claimed row's scores; returns how many were posted, or throws to retry. */
async function postClaimed(ctx: ServerContext, post: GradePost): Promise<{ posted: number; lineitemUrl: string }> {
  const platform = await findPlatform(ctx.db, post.platformId);
  // A platform deleted by a manager has no gradebook left to owe.
  if (!platform) return { posted: 0, lineitemUrl: post.lineitemUrl };
  if (!platform.enabled) throw new Error('the platform is turned off');
  const released = await releasedScores(ctx, post.evaluationId);
  if (!released) return { posted: 0, lineitemUrl: post.lineitemUrl };
  let lineitemUrl = post.lineitemUrl;
  if (!lineitemUrl) {
    const context = await findContext(ctx.db, platform.id, post.contextId);
    if (!context?.lineitemsUrl) throw new Error('the LMS course offers no line items service');
    lineitemUrl = await ensureLineItem(ctx, platform, context.lineitemsUrl, {
      resourceId: released.evaluationId,
      label: released.title,
      scoreMaximum: released.maxScore,
    });
  }
  const subjectOf = new Map((await linksOf(ctx.db, sourceOf(platform).id)).map((l) => [l.userId, l.subject]));
  const timestamp = new Date(ctx.now()).toISOString();
  let posted = 0;
  for (const score of released.scores) {
    const subject = subjectOf.get(score.studentId);
    if (!subject) continue;
    await postScore(ctx, platform, lineitemUrl, {
      userId: subject,
      scoreGiven: score.score,
      scoreMaximum: released.maxScore,
      graded: score.graded,
      timestamp,
    });
    posted += 1;
    await recordOperation(ctx, null, {
      action: 'grade',
      objectType: 'lti_score',
      objectId: released.evaluationId,
      objectName: released.title,
      summary: `向“${platform.name}”回传 ${score.username} 的成绩 ${score.score}/${released.maxScore}`,
      actor: { userId: score.studentId, username: score.username, clientType: '3' },
    });
  }
  return { posted, lineitemUrl };
}

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** Claims and posts every due row; returns how many rows were finished. */
export async function postDueGrades(ctx: ServerContext, log: Log, stopped: () => boolean = () => false): Promise<number> {
  let finished = 0;
  while (!stopped()) {
    const claimed = await claimGradePosts(ctx.db, ctx.now(), LEASE_MS);
    if (claimed.length === 0) break;
    for (const post of claimed) {
      if (stopped()) break;
      try {
        const done = await postClaimed(ctx, post);
        await finishGradePost(ctx.db, post.id, done.posted, done.lineitemUrl, ctx.now());
        finished += 1;
      } catch (error) {
        const attempts = post.attempts + 1;
        const wait = Math.min(MAX_WAIT_MS, retryBaseMs(ctx) * 2 ** Math.min(attempts - 1, 16));
        const message = error instanceof Error ? error.message : String(error);
        await retryGradePost(ctx.db, post.id, attempts, message, ctx.now() + wait, ctx.now());
        log.warn({ evaluationId: post.evaluationId, platformId: post.platformId, attempts, err: message }, 'posting grades to an LMS failed; retrying later');
      }
    }
  }
  return finished;
}

export interface GradePosting {
  /** Told of each release: queues what it owes and posts at once. */
  listener: ResultsReleasedListener;
  /** Starts the sweep that retries failed posts. */
  start(): void;
  /** Ends the sweep and waits for a post under way. */
  stop(): Promise<void>;
}

/** Posts at once when told of a release, and sweeps every retry period for posts that failed. */
export function gradePosting(ctx: ServerContext, log: Log): GradePosting {
  let stopped = false;
  let stopTimer = () => {};
  let current: Promise<unknown> = Promise.resolve();
  const run = () => {
    current = current.then(() => postDueGrades(ctx, log, () => stopped)).catch((err: unknown) => log.error({ err }, 'posting grades to an LMS failed'));
    return current;
  };
  return {
    listener: {
      async released(evaluationId) {
        if ((await queueReleasedScores(ctx, evaluationId)) > 0 && !stopped) void run();
      },
    },
    start() {
      stopTimer = everyOnOneInstance(
        ctx.coordination,
        { name: 'lti-grade-posts', everyMs: retryBaseMs(ctx), firstMs: 1000, onError: (err) => log.error({ err }, 'posting grades to an LMS failed') },
        run,
      );
    },
    async stop() {
      stopped = true;
      stopTimer();
      await current;
    },
  };
}
