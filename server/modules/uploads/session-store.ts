// SQL for chunked upload sessions and the chunks each has received. The
// reads every chunk makes (its session, whether it is in, how many are) are
// precompiled (building them took more than running them).
import { sql, type Kysely } from 'kysely';
import { precompiled } from '../../db/precompiled.js';
import type { Database } from '../../db/schema.js';
import type { UploadStatus } from '../../db/tables/uploads.js';

export interface UploadSession {
  id: string;
  ownerId: string;
  identifier: string;
  fileName: string;
  totalSize: number;
  chunkSize: number;
  totalChunks: number;
  fileSha256: string | null;
  status: UploadStatus;
  fileId: string | null;
  createdAt: number;
  updatedAt: number;
  /** While `merging`: until when the merge holds the session. */
  leaseUntil?: number | null;
}

type Row = Database['upload_sessions'];

function toSession(row: Row): UploadSession {
  return {
    id: row.id,
    ownerId: row.owner_id,
    identifier: row.identifier,
    fileName: row.file_name,
    totalSize: Number(row.total_size),
    chunkSize: Number(row.chunk_size),
    totalChunks: Number(row.total_chunks),
    fileSha256: row.file_sha256,
    status: row.status,
    fileId: row.file_id,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    leaseUntil: row.lease_until === null ? null : Number(row.lease_until),
  };
}

const sessionOf = precompiled((db, slot) => db.selectFrom('upload_sessions').selectAll().where('owner_id', '=', slot(0)).where('identifier', '=', slot(1)));

export async function findSession(db: Kysely<Database>, ownerId: string, identifier: string): Promise<UploadSession | null> {
  const [row] = await sessionOf(db, ownerId, identifier);
  return row ? toSession(row) : null;
}

export async function findSessionById(db: Kysely<Database>, id: string): Promise<UploadSession | null> {
  const row = await db.selectFrom('upload_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toSession(row) : null;
}

/** Inserts the session unless one exists for this owner and identifier; returns the one that is stored. */
export async function insertSession(db: Kysely<Database>, s: UploadSession): Promise<UploadSession> {
  await db
    .insertInto('upload_sessions')
    .values({
      id: s.id,
      owner_id: s.ownerId,
      identifier: s.identifier,
      file_name: s.fileName,
      total_size: s.totalSize,
      chunk_size: s.chunkSize,
      total_chunks: s.totalChunks,
      file_sha256: s.fileSha256,
      status: s.status,
      file_id: s.fileId,
      created_at: s.createdAt,
      updated_at: s.updatedAt,
    })
    .onConflict((oc) => oc.columns(['owner_id', 'identifier']).doNothing())
    .execute();
  return (await findSession(db, s.ownerId, s.identifier))!;
}

export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('upload_sessions').where('id', '=', id).execute();
}

export async function touchSession(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await db.updateTable('upload_sessions').set({ updated_at: now }).where('id', '=', id).execute();
}

/**
 * One run's hold on a session's merge. The lease expiry doubles as the
 * fence: every renewal moves it, and another run taking the session over
 * sets its own, so a run that lost the session (it stalled past its lease)
 * can no longer renew, complete, give back or discard it.
 */
export interface MergeClaim {
  id: string;
  until: number;
}

/**
 * Takes a session for merging until `leaseUntil`: an open one, or one left
 * `merging` by a merge whose lease ran out (its process died). Null when
 * another merge holds it or it is complete.
 */
export async function claimMerge(db: Kysely<Database>, id: string, now: number, leaseUntil: number): Promise<MergeClaim | null> {
  const result = await db
    .updateTable('upload_sessions')
    .set({ status: 'merging', lease_until: leaseUntil, updated_at: now })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('status', '=', 'open'), eb.and([eb('status', '=', 'merging'), eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)])])]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? { id, until: leaseUntil } : null;
}

/** Extends the claim to `leaseUntil`; false when another run took the session over. */
export async function renewMerge(db: Kysely<Database>, claim: MergeClaim, leaseUntil: number): Promise<boolean> {
  const result = await db
    .updateTable('upload_sessions')
    .set({ lease_until: leaseUntil })
    .where('id', '=', claim.id)
    .where('status', '=', 'merging')
    .where('lease_until', '=', claim.until)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  claim.until = leaseUntil;
  return true;
}

/** Whether the claim still holds the session. */
export async function holdsMerge(db: Kysely<Database>, claim: MergeClaim): Promise<boolean> {
  const row = await db
    .selectFrom('upload_sessions')
    .select('id')
    .where('id', '=', claim.id)
    .where('status', '=', 'merging')
    .where('lease_until', '=', claim.until)
    .executeTakeFirst();
  return row !== undefined;
}

/** A failed merge gives the session back to the client (to resend what is missing), if this run still holds it. */
export async function releaseMerge(db: Kysely<Database>, claim: MergeClaim, now: number): Promise<void> {
  await db
    .updateTable('upload_sessions')
    .set({ status: 'open', lease_until: null, updated_at: now })
    .where('id', '=', claim.id)
    .where('status', '=', 'merging')
    .where('lease_until', '=', claim.until)
    .execute();
}

/** Sessions left `merging` by a merge whose process died (lease run out). */
export async function abandonedMerges(db: Kysely<Database>, now: number): Promise<UploadSession[]> {
  const rows = await db
    .selectFrom('upload_sessions')
    .selectAll()
    .where('status', '=', 'merging')
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .execute();
  return rows.map(toSession);
}

/** Marks the merge done with its file; false when this run no longer holds the session (another run finished it). */
export async function completeSession(db: Kysely<Database>, claim: MergeClaim, fileId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('upload_sessions')
    .set({ status: 'complete', file_id: fileId, lease_until: null, updated_at: now })
    .where('id', '=', claim.id)
    .where('status', '=', 'merging')
    .where('lease_until', '=', claim.until)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordChunk(db: Kysely<Database>, sessionId: string, chunkNumber: number, size: number, now: number): Promise<void> {
  await db
    .insertInto('upload_chunks')
    .values({ session_id: sessionId, chunk_number: chunkNumber, size, created_at: now })
    .onConflict((oc) => oc.columns(['session_id', 'chunk_number']).doNothing())
    .execute();
}

export async function forgetChunk(db: Kysely<Database>, sessionId: string, chunkNumber: number): Promise<void> {
  await db.deleteFrom('upload_chunks').where('session_id', '=', sessionId).where('chunk_number', '=', chunkNumber).execute();
}

const chunkRow = precompiled((db, slot) =>
  db.selectFrom('upload_chunks').select('chunk_number').where('session_id', '=', slot(0)).where('chunk_number', '=', slot(1)),
);

export async function hasChunkRow(db: Kysely<Database>, sessionId: string, chunkNumber: number): Promise<boolean> {
  return (await chunkRow(db, sessionId, chunkNumber)).length > 0;
}

const chunkCount = precompiled((db, slot) =>
  db
    .selectFrom('upload_chunks')
    .select(sql<number>`count(*)`.as('n'))
    .where('session_id', '=', slot(0)),
);

export async function countChunks(db: Kysely<Database>, sessionId: string): Promise<number> {
  const [row] = await chunkCount(db, sessionId);
  return Number(row?.n ?? 0);
}

export async function chunkNumbers(db: Kysely<Database>, sessionId: string): Promise<number[]> {
  const rows = await db.selectFrom('upload_chunks').select('chunk_number').where('session_id', '=', sessionId).orderBy('chunk_number').execute();
  return rows.map((r) => Number(r.chunk_number));
}

/** Bytes a user holds: stored files plus uploads in progress (other than `exceptSessionId`). */
export async function bytesInUse(db: Kysely<Database>, ownerId: string, exceptSessionId?: string): Promise<number> {
  const files = await db
    .selectFrom('files')
    .select(sql<number>`coalesce(sum(size), 0)`.as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  let pending = db
    .selectFrom('upload_sessions')
    .select(sql<number>`coalesce(sum(total_size), 0)`.as('n'))
    .where('owner_id', '=', ownerId)
    .where('status', '!=', 'complete');
  if (exceptSessionId) pending = pending.where('id', '!=', exceptSessionId);
  const open = await pending.executeTakeFirst();
  return Number(files?.n ?? 0) + Number(open?.n ?? 0);
}

/** Sessions untouched since `before` (unfinished ones lose their chunks; finished ones only their row). */
export async function staleSessions(db: Kysely<Database>, before: number): Promise<UploadSession[]> {
  const rows = await db.selectFrom('upload_sessions').selectAll().where('updated_at', '<', before).execute();
  return rows.map(toSession);
}
