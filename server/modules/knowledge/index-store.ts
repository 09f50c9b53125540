// The search index in SQL. Chunks and their BM25 statistics (df per term,
// chunk and term counts per dataset) are the same on both databases; only
// the candidate lookup differs: an FTS5 table on SQLite, a tsvector column
// with a GIN index on PostgreSQL. Every change runs inside the caller's
// transaction, so the statistics never drift from the chunks.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { termFrequencies } from '../../text/terms.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewChunk {
  id: string;
  datasetId: string;
  documentId: string;
  position: number;
  page: number | null;
  content: string;
  terms: string[];
  embedding: string | null;
  edited: boolean;
}

export interface ChunkRow {
  id: string;
  datasetId: string;
  documentId: string;
  documentName: string;
  position: number;
  page: number | null;
  content: string;
  terms: string;
  termCount: number;
}

const BATCH = 400;

function batches<T>(items: readonly T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A tsvector literal with positions (tf), taken verbatim: no parser decides what a term is. */
export function tsvectorLiteral(terms: readonly string[]): string {
  const positions = new Map<string, number[]>();
  terms.forEach((t, i) => {
    const list = positions.get(t) ?? [];
    if (list.length < 256) list.push(Math.min(i + 1, 16383));
    positions.set(t, list);
  });
  return [...positions].map(([t, p]) => `'${t.replace(/\\/gu, '\\\\').replace(/'/gu, "''")}':${[...new Set(p)].join(',')}`).join(' ');
}

export type TermMatch = 'all' | 'any';

const tsqueryLiteral = (terms: readonly string[], match: TermMatch) =>
  terms.map((t) => `'${t.replace(/\\/gu, '\\\\').replace(/'/gu, "''")}'`).join(match === 'all' ? ' & ' : ' | ');
const ftsQuery = (terms: readonly string[], match: TermMatch) => terms.map((t) => `"${t.replace(/"/gu, '""')}"`).join(match === 'all' ? ' AND ' : ' OR ');

/** Adds (or with sign −1 removes) each chunk's distinct terms to the dataset's document frequencies. */
async function adjustStats(db: Db, datasetId: string, chunkTerms: ReadonlyArray<readonly string[]>, sign: 1 | -1): Promise<void> {
  if (chunkTerms.length === 0) return;
  const df = new Map<string, number>();
  let termCount = 0;
  for (const terms of chunkTerms) {
    termCount += terms.length;
    for (const t of new Set(terms)) df.set(t, (df.get(t) ?? 0) + 1);
  }
  for (const batch of batches([...df])) {
    await db
      .insertInto('knowledge_terms')
      .values(batch.map(([term, n]) => ({ dataset_id: datasetId, term, df: sign * n })))
      .onConflict((oc) => oc.columns(['dataset_id', 'term']).doUpdateSet({ df: sql`knowledge_terms.df + excluded.df` }))
      .execute();
  }
  if (sign < 0) await db.deleteFrom('knowledge_terms').where('dataset_id', '=', datasetId).where('df', '<=', 0).execute();
  await db
    .updateTable('knowledge_datasets')
    .set({
      chunk_count: sql`chunk_count + ${sign * chunkTerms.length}`,
      term_count: sql`term_count + ${sign * termCount}`,
    })
    .where('id', '=', datasetId)
    .execute();
}

export async function insertChunks(db: Db, dialect: Dialect, chunks: readonly NewChunk[], now: number): Promise<void> {
  const byDataset = new Map<string, string[][]>();
  for (const batch of batches(chunks, 100)) {
    const rows = [];
    let ftsRowid = 0;
    if (dialect === 'sqlite') {
      // FTS5 tables answer RETURNING with -1, so the rowids are chosen here,
      // inside the caller's write transaction, and the batch goes in one statement.
      const top = await sql<{ rowid: number | null }>`select max(rowid) as rowid from knowledge_fts`.execute(db);
      ftsRowid = Number(top.rows[0]?.rowid ?? 0);
      await sql`insert into knowledge_fts (rowid, terms, dataset_id) values ${sql.join(batch.map((c, i) => sql`(${ftsRowid + i + 1}, ${c.terms.join(' ')}, ${c.datasetId})`))}`.execute(
        db,
      );
    }
    for (const c of batch) {
      rows.push({
        id: c.id,
        dataset_id: c.datasetId,
        document_id: c.documentId,
        position: c.position,
        page: c.page,
        content: c.content,
        terms: c.terms.join(' '),
        term_count: c.terms.length,
        embedding: c.embedding,
        edited: c.edited ? 1 : 0,
        fts_rowid: dialect === 'sqlite' ? ++ftsRowid : null,
        created_at: now,
        updated_at: now,
        ...(dialect === 'postgres' ? { tsv: sql`${tsvectorLiteral(c.terms)}::tsvector` } : {}),
      });
      const list = byDataset.get(c.datasetId) ?? [];
      list.push(c.terms);
      byDataset.set(c.datasetId, list);
    }
    await db
      .insertInto('knowledge_chunks')
      .values(rows as never)
      .execute();
  }
  for (const [datasetId, terms] of byDataset) await adjustStats(db, datasetId, terms, 1);
}

/** Removes chunks (of a document, or one chunk) with their index entries and statistics. */
export async function removeChunks(db: Db, dialect: Dialect, where: { documentId: string } | { chunkId: string }): Promise<number> {
  let query = db.selectFrom('knowledge_chunks').select(['id', 'dataset_id', 'terms', 'fts_rowid']);
  query = 'documentId' in where ? query.where('document_id', '=', where.documentId) : query.where('id', '=', where.chunkId);
  const rows = await query.execute();
  if (rows.length === 0) return 0;
  const byDataset = new Map<string, string[][]>();
  for (const r of rows) {
    const list = byDataset.get(r.dataset_id) ?? [];
    list.push(r.terms ? r.terms.split(' ') : []);
    byDataset.set(r.dataset_id, list);
  }
  for (const [datasetId, terms] of byDataset) await adjustStats(db, datasetId, terms, -1);
  if (dialect === 'sqlite') {
    for (const batch of batches(rows.map((r) => r.fts_rowid).filter((n): n is number => n !== null))) {
      await sql`delete from knowledge_fts where rowid in (${sql.join(batch)})`.execute(db);
    }
  }
  for (const batch of batches(rows.map((r) => r.id))) await db.deleteFrom('knowledge_chunks').where('id', 'in', batch).execute();
  return rows.length;
}

/** Chunks matching all (or any) of the terms, best first by the database's own ranking (candidates for BM25). */
export async function candidateChunks(
  db: Db,
  dialect: Dialect,
  datasetIds: readonly string[],
  terms: readonly string[],
  limit: number,
  match: TermMatch = 'any',
): Promise<ChunkRow[]> {
  if (datasetIds.length === 0 || terms.length === 0) return [];
  const ids =
    dialect === 'sqlite'
      ? await sql<{ rowid: number }>`
          select rowid from knowledge_fts
          where knowledge_fts match ${ftsQuery(terms, match)} and dataset_id in (${sql.join(datasetIds)})
          order by rank limit ${limit}`.execute(db)
      : null;
  let query = db
    .selectFrom('knowledge_chunks as c')
    .innerJoin('knowledge_documents as d', 'd.id', 'c.document_id')
    .select(['c.id', 'c.dataset_id', 'c.document_id', 'd.name as document_name', 'c.position', 'c.page', 'c.content', 'c.terms', 'c.term_count']);
  if (ids) {
    const rowids = ids.rows.map((r) => Number(r.rowid));
    if (rowids.length === 0) return [];
    query = query.where('c.fts_rowid', 'in', rowids);
  } else {
    const q = tsqueryLiteral(terms, match);
    query = query.where(sql<boolean>`c.tsv @@ ${q}::tsquery`).where('c.dataset_id', 'in', datasetIds);
    // ts_rank reads every matching tsvector; passages holding all the rarest
    // terms are all good candidates, so those are taken as the index finds them.
    if (match === 'any') query = query.orderBy(sql`ts_rank(c.tsv, ${q}::tsquery)`, 'desc');
    query = query.limit(limit);
  }
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    datasetId: r.dataset_id,
    documentId: r.document_id,
    documentName: r.document_name,
    position: Number(r.position),
    page: r.page === null ? null : Number(r.page),
    content: r.content,
    terms: r.terms,
    termCount: Number(r.term_count),
  }));
}

export interface StatsRow {
  chunkCount: number;
  termCount: number;
  df: Map<string, number>;
}

export async function searchStats(db: Db, datasetIds: readonly string[], terms: readonly string[]): Promise<StatsRow> {
  const totals = await db
    .selectFrom('knowledge_datasets')
    .select([sql<number>`coalesce(sum(chunk_count), 0)`.as('chunks'), sql<number>`coalesce(sum(term_count), 0)`.as('terms')])
    .where('id', 'in', datasetIds)
    .executeTakeFirst();
  const df = new Map<string, number>();
  for (const batch of batches(terms)) {
    const rows = await db
      .selectFrom('knowledge_terms')
      .select(['term', sql<number>`sum(df)`.as('df')])
      .where('dataset_id', 'in', datasetIds)
      .where('term', 'in', batch)
      .groupBy('term')
      .execute();
    for (const r of rows) df.set(r.term, Number(r.df));
  }
  return { chunkCount: Number(totals?.chunks ?? 0), termCount: Number(totals?.terms ?? 0), df };
}

/** Term frequencies of a stored chunk. */
export const chunkTf = (row: Pick<ChunkRow, 'terms'>) => termFrequencies(row.terms ? row.terms.split(' ') : []);
