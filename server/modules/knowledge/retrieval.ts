// Search: exact BM25 over an in-process inverted index of each dataset
// (term-index.ts, term-search.ts; the same on SQLite and PostgreSQL), plus the most similar
// passages by vector when an embeddings model is configured, merged with
// reciprocal rank fusion into one ranking.
import type { ServerContext } from '../../context.js';
import { reciprocalRankFusion } from './bm25.js';
import type { KnowledgeRuntime } from './runtime.js';
import { datasetVersion } from './term-index.js';
import { topByBm25 } from './term-search.js';
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

export async function searchDatasets(
  ctx: ServerContext,
  rt: KnowledgeRuntime,
  datasets: readonly DatasetRecord[],
  question: string,
  options: { limit: number; minScore?: number },
): Promise<SearchHit[]> {
  if (datasets.length === 0 || !question.trim()) return [];
  const terms = queryTermsOf(question).slice(0, MAX_QUERY_TERMS);
  const ranked = Math.max(options.limit * 4, 20);

  // Exact BM25 over every passage holding a term of the question (term-index.ts).
  const indexes = await Promise.all(datasets.map((d) => rt.terms.get(ctx.db, d.id, datasetVersion(d))));
  const keyword = topByBm25(indexes, terms, ranked);

  let nearest: Array<{ id: string; similarity: number }> = [];
  if (rt.embedder) {
    try {
      const [vector] = await rt.embedder.embed([question]);
      nearest = await rt.vectors.nearest(
        ctx.db,
        datasets.map((d) => ({ id: d.id, version: d.updatedAt })),
        vector!,
        ranked,
      );
    } catch {
      // The embeddings service being down must not break keyword search.
      nearest = [];
    }
  }

  const fused = reciprocalRankFusion([keyword.map((k) => k.chunkId), nearest.map((n) => n.id)]);
  const byId = new Map(keyword.map((k) => [k.chunkId, k]));
  const similarity = new Map(nearest.map((n) => [n.id, n.similarity]));
  const scoreOf = (id: string) => Math.max(byId.get(id)?.coverage ?? 0, similarity.get(id) ?? 0);
  const wanted = [...fused.keys()].filter((id) => scoreOf(id) >= (options.minScore ?? 0));
  // Without vectors every candidate's place is known from the index (its
  // document and position break ties), so only the passages that make the
  // answer are read: `limit` rows, not the 20 ranked. A passage deleted since
  // the index was built is skipped and the next one read.
  const placed = nearest.length === 0;
  if (placed) wanted.sort((a, b) => compareHits(fused.get(a)!, byId.get(a)!.score, byId.get(a)!, fused.get(b)!, byId.get(b)!.score, byId.get(b)!));

  const hits: SearchHit[] = [];
  for (let from = 0; from < wanted.length && (!placed || hits.length < options.limit);) {
    const batch = placed ? wanted.slice(from, from + options.limit - hits.length) : wanted;
    from += batch.length;
    const rows = new Map((await chunksOfIds(ctx.db, batch)).map((c) => [c.id, c]));
    for (const id of batch) {
      const row = rows.get(id);
      if (!row) continue; // deleted since the index was built
      const k = byId.get(id);
      const sim = similarity.get(id) ?? null;
      hits.push({
        chunkId: id,
        datasetId: row.datasetId,
        documentId: row.documentId,
        documentName: row.documentName,
        position: row.position,
        page: row.page,
        content: row.content,
        score: scoreOf(id),
        bm25: k ? k.score : null,
        similarity: sim,
        fused: fused.get(id)!,
      });
    }
  }
  return hits.sort((a, b) => compareHits(a.fused, a.bm25 ?? 0, a, b.fused, b.bm25 ?? 0, b)).slice(0, options.limit);
}

/** Best first: fused rank, then BM25, then document and place in it. */
function compareHits(
  fusedA: number,
  bm25A: number,
  a: { documentId: string; position: number },
  fusedB: number,
  bm25B: number,
  b: { documentId: string; position: number },
): number {
  return fusedB - fusedA || bm25B - bm25A || a.documentId.localeCompare(b.documentId) || a.position - b.position;
}
