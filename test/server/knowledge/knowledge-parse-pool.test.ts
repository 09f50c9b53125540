// Parse workers are kept warm and reused across documents, while each
// document keeps its own limits: a worker that timed out, or died while
// waiting, is replaced, and the next document still indexes.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { after, before, test } from 'node:test';
import { IndexFailure, parseInWorker } from '../../../server/modules/knowledge/parse-in-worker.js';
import { poolStats } from '../../../server/modules/knowledge/parse-pool.js';
import type { IndexLimits } from '../../../server/modules/knowledge/index-limits.js';

let dir: string;
let path: string;
/** A document long enough that no worker, however warm, reads it within a millisecond. */
let longPath: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'zx-pool-'));
  path = join(dir, 'notes.md');
  await writeFile(path, '# 对刀\n\n对刀是确定工件坐标系原点在机床坐标系中的位置。\n');
  longPath = join(dir, 'long.md');
  await writeFile(longPath, Array.from({ length: 4000 }, (_, i) => `## 第${i}节\n\n对刀是确定工件坐标系原点在机床坐标系中的位置。\n`).join('\n'));
});
after(() => rm(dir, { recursive: true, force: true }));

const limits: Pick<IndexLimits, 'memoryMb' | 'timeoutMs'> = { memoryMb: 96, timeoutMs: 30_000 };
const job = (maxInputBytes = 1024 * 1024, file = path) => ({ path: file, mime: 'text/markdown', maxInputBytes, maxUnzippedBytes: 1024 * 1024, batchSize: 50 });

/** Indexes the document; returns the passages read. */
async function parse(within = limits, maxInputBytes?: number, file = path): Promise<number> {
  let passages = 0;
  await parseInWorker(job(maxInputBytes, file), within, { parsed: async () => {}, batch: async (batch) => void (passages += batch.length) });
  return passages;
}

test('one warm worker reads document after document', async () => {
  const before = poolStats().started;
  for (let i = 0; i < 3; i++) assert.equal(await parse(), 1);
  assert.equal(poolStats().started - before, 1, 'the three documents shared one worker');
  assert.equal(poolStats().idle, 1, 'it waits for the next document');
});

test('a reused worker still holds each document to its size limit, and stays usable after the refusal', async () => {
  await assert.rejects(parse(limits, 10), (error: unknown) => error instanceof IndexFailure && /文件过大/u.test(error.message));
  const before = poolStats().started;
  assert.equal(await parse(), 1);
  assert.equal(poolStats().started - before, 0, 'the refusal left the worker fit for the next document');
});

test('a worker that timed out is replaced and the next document still indexes', async () => {
  await parse(); // a warm worker waits
  const before = poolStats().started;
  // Too little time to parse anything: the warm worker is held to this document's own limit.
  await assert.rejects(
    parse({ ...limits, timeoutMs: 1 }, undefined, longPath),
    (error: unknown) => error instanceof IndexFailure && /解析超时/u.test(error.message),
  );
  assert.equal(poolStats().idle, 0, 'the worker that ran out of time is not reused');
  assert.equal(await parse(), 1);
  assert.equal(poolStats().started - before, 1, 'a fresh worker read the next document');
});

test('a warm worker that died is replaced and the next document still indexes', async () => {
  await parse();
  const [warm] = poolStats().idleWorkers;
  assert.ok(warm);
  const exited = once(warm, 'exit');
  await warm.terminate(); // as when the thread crashes while it waits
  await exited;
  assert.equal(poolStats().idle, 0, 'the dead worker left the pool');
  const before = poolStats().started;
  assert.equal(await parse(), 1);
  assert.equal(poolStats().started - before, 1);
});

test('a document with another memory cap gets a worker started with that cap', async () => {
  await parse();
  const before = poolStats().started;
  assert.equal(await parse({ ...limits, memoryMb: 128 }), 1);
  assert.equal(poolStats().started - before, 1, 'a heap cap is fixed when a worker starts, so it is not shared across caps');
});
