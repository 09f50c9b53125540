// Keyword search ranks from an in-process inverted index (term-index.ts,
// term-search.ts). Its top passages must be exactly BM25's (bm25.ts scoring
// every passage with the statistics the database keeps), across several
// datasets at once, and an index must follow its dataset's version. Those
// statistics must equal a count over the passages after every change.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { seedIfEmpty } from '../../../server/db/seed.js';
import { demoLogins } from '../../../server/modules/account/index.js';
import { bm25 } from '../../../server/modules/knowledge/bm25.js';
import { insertChunks, removeChunks, searchStats } from '../../../server/modules/knowledge/index-store.js';
import { TermIndexCache } from '../../../server/modules/knowledge/term-index.js';
import { topByBm25 } from '../../../server/modules/knowledge/term-search.js';
import { openTestDatabase, type TestDatabase } from '../../support/server.js';

const WORDS = '数控 机床 刀具 主轴 进给 坐标系 插补 程序 指令 工件 夹具 公差 钳工 钻孔 焊接 电路 电压 电流 液压 气动 轴承 齿轮 安全 防护 维护 故障'.split(' ');
let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = () => WORDS[Math.floor(random() * random() * WORDS.length)]!; // skewed: some terms common, some rare

let database: TestDatabase;
before(async () => {
  database = await openTestDatabase({ ZX_LOG_LEVEL: 'error' });
  const db = database.data.db;
  await seedIfEmpty(db, { demo: demoLogins('Index-test-pass-1') });
  const owner = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  const now = Date.now();
  await db
    .insertInto('files')
    .values({ id: 'f', owner_id: owner.id, name: 'f', stored_name: 'f', mime: 'text/plain', size: 0, sha256: '', visibility: 'private', created_at: now })
    .execute();
  for (const ds of ['a', 'b']) {
    await db
      .insertInto('knowledge_datasets')
      .values({ id: ds, owner_id: owner.id, name: ds, description: '', visibility: 'private', chunk_count: 0, term_count: 0, created_at: now, updated_at: now })
      .execute();
    await db
      .insertInto('knowledge_documents')
      .values({
        id: `${ds}-doc`,
        dataset_id: ds,
        file_id: 'f',
        name: `${ds}.txt`,
        mime: 'text/plain',
        size: 0,
        status: 'ready',
        error: null,
        page_count: 0,
        char_count: 0,
        chunk_count: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const chunks = Array.from({ length: ds === 'a' ? 300 : 120 }, (_, i) => {
      const terms = Array.from({ length: 5 + Math.floor(random() * 30) }, pick);
      return {
        id: `${ds}${String(i).padStart(4, '0')}`,
        datasetId: ds,
        documentId: `${ds}-doc`,
        position: i,
        page: null,
        content: terms.join(''),
        terms,
        embedding: null,
        edited: false,
      };
    });
    await database.data.db.transaction().execute((trx) => insertChunks(trx, database.data.dialect, chunks, now));
  }
});
after(() => database.close());

/** BM25 of every passage of the datasets, by brute force, with the database's statistics. */
async function exactTop(datasetIds: string[], terms: string[], k: number): Promise<string[]> {
  const db = database.data.db;
  const rows = await db
    .selectFrom('knowledge_chunks')
    .select(['id', 'document_id', 'position', 'terms', 'term_count'])
    .where('dataset_id', 'in', datasetIds)
    .execute();
  const stats = await searchStats(db, datasetIds, terms);
  const collection = { chunkCount: stats.chunkCount, averageLength: stats.termCount / stats.chunkCount, df: stats.df };
  return rows
    .map((r) => {
      const tf = new Map<string, number>();
      for (const t of r.terms.split(' ')) tf.set(t, (tf.get(t) ?? 0) + 1);
      return { r, score: bm25(collection, terms, tf, Number(r.term_count)).score };
    })
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.r.document_id.localeCompare(b.r.document_id) || Number(a.r.position) - Number(b.r.position))
    .slice(0, k)
    .map((x) => x.r.id);
}

test('the index ranks exactly as BM25 over every passage, across two datasets', async () => {
  const cache = new TermIndexCache(64 * 1024 * 1024);
  const indexes = [await cache.get(database.data.db, 'a', 'v1'), await cache.get(database.data.db, 'b', 'v1')];
  for (let q = 0; q < 40; q++) {
    const terms = Array.from({ length: 1 + (q % 5) }, pick);
    if (q % 7 === 0) terms.push(terms[0]!); // a repeated word weighs twice, as in bm25.ts
    const got = topByBm25(indexes, terms, 10).map((h) => h.chunkId);
    assert.deepEqual(got, await exactTop(['a', 'b'], terms, 10), `question ${terms.join(' ')}`);
  }
  assert.deepEqual(topByBm25(indexes, ['光合作用'], 10), [], 'a word no passage holds finds nothing');
});

test('an index is built once per version and again when the dataset changes', async () => {
  const cache = new TermIndexCache(64 * 1024 * 1024);
  const db = database.data.db;
  const [first, second] = await Promise.all([cache.get(db, 'b', 'v1'), cache.get(db, 'b', 'v1')]);
  assert.equal(first, second, 'two searches at once share one build');
  assert.equal(first.chunkIds.length, 120);
  await db.transaction().execute((trx) => removeChunks(trx, database.data.dialect, { chunkId: 'b0000' }));
  assert.equal(await cache.get(db, 'b', 'v1'), first, 'the same version is served from memory');
  const next = await cache.get(db, 'b', 'v2');
  assert.equal(next.chunkIds.length, 119);
  assert.ok(!next.chunkIds.includes('b0000'));
});

/** The dataset's statistics as kept, and as counted over its passages now. */
async function statistics(datasetId: string) {
  const db = database.data.db;
  const rows = await db.selectFrom('knowledge_chunks').select(['terms', 'term_count']).where('dataset_id', '=', datasetId).execute();
  const counted = { chunkCount: rows.length, termCount: 0, df: {} as Record<string, number> };
  for (const row of rows) {
    const terms = row.terms ? row.terms.split(' ') : [];
    assert.equal(Number(row.term_count), terms.length);
    counted.termCount += terms.length;
    for (const term of new Set(terms)) counted.df[term] = (counted.df[term] ?? 0) + 1;
  }
  const dataset = await db.selectFrom('knowledge_datasets').select(['chunk_count', 'term_count']).where('id', '=', datasetId).executeTakeFirstOrThrow();
  const terms = await db.selectFrom('knowledge_terms').select(['term', 'df']).where('dataset_id', '=', datasetId).execute();
  const kept = {
    chunkCount: Number(dataset.chunk_count),
    termCount: Number(dataset.term_count),
    df: Object.fromEntries(terms.map((t) => [t.term, Number(t.df)])),
  };
  return { kept, counted };
}

test('the kept statistics equal a count over the passages, after adding and removing', async () => {
  const before = await statistics('a');
  assert.deepEqual(before.kept, before.counted);
  // Every passage holding the rarest term goes: the term leaves the statistics too.
  const rarest = Object.entries(before.counted.df).sort((x, y) => x[1] - y[1])[0]![0];
  const holders = await database.data.db.selectFrom('knowledge_chunks').select(['id', 'terms']).where('dataset_id', '=', 'a').execute();
  for (const holder of holders.filter((h) => h.terms.split(' ').includes(rarest))) {
    await database.data.db.transaction().execute((trx) => removeChunks(trx, database.data.dialect, { chunkId: holder.id }));
  }
  const after = await statistics('a');
  assert.deepEqual(after.kept, after.counted);
  assert.equal(after.kept.df[rarest], undefined, `${rarest} is gone with its passages`);
  assert.ok(after.kept.chunkCount < before.kept.chunkCount);
});
