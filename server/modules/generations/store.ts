// SQL of the generation queue. Every change of a job's status is a
// compare-and-swap (an UPDATE conditional on what the caller expects), so two
// instances, or a runner and a person cancelling, never both win.
import type { Kysely, Transaction } from 'kysely';
import { newId } from '../../db/ids.js';
import { parseJson } from '../../db/json.js';
import type { Database } from '../../db/schema.js';
import type { GenerationJobsTable, GenerationStatus } from '../../db/tables/generations.js';
import type { RunningJob, StoredResultFile } from './kinds.js';

type Db = Kysely<Database>;

export const ACTIVE: GenerationStatus[] = ['queued', 'running'];

export interface JobRow extends Omit<GenerationJobsTable, 'run_after' | 'lease_until' | 'deadline_at' | 'created_at' | 'updated_at' | 'finished_at'> {
  run_after: number;
  lease_until: number | null;
  deadline_at: number;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

/** PostgreSQL returns bigint columns as strings. */
function fromRow(row: GenerationJobsTable): JobRow {
  const n = (v: number | null) => (v === null ? null : Number(v));
  return {
    ...row,
    progress: Number(row.progress),
    attempts: Number(row.attempts),
    admitted: Number(row.admitted),
    run_after: Number(row.run_after),
    lease_until: n(row.lease_until),
    deadline_at: Number(row.deadline_at),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
    finished_at: n(row.finished_at),
  };
}

export function toRunningJob(row: JobRow): RunningJob {
  return {
    id: row.id,
    ownerId: row.owner_id,
    kind: row.kind,
    provider: row.provider,
    model: row.model,
    input: parseJson<Record<string, unknown>>(row.input, {}),
    upstreamId: row.upstream_id,
    createState: row.create_state,
    attempts: row.attempts,
    deadlineAt: row.deadline_at,
  };
}

export const resultFiles = (row: Pick<JobRow, 'files'>): StoredResultFile[] => parseJson<StoredResultFile[]>(row.files, []);

export interface NewJob {
  ownerId: string;
  kind: string;
  provider: string;
  model: string;
  input: Record<string, unknown>;
  deadlineAt: number;
}

/** Inserts the job not yet admitted (invisible to runners) and returns its id. */
export async function insertJob(db: Db, job: NewJob, now: number): Promise<string> {
  const id = newId();
  await db
    .insertInto('generation_jobs')
    .values({
      id,
      owner_id: job.ownerId,
      kind: job.kind,
      status: 'queued',
      admitted: 0,
      provider: job.provider,
      model: job.model,
      input: JSON.stringify(job.input),
      progress: 0,
      error: null,
      upstream_id: null,
      create_state: 'none',
      attempts: 0,
      run_after: now,
      lease_owner: null,
      lease_until: null,
      deadline_at: job.deadlineAt,
      files: '[]',
      outline: null,
      charge: null,
      charge_state: 'none',
      created_at: now,
      updated_at: now,
      finished_at: null,
    })
    .execute();
  return id;
}

/** Active jobs of the owner, counting ones still being admitted (so two racing requests never both slip in). */
export async function countActive(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('generation_jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .where('status', 'in', ACTIVE)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function admitJob(db: Db, id: string, charge: string | null, now: number): Promise<void> {
  await db
    .updateTable('generation_jobs')
    .set({ admitted: 1, charge, charge_state: charge === null ? 'none' : 'reserved', run_after: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteJob(db: Db, id: string): Promise<void> {
  await db.deleteFrom('generation_jobs').where('id', '=', id).execute();
}

export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  const row = await db.selectFrom('generation_jobs').selectAll().where('id', '=', id).where('admitted', '=', 1).executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

export async function listJobs(db: Db, ownerId: string, kind: string | undefined, limit: number): Promise<JobRow[]> {
  let query = db.selectFrom('generation_jobs').selectAll().where('owner_id', '=', ownerId).where('admitted', '=', 1);
  if (kind) query = query.where('kind', '=', kind);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(fromRow);
}

export interface Claim {
  row: JobRow;
  slot: number;
}

/**
 * Claims the next runnable job of the given kinds whose provider has a free
 * slot: queued and due, or running under a lease that ran out (its process
 * died). On PostgreSQL the candidates are locked with FOR UPDATE SKIP LOCKED
 * so instances reach for different rows; on both databases the slot and the
 * job are taken by compare-and-swap.
 */
export async function claimNext(
  db: Db,
  options: { kinds: string[]; owner: string; leaseMs: number; now: number; postgres: boolean; limitOf: (kind: string, provider: string) => number },
): Promise<Claim | undefined> {
  const { kinds, owner, leaseMs, now } = options;
  if (kinds.length === 0) return undefined;
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('generation_jobs')
      .selectAll()
      .where('admitted', '=', 1)
      .where('kind', 'in', kinds)
      .where('run_after', '<=', now)
      .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)])]))
      .orderBy('run_after')
      .orderBy('created_at')
      .limit(20);
    if (options.postgres) query = query.forUpdate().skipLocked();
    const candidates = (await query.execute()).map(fromRow);
    const full = new Set<string>();
    for (const candidate of candidates) {
      if (full.has(candidate.provider)) continue;
      const slot = await takeSlot(trx, candidate.provider, options.limitOf(candidate.kind, candidate.provider), candidate.id, now + leaseMs, now);
      if (slot === undefined) {
        full.add(candidate.provider);
        continue;
      }
      const claimed = await trx
        .updateTable('generation_jobs')
        .set({ status: 'running', lease_owner: owner, lease_until: now + leaseMs, attempts: candidate.attempts + 1, updated_at: now })
        .where('id', '=', candidate.id)
        .where('status', '=', candidate.status)
        .where('attempts', '=', candidate.attempts)
        .returningAll()
        .executeTakeFirst();
      if (claimed) return { row: fromRow(claimed), slot };
      await releaseSlot(trx, candidate.provider, slot, candidate.id);
    }
    return undefined;
  });
}

/** Takes a free slot of the provider (1..limit) for the job; undefined when all are held under a live lease. */
async function takeSlot(
  trx: Transaction<Database>,
  provider: string,
  limit: number,
  jobId: string,
  leaseUntil: number,
  now: number,
): Promise<number | undefined> {
  const existing = await trx
    .selectFrom('generation_slots')
    .select(['slot', 'job_id', 'lease_until'])
    .where('provider', '=', provider)
    .where('slot', '<=', limit)
    .execute();
  if (existing.length < limit) {
    const have = new Set(existing.map((s) => Number(s.slot)));
    const missing = Array.from({ length: limit }, (_, i) => i + 1).filter((s) => !have.has(s));
    await trx
      .insertInto('generation_slots')
      .values(missing.map((slot) => ({ provider, slot, job_id: null, lease_until: null })))
      .onConflict((oc) => oc.columns(['provider', 'slot']).doNothing())
      .execute();
  }
  for (let slot = 1; slot <= limit; slot += 1) {
    const taken = await trx
      .updateTable('generation_slots')
      .set({ job_id: jobId, lease_until: leaseUntil })
      .where('provider', '=', provider)
      .where('slot', '=', slot)
      .where((eb) => eb.or([eb('job_id', 'is', null), eb('lease_until', '<', now), eb('job_id', '=', jobId)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) return slot;
  }
  return undefined;
}

/**
 * Frees the job's slot. With `owner` (a run's lease token), only while no
 * other run holds the job: a takeover of the same job may have taken the
 * same slot again, and a stale run's end must not free it under the takeover.
 */
export async function releaseSlot(db: Db, provider: string, slot: number, jobId: string, owner?: string): Promise<void> {
  await db
    .updateTable('generation_slots')
    .set({ job_id: null, lease_until: null })
    .where('provider', '=', provider)
    .where('slot', '=', slot)
    .where('job_id', '=', jobId)
    .$if(owner !== undefined, (query) =>
      query.where(({ exists, not, selectFrom }) =>
        not(
          exists(
            selectFrom('generation_jobs')
              .select('generation_jobs.id')
              .where('generation_jobs.id', '=', jobId)
              .where('generation_jobs.status', '=', 'running')
              .where('generation_jobs.lease_owner', '!=', owner!),
          ),
        ),
      ),
    )
    .execute();
}

/** Frees every slot the job holds (cancel, sweeper). */
export async function releaseSlotsOf(db: Db, jobId: string): Promise<void> {
  await db.updateTable('generation_slots').set({ job_id: null, lease_until: null }).where('job_id', '=', jobId).execute();
}

/** Extends this run's leases on the job and its slot; false when the job is no longer this run's. */
export async function renewLease(
  db: Db,
  claim: { id: string; owner: string; provider: string; slot: number },
  leaseUntil: number,
  now: number,
): Promise<boolean> {
  const held = await db
    .updateTable('generation_jobs')
    .set({ lease_until: leaseUntil, updated_at: now })
    .where('id', '=', claim.id)
    .where('status', '=', 'running')
    .where('lease_owner', '=', claim.owner)
    .executeTakeFirst();
  if (Number(held.numUpdatedRows) !== 1) return false;
  await db
    .updateTable('generation_slots')
    .set({ lease_until: leaseUntil })
    .where('provider', '=', claim.provider)
    .where('slot', '=', claim.slot)
    .where('job_id', '=', claim.id)
    .execute();
  return true;
}

/** A change to a job this run holds (status 'running', lease_owner = owner); false when it is no longer held. */
export async function updateHeld(
  db: Db,
  id: string,
  owner: string,
  change: Partial<GenerationJobsTable>,
  extra?: { createState?: GenerationJobsTable['create_state'] },
): Promise<boolean> {
  let query = db.updateTable('generation_jobs').set(change).where('id', '=', id).where('status', '=', 'running').where('lease_owner', '=', owner);
  if (extra?.createState) query = query.where('create_state', '=', extra.createState);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Ends a job from one of `from` to a final status, or back to queued for a
 * retry; `owner` (when given) must still hold it. True when this call made the change.
 */
export async function moveJob(
  db: Db,
  id: string,
  from: { statuses: GenerationStatus[]; owner?: string },
  change: Partial<GenerationJobsTable> & { status: GenerationStatus },
): Promise<boolean> {
  let query = db.updateTable('generation_jobs').set(change).where('id', '=', id).where('status', 'in', from.statuses);
  if (from.owner) query = query.where('lease_owner', '=', from.owner);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves the charge from `reserved` to `to`; true for exactly one caller. */
export async function moveCharge(db: Db, id: string, to: 'settled' | 'refunded'): Promise<string | null | false> {
  const row = await db
    .updateTable('generation_jobs')
    .set({ charge_state: to })
    .where('id', '=', id)
    .where('charge_state', '=', 'reserved')
    .returning(['charge'])
    .executeTakeFirst();
  return row ? row.charge : false;
}

/** Active jobs whose deadline passed (for the sweeper). */
export async function overdueJobs(db: Db, now: number): Promise<Array<{ id: string; status: GenerationStatus }>> {
  return db
    .selectFrom('generation_jobs')
    .select(['id', 'status'])
    .where('status', 'in', ACTIVE)
    .where('admitted', '=', 1)
    .where('deadline_at', '<', now)
    .limit(100)
    .execute();
}

/** Rows inserted by a request that died before admitting them. */
export async function deleteUnadmitted(db: Db, before: number): Promise<void> {
  await db.deleteFrom('generation_jobs').where('admitted', '=', 0).where('created_at', '<', before).execute();
}

/** Jobs whose runner died mid-create: the provider may or may not have the task, so they are not run again. */
export const UNKNOWN_CREATE_MESSAGE = '提交任务时服务中断，无法确认模型服务是否已收到；为避免重复扣费，该任务已停止，请重新生成';
