// BM25 (k1 = 1.2, b = 0.75, Lucene's idf) computed in one place for both
// databases: the full-text index of each database only proposes candidates;
// the score, and so the order, comes from here, from the same statistics.

export const K1 = 1.2;
export const B = 0.75;

export interface CollectionStats {
  /** Chunks in the datasets searched. */
  chunkCount: number;
  /** Average terms per chunk. */
  averageLength: number;
  /** Chunks containing each query term. */
  df: Map<string, number>;
}

export function idf(stats: CollectionStats, term: string): number {
  const df = stats.df.get(term) ?? 0;
  return Math.log(1 + (stats.chunkCount - df + 0.5) / (df + 0.5));
}

export interface Bm25Result {
  score: number;
  /**
   * Share of the question this chunk contains, 0–1: a relevance a person can
   * read. Each term weighs 1 + idf, so rare terms count most in a large
   * library and a tiny library (where every idf is small) still reads sensibly.
   */
  coverage: number;
}

export function bm25(stats: CollectionStats, queryTerms: readonly string[], chunkTf: Map<string, number>, chunkLength: number): Bm25Result {
  let score = 0;
  let matchedWeight = 0;
  let totalWeight = 0;
  const norm = K1 * (1 - B + (B * chunkLength) / Math.max(stats.averageLength, 1));
  for (const term of queryTerms) {
    const weight = idf(stats, term);
    totalWeight += 1 + weight;
    const tf = chunkTf.get(term) ?? 0;
    if (tf === 0) continue;
    matchedWeight += 1 + weight;
    score += (weight * tf * (K1 + 1)) / (tf + norm);
  }
  return { score, coverage: totalWeight > 0 ? matchedWeight / totalWeight : 0 };
}

/** Reciprocal rank fusion: merges rankings without comparing their scores (k = 60, as in the original paper). */
export function reciprocalRankFusion(rankings: ReadonlyArray<readonly string[]>, k = 60): Map<string, number> {
  const fused = new Map<string, number>();
  for (const ranking of rankings) ranking.forEach((id, index) => fused.set(id, (fused.get(id) ?? 0) + 1 / (k + index + 1)));
  return fused;
}
