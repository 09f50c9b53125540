// A dataset's chunk vectors in one Float32Array, loaded on first search and
// reloaded when the dataset changes (its updated_at moves with every index
// change). Bounded: least recently used datasets leave first.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { decodeVector, dot } from './embeddings.js';

interface Entry {
  version: number;
  ids: string[];
  dims: number;
  matrix: Float32Array;
}

const MAX_FLOATS = 64 * 1024 * 1024; // 256 MB of vectors across datasets

export class VectorCache {
  private entries = new Map<string, Entry>();

  async load(db: Kysely<Database>, datasetId: string, version: number): Promise<Entry> {
    const cached = this.entries.get(datasetId);
    if (cached && cached.version === version) {
      this.entries.delete(datasetId);
      this.entries.set(datasetId, cached); // most recently used last
      return cached;
    }
    const rows = await db
      .selectFrom('knowledge_chunks')
      .select(['id', 'embedding'])
      .where('dataset_id', '=', datasetId)
      .where('embedding', 'is not', null)
      .execute();
    const vectors = rows.map((r) => decodeVector(r.embedding!));
    const dims = vectors[0]?.length ?? 0;
    const usable = rows.map((r, i) => ({ id: r.id, v: vectors[i]! })).filter((x) => x.v.length === dims);
    const matrix = new Float32Array(usable.length * dims);
    usable.forEach((x, i) => matrix.set(x.v, i * dims));
    const entry = { version, ids: usable.map((x) => x.id), dims, matrix };
    this.entries.set(datasetId, entry);
    let total = [...this.entries.values()].reduce((sum, e) => sum + e.matrix.length, 0);
    for (const [key, e] of this.entries) {
      if (total <= MAX_FLOATS || key === datasetId) break;
      this.entries.delete(key);
      total -= e.matrix.length;
    }
    return entry;
  }

  /** The `limit` most similar chunks of the datasets, best first (cosine; vectors are normalised). */
  async nearest(
    db: Kysely<Database>,
    datasets: ReadonlyArray<{ id: string; version: number }>,
    query: Float32Array,
    limit: number,
  ): Promise<Array<{ id: string; similarity: number }>> {
    const hits: Array<{ id: string; similarity: number }> = [];
    for (const d of datasets) {
      const entry = await this.load(db, d.id, d.version);
      if (entry.dims !== query.length) continue;
      for (let i = 0; i < entry.ids.length; i++) hits.push({ id: entry.ids[i]!, similarity: dot(query, entry.matrix, i * entry.dims) });
    }
    return hits.sort((a, b) => b.similarity - a.similarity).slice(0, limit);
  }
}
