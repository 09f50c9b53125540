// SQL for a dataset's documents: their rows and the states they pass through.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { DocumentStatus } from '../../db/tables/knowledge.js';

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

type DocumentRow = Selectable<Database['knowledge_documents']>;

export function toDocument(r: DocumentRow): DocumentRecord {
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
