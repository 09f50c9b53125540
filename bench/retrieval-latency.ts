// Retrieval latency at 100,000 passages: a dataset filled with synthetic
// Chinese teaching text (vocational terms, Zipf-distributed), then questions through the real
// search path (segmentation, the in-process index, exact BM25, ranking) — p50 and
// p99, and whether each top 5 equals brute-force BM25 — against scanning the passages with LIKE for the question's main word,
// the search one would write without an index, in the same run.
// SQLite by default (a temp folder); ZX_TEST_DB=postgres for PostgreSQL.
// Each of ROUNDS rounds asks the 290 questions again (p50/p99 per round, and
// the CPU time of each question, which a busy shared machine does not inflate
// the way it does wall-clock time).
// Usage: node --expose-gc --import tsx bench/retrieval-latency.ts [passages]
import { sql } from 'kysely';
import type { ServerContext } from '../server/context.js';
import { seedIfEmpty } from '../server/db/seed.js';
import { demoLogins } from '../server/modules/account/index.js';
import { insertChunks } from '../server/modules/knowledge/index-store.js';
import type { KnowledgeRuntime } from '../server/modules/knowledge/runtime.js';
import { searchDatasets } from '../server/modules/knowledge/retrieval.js';
import { termsOf } from '../server/text/terms.js';
import { findDataset, findDatasets } from '../server/modules/knowledge/store.js';
import { readableAmong } from '../server/modules/knowledge/access.js';
import { loadavg } from 'node:os';
import { VectorCache } from '../server/modules/knowledge/vector-cache.js';
import { TermIndexCache, datasetVersion } from '../server/modules/knowledge/term-index.js';
import { bm25 } from '../server/modules/knowledge/bm25.js';
import { searchStats } from '../server/modules/knowledge/index-store.js';
import { queryTermsOf } from '../server/text/terms.js';
import { seeded } from './markdown-stream.answer.js';
import { openTestDatabase } from '../test/support/server.js';
import { reportGoal } from './lib/goal.js';

const PASSAGES = Number(process.argv[2] ?? 100_000);
const QUERIES = 300;
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const gc = (globalThis as { gc?: () => void }).gc;
const heapNow = () => {
  gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
const BASELINE_QUERIES = 20;

const WORDS = (
  '数控 机床 车床 铣床 刀具 主轴 进给 坐标系 插补 程序 指令 工件 夹具 量具 游标卡尺 千分尺 公差 配合 表面粗糙度 钳工 锉削 锯削 钻孔 攻丝 ' +
  '焊接 电弧 焊条 气体保护 电工 电路 电压 电流 电阻 变压器 电动机 接触器 继电器 熔断器 断路器 传感器 光电 编码器 变频器 伺服 步进 ' +
  'PLC 梯形图 触点 线圈 定时器 计数器 液压 气动 泵 阀 缸 密封 润滑 轴承 齿轮 链条 皮带 联轴器 机械制图 三视图 剖视图 尺寸标注 ' +
  '安全 防护 眼镜 手套 工作服 急停 维护 保养 故障 诊断 检测 测量 装配 调试 质量 工艺 流程 参数 设定 操作 规程 实训 车间 设备'
).split(' ');
const random = seeded(20261121);
// Terms as a library uses them: 8,000 compounds of the words above (数控刀具,
// 液压泵, …) drawn with Zipf's law (the r-th most common term appears about
// 1/r as often as the first), so common terms are everywhere and specific
// ones in a few passages, as in real teaching material.
const TERMS = Array.from({ length: 8000 }, (_, i) => WORDS[i % WORDS.length]! + WORDS[Math.floor(i / WORDS.length) % WORDS.length]!);
const cumulative: number[] = [];
TERMS.reduce((sum, _, r) => (cumulative[r] = sum + 1 / (r + 1)), 0);
const pick = () => {
  const target = random() * cumulative.at(-1)!;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return TERMS[lo]!;
};
const sentence = () => `${pick()}的${pick()}需要根据${pick()}和${pick()}进行${pick()}，注意${pick()}与${pick()}的关系。`;

const database = await openTestDatabase({ ZX_LOG_LEVEL: 'error' });
try {
  const db = database.data.db;
  await seedIfEmpty(db, { demo: demoLogins('bench-Demo-pass-1') });
  const owner = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  const now = Date.now();
  await db
    .insertInto('knowledge_datasets')
    .values({
      id: 'bench',
      owner_id: owner.id,
      name: 'bench',
      description: '',
      visibility: 'private',
      chunk_count: 0,
      term_count: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
  // knowledge_documents.file_id references files: one placeholder file row for every document.
  await db
    .insertInto('files')
    .values({
      id: 'none',
      owner_id: owner.id,
      name: 'none',
      stored_name: 'none',
      mime: 'application/pdf',
      size: 0,
      sha256: '',
      visibility: 'private',
      created_at: now,
    })
    .execute();
  let started = performance.now();
  const PER_DOC = 500;
  for (let d = 0; d * PER_DOC < PASSAGES; d++) {
    const documentId = `doc${d}`;
    await db
      .insertInto('knowledge_documents')
      .values({
        id: documentId,
        dataset_id: 'bench',
        file_id: 'none',
        name: `教材${d}.pdf`,
        mime: 'application/pdf',
        size: 0,
        status: 'ready',
        error: null,
        page_count: 0,
        char_count: 0,
        chunk_count: PER_DOC,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const chunks = Array.from({ length: Math.min(PER_DOC, PASSAGES - d * PER_DOC) }, (_, i) => {
      const content = Array.from({ length: 6 }, sentence).join('');
      return { id: `c${d}-${i}`, datasetId: 'bench', documentId, position: i, page: null, content, terms: termsOf(content), embedding: null, edited: false };
    });
    await db.transaction().execute((trx) => insertChunks(trx, database.data.dialect, chunks, now));
  }
  const buildSeconds = (performance.now() - started) / 1000;
  if (database.data.dialect === 'postgres') await sql`analyze`.execute(db);

  const ctx = { db, data: database.data } as unknown as ServerContext;
  const rt = { embedder: null, vectors: new VectorCache(), terms: new TermIndexCache(256 * 1024 * 1024) } as unknown as KnowledgeRuntime;
  const dataset = (await findDataset(db, 'bench'))!;
  const heapBefore = heapNow();
  started = performance.now();
  const index = await rt.terms.get(db, dataset.id, datasetVersion(dataset));
  const indexSeconds = (performance.now() - started) / 1000;
  const questions = Array.from({ length: QUERIES }, () => `${pick()}和${pick()}的${pick()}是什么？`);
  // The whole path a chat question takes: the datasets read and checked
  // (their version decides whether the index is current), segmentation,
  // exact BM25 from the index, the 5 passages read.
  const ask = async (q: string) => {
    const datasets = await readableAmong(ctx, owner.id, await findDatasets(db, ['bench']));
    return searchDatasets(ctx, rt, datasets, q, { limit: 5 });
  };
  await ask(questions[0]!);
  const heapAfter = heapNow();
  const rounds: Array<{ times: number[]; cpu: number[]; load: number }> = [];
  const answers: string[][] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const times: number[] = [];
    const cpu: number[] = [];
    for (const [i, q] of questions.entries()) {
      const cpuBefore = process.cpuUsage();
      started = performance.now();
      const hits = await ask(q);
      const took = performance.now() - started;
      const used = process.cpuUsage(cpuBefore);
      if (hits.length === 0) throw new Error(`no hit for ${q}`);
      if (i < 10) continue; // the first few warm caches up
      times.push(took);
      cpu.push((used.user + used.system) / 1000);
      if (r === 0) answers.push(hits.map((h) => h.chunkId));
      else if (answers[i - 10]!.join() !== hits.map((h) => h.chunkId).join()) throw new Error(`round ${r + 1} answered "${q}" differently`);
    }
    rounds.push({ times, cpu, load: loadavg()[0]! });
  }
  // The reference: BM25 (bm25.ts) over every passage, with the statistics the
  // database keeps (knowledge_terms, the dataset's counts), by brute force.
  const all = await db
    .selectFrom('knowledge_chunks')
    .select(['id', 'document_id', 'position', 'terms', 'term_count'])
    .where('dataset_id', '=', 'bench')
    .execute();
  const tfs = all.map((r) => {
    const tf = new Map<string, number>();
    for (const t of r.terms.split(' ')) tf.set(t, (tf.get(t) ?? 0) + 1);
    return tf;
  });
  let identical = 0;
  for (const [i, q] of questions.slice(10).entries()) {
    const terms = queryTermsOf(q).slice(0, 64);
    const stats = await searchStats(db, ['bench'], terms);
    const collection = { chunkCount: stats.chunkCount, averageLength: stats.termCount / Math.max(stats.chunkCount, 1), df: stats.df };
    const exact = all
      .map((r, n) => ({ r, score: bm25(collection, terms, tfs[n]!, Number(r.term_count)).score }))
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score || a.r.document_id.localeCompare(b.r.document_id) || Number(a.r.position) - Number(b.r.position))
      .slice(0, 5)
      .map((x) => x.r.id);
    if (exact.join() === answers[i]!.join()) identical++;
  }
  const baseline: number[] = [];
  for (const q of questions.slice(0, BASELINE_QUERIES)) {
    const word = q.slice(0, q.indexOf('和'));
    started = performance.now();
    await db
      .selectFrom('knowledge_chunks')
      .select('id')
      .where('dataset_id', '=', 'bench')
      .where('content', 'like', `%${word}%`)
      .limit(5)
      .orderBy('position')
      .execute();
    baseline.push(performance.now() - started);
  }
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
  const spread = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return `${sorted[0]!.toFixed(1)}/${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)}/${sorted.at(-1)!.toFixed(1)}`;
  };
  const times = rounds.flatMap((r) => r.times);
  console.log(`${PASSAGES} passages (${database.data.dialect}), built in ${buildSeconds.toFixed(0)} s; ${answers.length} questions × ${ROUNDS} rounds, top 5`);
  console.log(`LIKE scan for one word (baseline): p50 ${pct(baseline, 50).toFixed(1)} ms`);
  console.log(
    `in-process index: built in ${indexSeconds.toFixed(2)} s, ${(index.size / 1024 / 1024).toFixed(1)} MB of postings; heap + array buffers grew ${((heapAfter - heapBefore) / 1024 / 1024).toFixed(1)} MB with the index and its search buffers${gc ? '' : ' (run with --expose-gc for an exact figure)'}`,
  );
  console.log(`top 5 identical to exact BM25 (brute force over every passage): ${identical} of ${answers.length} questions`);
  for (const [i, r] of rounds.entries()) {
    console.log(
      `round ${i + 1}: p50 ${pct(r.times, 50).toFixed(1)} ms, p99 ${pct(r.times, 99).toFixed(1)} ms; CPU per question p50 ${pct(r.cpu, 50).toFixed(2)} ms, p99 ${pct(r.cpu, 99).toFixed(2)} ms (load average ${r.load.toFixed(1)})`,
    );
  }
  console.log(
    `BM25 retrieval, min/median/max over rounds: p50 ${spread(rounds.map((r) => pct(r.times, 50)))} ms, p99 ${spread(rounds.map((r) => pct(r.times, 99)))} ms; CPU p99 ${spread(rounds.map((r) => pct(r.cpu, 99)))} ms`,
  );
  console.log(`ratio retrieval/LIKE scan (p50): ${(pct(times, 50) / pct(baseline, 50)).toFixed(3)}x`);
  const cpuP99 = [...rounds.map((r) => pct(r.cpu, 99))].sort((a, b) => a - b)[Math.floor(rounds.length / 2)]!;
  reportGoal({
    id: '10',
    what: `retrieval: CPU per question p99 at ${PASSAGES} passages (${database.data.dialect}), exact top 5`,
    figure: `${cpuP99.toFixed(1)} ms (median of ${ROUNDS} rounds; the LIKE scan p50 ${pct(baseline, 50).toFixed(1)} ms); top 5 exact in ${identical} of ${answers.length}`,
    limit: '≤ 10 ms, every top 5 exact',
    met: cpuP99 <= 10 && identical === answers.length,
  });
} finally {
  await database.close();
}
