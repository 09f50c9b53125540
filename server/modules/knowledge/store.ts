// SQL for datasets, their course links, documents and chunk listings.
import { sql, type Kysely, type Selectable } from 'kysely';
import { containsText } from '../../db/contains.js';
import type { Database } from '../../db/schema.js';
import type { DatasetVisibility, DocumentStatus } from '../../db/tables/knowledge.js';
import { displayName } from '../account/index.js';

export interface DatasetRecord {
  id: string;
  ownerId: string;
  ownerName: string;
  name: string;
  description: string;
  visibility: DatasetVisibility;
  chunkCount: number;
  termCount: number;
  createdAt: number;
  updatedAt: number;
}

export interface DocumentRecord {
  id: string;
  datasetId: string;
  fileId: string;
  name: string;
  mime: string;
  size: number;
  status: DocumentStatus;
  error: string | null;
  pageCount: number;
  charCount: number;
  chunkCount: number;
  createdAt: number;
  updatedAt: number;
}

export interface ChunkRecord {
  id: string;
  datasetId: string;
  documentId: string;
  position: number;
  page: number | null;
  content: string;
  edited: boolean;
  updatedAt: number;
}

function datasetsQuery(db: Kysely<Database>) {
  return db
    .selectFrom('knowledge_datasets as k')
    .innerJoin('users as u', 'u.id', 'k.owner_id')
    .select([
      'k.id',
      'k.owner_id',
      'u.nickname',
      'u.name as owner_name',
      'k.name',
      'k.description',
      'k.visibility',
      'k.chunk_count',
      'k.term_count',
      'k.created_at',
      'k.updated_at',
    ]);
}

type DatasetRow = Awaited<ReturnType<ReturnType<typeof datasetsQuery>['executeTakeFirstOrThrow']>>;

function toDataset(r: DatasetRow): DatasetRecord {
  return {
    id: r.id,
    ownerId: r.owner_id,
    ownerName: displayName({ nickname: r.nickname, name: r.owner_name }),
    name: r.name,
    description: r.description,
    visibility: r.visibility,
    chunkCount: Number(r.chunk_count),
    termCount: Number(r.term_count),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

export async function findDataset(db: Kysely<Database>, id: string): Promise<DatasetRecord | null> {
  const row = await datasetsQuery(db).where('k.id', '=', id).executeTakeFirst();
  return row ? toDataset(row) : null;
}

export async function findDatasets(db: Kysely<Database>, ids: readonly string[]): Promise<DatasetRecord[]> {
  if (ids.length === 0) return [];
  return (
    await datasetsQuery(db)
      .where('k.id', 'in', [...ids])
      .execute()
  ).map(toDataset);
}

/** Candidates for "may read": the user's own, every school-wide one, and those shared with courses. */
export async function listDatasetsFor(db: Kysely<Database>, userId: string, keyword?: string): Promise<DatasetRecord[]> {
  let query = datasetsQuery(db).where((eb) => eb.or([eb('k.owner_id', '=', userId), eb('k.visibility', 'in', ['school', 'course'])]));
  if (keyword) query = query.where((eb) => eb.or([containsText('k.name', keyword), containsText('k.description', keyword)]));
  return (await query.orderBy('k.updated_at', 'desc').execute()).map(toDataset);
}

export async function insertDataset(db: Kysely<Database>, d: Omit<DatasetRecord, 'ownerName' | 'chunkCount' | 'termCount'>): Promise<void> {
  await db
    .insertInto('knowledge_datasets')
    .values({
      id: d.id,
      owner_id: d.ownerId,
      name: d.name,
      description: d.description,
      visibility: d.visibility,
      chunk_count: 0,
      term_count: 0,
      created_at: d.createdAt,
      updated_at: d.updatedAt,
    })
    .execute();
}

export async function updateDataset(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Pick<DatasetRecord, 'name' | 'description' | 'visibility'>> & { updatedAt: number },
): Promise<void> {
  await db
    .updateTable('knowledge_datasets')
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.visibility !== undefined ? { visibility: changes.visibility } : {}),
      updated_at: changes.updatedAt,
    })
    .where('id', '=', id)
    .execute();
}

export async function touchDataset(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await db.updateTable('knowledge_datasets').set({ updated_at: now }).where('id', '=', id).execute();
}

export async function datasetCourseIds(db: Kysely<Database>, datasetId: string): Promise<string[]> {
  const rows = await db.selectFrom('knowledge_dataset_courses').select('course_id').where('dataset_id', '=', datasetId).orderBy('created_at').execute();
  return rows.map((r) => r.course_id);
}

export async function setDatasetCourses(db: Kysely<Database>, datasetId: string, courseIds: readonly string[], now: number): Promise<void> {
  await db.deleteFrom('knowledge_dataset_courses').where('dataset_id', '=', datasetId).execute();
  if (courseIds.length) {
    await db
      .insertInto('knowledge_dataset_courses')
      .values(courseIds.map((courseId) => ({ dataset_id: datasetId, course_id: courseId, created_at: now })))
      .execute();
  }
}

export async function documentCounts(db: Kysely<Database>, datasetIds: readonly string[]): Promise<Map<string, { total: number; ready: number }>> {
  const out = new Map<string, { total: number; ready: number }>();
  if (datasetIds.length === 0) return out;
  const rows = await db
    .selectFrom('knowledge_documents')
    .select(['dataset_id', sql<number>`count(*)`.as('total'), sql<number>`sum(case when status = 'ready' then 1 else 0 end)`.as('ready')])
    .where('dataset_id', 'in', [...datasetIds])
    .groupBy('dataset_id')
    .execute();
  for (const r of rows) out.set(r.dataset_id, { total: Number(r.total), ready: Number(r.ready ?? 0) });
  return out;
}

type DocumentRow = Selectable<Database['knowledge_documents']>;

function toDocument(r: DocumentRow): DocumentRecord {
  return {
    id: r.id,
    datasetId: r.dataset_id,
    fileId: r.file_id,
    name: r.name,
    mime: r.mime,
    size: Number(r.size),
    status: r.status,
    error: r.error,
    pageCount: Number(r.page_count),
    charCount: Number(r.char_count),
    chunkCount: Number(r.chunk_count),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

export async function insertDocument(db: Kysely<Database>, d: DocumentRecord): Promise<void> {
  await db
    .insertInto('knowledge_documents')
    .values({
      id: d.id,
      dataset_id: d.datasetId,
      file_id: d.fileId,
      name: d.name,
      mime: d.mime,
      size: d.size,
      status: d.status,
      error: d.error,
      page_count: d.pageCount,
      char_count: d.charCount,
      chunk_count: d.chunkCount,
      created_at: d.createdAt,
      updated_at: d.updatedAt,
    })
    .execute();
}

export async function findDocument(db: Kysely<Database>, id: string): Promise<DocumentRecord | null> {
  const row = await db.selectFrom('knowledge_documents').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toDocument(row) : null;
}

export async function listDocuments(db: Kysely<Database>, datasetId: string): Promise<DocumentRecord[]> {
  const rows = await db.selectFrom('knowledge_documents').selectAll().where('dataset_id', '=', datasetId).orderBy('created_at', 'desc').execute();
  return rows.map(toDocument);
}

export async function updateDocument(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Pick<DocumentRecord, 'status' | 'error' | 'pageCount' | 'charCount' | 'chunkCount'>> & { updatedAt: number },
): Promise<void> {
  await db
    .updateTable('knowledge_documents')
    .set({
      ...(changes.status !== undefined ? { status: changes.status } : {}),
      ...(changes.error !== undefined ? { error: changes.error } : {}),
      ...(changes.pageCount !== undefined ? { page_count: changes.pageCount } : {}),
      ...(changes.charCount !== undefined ? { char_count: changes.charCount } : {}),
      ...(changes.chunkCount !== undefined ? { chunk_count: changes.chunkCount } : {}),
      // A final state holds no lease.
      ...(changes.status === 'ready' || changes.status === 'error' ? { lease_until: null } : {}),
      updated_at: changes.updatedAt,
    })
    .where('id', '=', id)
    .execute();
}

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

type ChunkRowDb = Pick<Database['knowledge_chunks'], 'id' | 'dataset_id' | 'document_id' | 'position' | 'page' | 'content' | 'edited' | 'updated_at'>;

function toChunk(r: ChunkRowDb): ChunkRecord {
  return {
    id: r.id,
    datasetId: r.dataset_id,
    documentId: r.document_id,
    position: Number(r.position),
    page: r.page === null ? null : Number(r.page),
    content: r.content,
    edited: Number(r.edited) === 1,
    updatedAt: Number(r.updated_at),
  };
}

const CHUNK_COLUMNS = ['id', 'dataset_id', 'document_id', 'position', 'page', 'content', 'edited', 'updated_at'] as const;

export async function listChunks(
  db: Kysely<Database>,
  documentId: string,
  page: number,
  pageSize: number,
  keyword?: string,
): Promise<{ items: ChunkRecord[]; total: number }> {
  let base = db.selectFrom('knowledge_chunks').where('document_id', '=', documentId);
  if (keyword) base = base.where(containsText('content', keyword));
  const total = await base.select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  const rows = await base
    .select([...CHUNK_COLUMNS])
    .orderBy('position')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { items: rows.map(toChunk), total: Number(total?.n ?? 0) };
}

export async function findChunk(db: Kysely<Database>, id: string): Promise<ChunkRecord | null> {
  const row = await db
    .selectFrom('knowledge_chunks')
    .select([...CHUNK_COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? toChunk(row) : null;
}

export async function chunksOfIds(
  db: Kysely<Database>,
  ids: readonly string[],
): Promise<Array<ChunkRecord & { documentName: string; terms: string; termCount: number }>> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('knowledge_chunks as c')
    .innerJoin('knowledge_documents as d', 'd.id', 'c.document_id')
    .select([
      'c.id',
      'c.dataset_id',
      'c.document_id',
      'c.position',
      'c.page',
      'c.content',
      'c.edited',
      'c.updated_at',
      'c.terms',
      'c.term_count',
      'd.name as document_name',
    ])
    .where('c.id', 'in', [...ids])
    .execute();
  return rows.map((r) => ({ ...toChunk(r), documentName: r.document_name, terms: r.terms, termCount: Number(r.term_count) }));
}

/** Chunks of a document in order, with their stored terms (to re-insert edited ones on re-index). */
export async function documentChunkContents(db: Kysely<Database>, documentId: string): Promise<Array<{ id: string; position: number; content: string }>> {
  const rows = await db
    .selectFrom('knowledge_chunks')
    .select(['id', 'position', 'content'])
    .where('document_id', '=', documentId)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ id: r.id, position: Number(r.position), content: r.content }));
}

/** Datasets (other than private) with the courses they are linked to, for course-visibility checks. */
export async function courseLinkedDatasets(db: Kysely<Database>, datasetIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (datasetIds.length === 0) return out;
  const rows = await db
    .selectFrom('knowledge_dataset_courses')
    .select(['dataset_id', 'course_id'])
    .where('dataset_id', 'in', [...datasetIds])
    .execute();
  for (const r of rows) out.set(r.dataset_id, [...(out.get(r.dataset_id) ?? []), r.course_id]);
  return out;
}
