// Search: keyword candidates from the database's full-text index, scored by
// BM25 (bm25.ts, the same on SQLite and PostgreSQL), plus the most similar
// passages by vector when an embeddings model is configured, merged with
// reciprocal rank fusion into one ranking.
import type { ServerContext } from '../../context.js';
import { bm25, reciprocalRankFusion } from './bm25.js';
import { candidateChunks, chunkTf, searchStats, type ChunkRow } from './index-store.js';
import type { KnowledgeRuntime } from './runtime.js';
import { queryTermsOf } from '../../text/terms.js';
import { chunksOfIds, type DatasetRecord } from './store.js';

export interface SearchHit {
  chunkId: string;
  datasetId: string;
  documentId: string;
  documentName: string;
  position: number;
  page: number | null;
  content: string;
  /** Relevance a person can read, 0–1: the question's weight the passage covers, or its vector similarity if higher. */
  score: number;
  /** BM25 score (null: found by vector only). */
  bm25: number | null;
  /** Cosine similarity (null: no embeddings model, or not among the nearest). */
  similarity: number | null;
  /** Reciprocal-rank-fusion score that decided the order. */
  fused: number;
}

const MAX_QUERY_TERMS = 64;
const CANDIDATE_TERMS = 6;

/**
 * Passages holding all of the rarest terms first, then fewer of them, and
 * only when that finds too few, any of them: in a large library the database
 * then ranks a few hundred passages instead of most of the library, and in a
 * small one every match is still scored.
 */
async function gatherCandidates(ctx: ServerContext, ids: readonly string[], rarestFirst: readonly string[], pool: number, enough: number): Promise<ChunkRow[]> {
  const found = new Map<string, ChunkRow>();
  for (let k = rarestFirst.length; k >= 2 && found.size < pool; k--) {
    for (const row of await candidateChunks(ctx.db, ctx.data.dialect, ids, rarestFirst.slice(0, k), pool, 'all')) found.set(row.id, row);
  }
  if (found.size < enough) for (const row of await candidateChunks(ctx.db, ctx.data.dialect, ids, rarestFirst, pool, 'any')) found.set(row.id, row);
  return [...found.values()];
}

export async function searchDatasets(
  ctx: ServerContext,
  rt: KnowledgeRuntime,
  datasets: readonly DatasetRecord[],
  question: string,
  options: { limit: number; minScore?: number },
): Promise<SearchHit[]> {
  if (datasets.length === 0 || !question.trim()) return [];
  const ids = datasets.map((d) => d.id);
  const terms = queryTermsOf(question).slice(0, MAX_QUERY_TERMS);
  const pool = Math.max(200, options.limit * 20);

  const stats = await searchStats(ctx.db, ids, terms);
  // Candidates come from the rarest terms the library holds: they carry most
  // of BM25's weight, and common ones would make the database rank most of a
  // large library for every question.
  const candidateTerms = terms
    .filter((t) => (stats.df.get(t) ?? 0) > 0)
    .sort((a, b) => stats.df.get(a)! - stats.df.get(b)! || a.localeCompare(b))
    .slice(0, CANDIDATE_TERMS);
  const candidates = await gatherCandidates(ctx, ids, candidateTerms, pool, Math.max(options.limit * 4, 20));
  const collection = { chunkCount: stats.chunkCount, averageLength: stats.termCount / Math.max(stats.chunkCount, 1), df: stats.df };
  const keyword = candidates
    .map((c) => ({ c, ...bm25(collection, terms, chunkTf(c), c.termCount) }))
    .filter((s) => s.score > 0)
    // Ties broken by place in the document, so both databases agree on the order.
    .sort((a, b) => b.score - a.score || a.c.documentId.localeCompare(b.c.documentId) || a.c.position - b.c.position);

  let nearest: Array<{ id: string; similarity: number }> = [];
  if (rt.embedder) {
    try {
      const [vector] = await rt.embedder.embed([question]);
      nearest = await rt.vectors.nearest(ctx.db, datasets.map((d) => ({ id: d.id, version: d.updatedAt })), vector!, Math.max(options.limit * 4, 20));
    } catch {
      // The embeddings service being down must not break keyword search.
      nearest = [];
    }
  }

  const fused = reciprocalRankFusion([keyword.map((k) => k.c.id), nearest.map((n) => n.id)]);
  const byId = new Map(keyword.map((k) => [k.c.id, k]));
  const similarity = new Map(nearest.map((n) => [n.id, n.similarity]));
  const missing = nearest.filter((n) => !byId.has(n.id)).map((n) => n.id);
  const extra = new Map((await chunksOfIds(ctx.db, missing)).map((c) => [c.id, c]));

  const hits: SearchHit[] = [];
  for (const [id, score] of fused) {
    const k = byId.get(id);
    const row = k?.c ?? extra.get(id);
    if (!row) continue;
    const sim = similarity.get(id) ?? null;
    hits.push({
      chunkId: id,
      datasetId: row.datasetId,
      documentId: row.documentId,
      documentName: row.documentName,
      position: row.position,
      page: row.page,
      content: row.content,
      score: Math.max(k?.coverage ?? 0, sim ?? 0),
      bm25: k ? k.score : null,
      similarity: sim,
      fused: score,
    });
  }
  return hits
    .filter((h) => h.score >= (options.minScore ?? 0))
    .sort((a, b) => b.fused - a.fused || (b.bm25 ?? 0) - (a.bm25 ?? 0) || a.documentId.localeCompare(b.documentId) || a.position - b.position)
    .slice(0, options.limit);
}
