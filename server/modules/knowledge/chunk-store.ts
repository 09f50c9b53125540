// SQL for chunk listings: a document's or dataset's chunks, one chunk, and chunks by id.
import { sql, type Kysely } from 'kysely';
import { containsText } from '../../db/contains.js';
import type { Database } from '../../db/schema.js';

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
