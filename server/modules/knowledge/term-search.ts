// Exact BM25 top-k over the in-process indexes of the datasets searched
// (term-index.ts): the statistics (passages, average length, document
// frequencies) are those of all the datasets together, as in bm25.ts, and
// every passage holding any of the question's terms is scored, so the
// ranking is BM25's own, not that of a candidate shortlist. Scores live in
// typed arrays and only the best k become objects: a common term touches
// most of a large library, and an object per passage cost most of the time.
import { K1, B } from './bm25.js';
import type { TermIndex } from './term-index.js';

export interface TermHit {
  chunkId: string;
  documentId: string;
  position: number;
  score: number;
  /** Share of the question's weight the passage covers (as bm25.ts). */
  coverage: number;
}

/** The `limit` best passages by BM25 (ties by document, then place in it), scores above 0 only. */
export function topByBm25(indexes: readonly TermIndex[], queryTerms: readonly string[], limit: number): TermHit[] {
  const chunkCount = indexes.reduce((sum, x) => sum + x.chunkIds.length, 0);
  if (chunkCount === 0 || queryTerms.length === 0 || limit <= 0) return [];
  const averageLength = Math.max(indexes.reduce((sum, x) => sum + x.termCount, 0) / chunkCount, 1);
  // Each term's weight, counted once per occurrence in the question (as bm25.ts does).
  const weights = new Map<string, { idf: number; times: number }>();
  let totalWeight = 0;
  for (const term of queryTerms) {
    let entry = weights.get(term);
    if (!entry) {
      const df = indexes.reduce((sum, x) => sum + (x.postings.get(term)?.count ?? 0), 0);
      entry = { idf: Math.log(1 + (chunkCount - df + 0.5) / (df + 0.5)), times: 0 };
      weights.set(term, entry);
    }
    entry.times++;
    totalWeight += 1 + entry.idf;
  }

  const hits: TermHit[] = [];
  for (const index of indexes) {
    // The index's own score arrays, zero between searches: a search runs from
    // start to end without yielding, so they are never shared by two at once,
    // and clearing only the passages it touched costs less than 1.6 MB of
    // fresh zeroed memory per question at 100,000 passages.
    const { scores, matched, touched } = scratchOf(index);
    const lengths = index.lengths;
    for (const [term, { idf, times }] of weights) {
      const list = index.postings.get(term);
      if (!list) continue;
      const bytes = list.bytes;
      const weight = times * idf * (K1 + 1);
      const share = times * (1 + idf);
      let d = -1;
      for (let i = 0; i < bytes.length;) {
        // Two varints: the gap to this passage, then the term's frequency in it.
        let b = bytes[i++]!;
        let gap = b & 0x7f;
        for (let shift = 7; b & 0x80; shift += 7) gap |= ((b = bytes[i++]!) & 0x7f) << shift;
        d += gap;
        b = bytes[i++]!;
        let tf = b & 0x7f;
        for (let shift = 7; b & 0x80; shift += 7) tf |= ((b = bytes[i++]!) & 0x7f) << shift;
        if (matched[d] === 0) touched.values[touched.length++] = d;
        scores[d] = (scores[d] ?? 0) + (weight * tf) / (tf + K1 * (1 - B + (B * lengths[d]!) / averageLength));
        matched[d] = (matched[d] ?? 0) + share;
      }
    }
    for (const d of bestOf(index, scores, touched, limit)) {
      hits.push({
        chunkId: index.chunkIds[d]!,
        documentId: index.documentIds[d]!,
        position: index.positions[d]!,
        score: scores[d]!,
        coverage: matched[d]! / totalWeight,
      });
    }
    for (let i = 0; i < touched.length; i++) {
      const d = touched.values[i]!;
      scores[d] = 0;
      matched[d] = 0;
    }
    touched.length = 0;
  }
  return hits.sort((a, b) => b.score - a.score || a.documentId.localeCompare(b.documentId) || a.position - b.position).slice(0, limit);
}

interface Scratch {
  scores: Float64Array;
  matched: Float64Array;
  /** Passage numbers scored by the current search, `length` of them. */
  touched: { values: Int32Array; length: number };
}

const scratches = new WeakMap<TermIndex, Scratch>();

function scratchOf(index: TermIndex): Scratch {
  let scratch = scratches.get(index);
  if (!scratch) {
    const n = index.chunkIds.length;
    scratch = { scores: new Float64Array(n), matched: new Float64Array(n), touched: { values: new Int32Array(n), length: 0 } };
    scratches.set(index, scratch);
  }
  return scratch;
}

/** The passage numbers of the `limit` best scores above 0, best first, kept in a small sorted window. */
function bestOf(index: TermIndex, scores: Float64Array, touched: Scratch['touched'], limit: number): number[] {
  const before = (a: number, b: number) =>
    scores[b]! - scores[a]! || index.documentIds[a]!.localeCompare(index.documentIds[b]!) || index.positions[a]! - index.positions[b]!;
  const top: number[] = [];
  for (let i = 0; i < touched.length; i++) {
    const d = touched.values[i]!;
    if (!(scores[d]! > 0)) continue;
    if (top.length === limit && before(d, top[limit - 1]!) >= 0) continue;
    let at = top.length;
    while (at > 0 && before(d, top[at - 1]!) < 0) at--;
    top.splice(at, 0, d);
    if (top.length > limit) top.pop();
  }
  return top;
}
