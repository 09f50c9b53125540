// The indexer hands every parse its own stop signal, which lives as long as
// the server. A parse that ended left its abort listener on that signal, and
// with it the parse's closures (worker, job, handlers): one more per document
// indexed, for the life of the process (Node warned at the 11th, in CI's
// knowledge tests).
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { parseInWorker } from '../../../server/modules/knowledge/parse-in-worker.js';

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'zx-parse-'));
});
after(() => rm(dir, { recursive: true, force: true }));

test('parses that end leave no listener on the long-lived stop signal', async () => {
  const path = join(dir, 'notes.md');
  await writeFile(path, '# 对刀\n\n对刀是确定工件坐标系原点在机床坐标系中的位置。\n');
  const stopping = new AbortController();
  let passages = 0;
  for (let i = 0; i < 3; i++) {
    await parseInWorker(
      { path, mime: 'text/markdown', maxInputBytes: 1024 * 1024, maxUnzippedBytes: 1024 * 1024, batchSize: 50 },
      { memoryMb: 64, timeoutMs: 30_000 },
      { parsed: async () => {}, batch: async (batch) => void (passages += batch.length) },
      stopping.signal,
    );
  }
  assert.ok(passages >= 3, 'each parse read the passage');
  assert.equal(getEventListeners(stopping.signal, 'abort').length, 0, 'no listener left behind');
});
