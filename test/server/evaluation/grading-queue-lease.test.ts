// A grading run whose lease ran out while it waited on the model, and whose
// job another run took over, cannot end that job: only the run holding the
// current claim writes the outcome. Times are far ahead of the clock, so the
// server's own grading worker never reaches for these rows.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ServerContext } from '../../../server/context.js';
import { newId } from '../../../server/db/ids.js';
import { claimJob, finishJob, LEASE_MS, type GradingJob } from '../../../server/modules/evaluation/grading-queue.js';
import { evaluationCourse, handIn, publishedEvaluation, type EvaluationCourse } from '../../support/evaluation-course.js';

describe('grading jobs taken over after a lease ran out', () => {
  let course: EvaluationCourse;
  let submissionId: string;

  before(async () => {
    course = await evaluationCourse('数控车床编程');
    const evaluationId = await publishedEvaluation(course);
    ({ submissionId } = await handIn(course, course.student, evaluationId, [0, true]));
  });
  after(() => course.server.close());

  const db = () => course.server.data.db;

  /** A job claimed at `claimedAt` by a first run (attempt 1), as claimJob leaves it. */
  async function claimedJob(claimedAt: number): Promise<GradingJob> {
    const id = newId();
    const itemId = newId();
    await db()
      .insertInto('grading_jobs')
      .values({
        id,
        submission_id: submissionId,
        item_id: itemId,
        status: 'running',
        attempts: 1,
        lease_until: claimedAt + LEASE_MS,
        error: null,
        created_at: claimedAt,
        updated_at: claimedAt,
      })
      .execute();
    return { id, submissionId, itemId, attempts: 1 };
  }

  const statusOf = async (id: string) =>
    await db().selectFrom('grading_jobs').select(['status', 'attempts', 'error']).where('id', '=', id).executeTakeFirstOrThrow();

  /** The takeover of `stale`'s job once its lease has run out (the claim the server's worker would make). */
  async function takeOver(stale: GradingJob, at: number): Promise<GradingJob> {
    const takeover = await claimJob({ db: db() } as ServerContext, at);
    assert.ok(takeover, 'the lapsed job is claimed again');
    assert.equal(takeover.id, stale.id);
    assert.equal(takeover.attempts, 2);
    return takeover;
  }

  it("a stale run's late failure neither re-queues nor fails the job the takeover graded", async () => {
    const start = Date.now() + 365 * 24 * 3600_000;
    const stale = await claimedJob(start);
    const takeover = await takeOver(stale, start + LEASE_MS + 1);
    assert.equal(await finishJob(db(), takeover, { ok: true }, start + LEASE_MS + 2), true);
    assert.equal(await finishJob(db(), stale, { ok: false, error: 'the model did not answer in time', final: false }, start + LEASE_MS + 3), false);
    assert.deepEqual(await statusOf(stale.id), { status: 'done', attempts: 2, error: null });
  });

  it('a stale run that ends first leaves the job to the takeover, whose outcome stands', async () => {
    const start = Date.now() + 2 * 365 * 24 * 3600_000;
    const stale = await claimedJob(start);
    const takeover = await takeOver(stale, start + LEASE_MS + 1);
    assert.equal(await finishJob(db(), stale, { ok: false, error: 'the model did not answer in time', final: false }, start + LEASE_MS + 2), false);
    assert.equal((await statusOf(stale.id)).status, 'running', 'the takeover still holds the job');
    assert.equal(await finishJob(db(), takeover, { ok: false, error: 'the answer could not be read', final: true }, start + LEASE_MS + 3), true);
    assert.deepEqual(await statusOf(stale.id), { status: 'failed', attempts: 2, error: 'the answer could not be read' });
  });
});
