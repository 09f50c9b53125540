// The document queue: which documents wait to be parsed and indexed, and the
// lease a run holds on one, so a document whose process died is taken over
// after its lease runs out and reaches a final state.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { DocumentStatus } from '../../db/tables/knowledge.js';
import { toDocument, type DocumentRecord } from './document-store.js';

const IN_PROGRESS: DocumentStatus[] = ['parsing', 'indexing'];

/** Documents waiting, or in progress under a lease that has run out (its process died), oldest first. */
export async function claimableDocumentIds(db: Kysely<Database>, now: number): Promise<string[]> {
  const rows = await db
    .selectFrom('knowledge_documents')
    .select('id')
    .where((eb) =>
      eb.or([eb('status', '=', 'queued'), eb.and([eb('status', 'in', IN_PROGRESS), eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)])])]),
    )
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes a document for indexing until `leaseUntil`, counting the attempt;
 * null when it is not waiting and another run's lease still holds (or it is done).
 */
export async function claimDocument(
  db: Kysely<Database>,
  id: string,
  now: number,
  leaseUntil: number,
): Promise<(DocumentRecord & { attempts: number }) | null> {
  const result = await db
    .updateTable('knowledge_documents')
    .set({ status: 'parsing', attempts: sql`attempts + 1`, lease_until: leaseUntil, updated_at: now })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('status', '=', 'queued'), eb.and([eb('status', 'in', IN_PROGRESS), eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)])])]),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  const row = await db.selectFrom('knowledge_documents').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? { ...toDocument(row), attempts: Number(row.attempts) } : null;
}

/**
 * Renews the claim of run number `attempt` (its fencing token: every claim
 * counts an attempt). A run that lost its claim to a takeover renews nothing.
 */
export async function renewDocumentLease(db: Kysely<Database>, id: string, leaseUntil: number, attempt: number): Promise<void> {
  await db
    .updateTable('knowledge_documents')
    .set({ lease_until: leaseUntil })
    .where('id', '=', id)
    .where('attempts', '=', attempt)
    .where('status', 'in', IN_PROGRESS)
    .execute();
}

/** Whether run number `attempt` still holds the document (not deleted, not taken over after its lease ran out). */
export async function holdsClaim(db: Kysely<Database>, id: string, attempt: number): Promise<boolean> {
  const row = await db
    .selectFrom('knowledge_documents')
    .select('id')
    .where('id', '=', id)
    .where('attempts', '=', attempt)
    .where('status', 'in', IN_PROGRESS)
    .executeTakeFirst();
  return row !== undefined;
}

/** Back to the queue as if never started (the server stopped mid-way; that attempt does not count). */
export async function releaseDocument(db: Kysely<Database>, id: string, now: number, attempt: number): Promise<void> {
  await db
    .updateTable('knowledge_documents')
    .set({ status: 'queued', attempts: sql`attempts - 1`, lease_until: null, updated_at: now })
    .where('id', '=', id)
    .where('attempts', '=', attempt)
    .where('status', 'in', IN_PROGRESS)
    .execute();
}

/** Back to the queue for a fresh start (the teacher asked to parse it again): attempts start over. */
export async function requeueDocument(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await db
    .updateTable('knowledge_documents')
    .set({ status: 'queued', error: null, attempts: 0, lease_until: null, updated_at: now })
    .where('id', '=', id)
    .execute();
}
