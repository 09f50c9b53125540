// The worker thread that reads one knowledge document (started by
// parse-in-worker.ts with memory and time limits): checks the file's size,
// parses it (unpacking at most maxUnzippedBytes), splits it into passages
// and segments each into search terms, handing passages over in batches
// when the main thread asks. Nothing here touches the database.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { formatBytes } from '../uploads/index.js';
import { chunkPages } from './chunking.js';
import { NEXT, UNREADABLE_MESSAGE, type ParseJob, type WorkerReply } from './parse-protocol.js';
import { ParseError, parserFor, type ParsedDocument } from './parsers/index.js';
import { termsOf } from '../../text/terms.js';
import { lowerThisThreadPriority } from '../../workers/background-priority.js';

lowerThisThreadPriority(); // requests go first when the cores are busy

const job = workerData as ParseJob;
const port = parentPort!;
const send = (reply: WorkerReply) => port.postMessage(reply);
const asked = () => new Promise<void>((resolve) => port.once('message', (message) => message === NEXT && resolve()));

async function parse(): Promise<ParsedDocument | string> {
  const { size } = await fs.promises.stat(job.path);
  if (size > job.maxInputBytes)
    return `文件过大（${formatBytes(size)}），知识库单个文件最多解析 ${formatBytes(job.maxInputBytes)}，请拆分成几个较小的文件后再上传`;
  const parser = parserFor(job.mime);
  if (!parser) return UNREADABLE_MESSAGE;
  try {
    return await parser(await fs.promises.readFile(job.path), job);
  } catch (error) {
    if (error instanceof ParseError) return error.message;
    throw error;
  }
}

async function run(): Promise<void> {
  const parsed = await parse();
  if (typeof parsed === 'string') return send({ type: 'failed', reason: parsed });
  const passages = chunkPages(parsed.pages);
  parsed.pages.length = 0; // the text now lives only in the passages
  if (passages.length === 0) return send({ type: 'failed', reason: '文件中没有可用的文字' });
  send({ type: 'parsed', pageCount: parsed.pageCount, passageCount: passages.length, charCount: passages.reduce((sum, p) => sum + p.content.length, 0) });
  if (job.writer) return writeHere(passages);
  // Each batch is segmented while the main thread still writes the one before.
  const prepare = (at: number) => passages.slice(at, at + job.batchSize).map((p) => ({ content: p.content, page: p.page, terms: termsOf(p.content) }));
  let ready = prepare(0);
  for (let at = 0; at < passages.length; at += job.batchSize) {
    await asked();
    send({ type: 'batch', passages: ready });
    ready = prepare(at + job.batchSize);
  }
  await asked();
  send({ type: 'done' });
}

/** Writer mode (SQLite): segments and writes every batch here, telling the main thread how far it got. */
async function writeHere(passages: ReturnType<typeof chunkPages>): Promise<void> {
  await asked(); // the main thread has cleared what an earlier run left and marked the document "indexing"
  const { openChunkWriter } = await import('./chunk-writer.js'); // only writer mode needs the database driver
  const writer = openChunkWriter(job.writer!);
  try {
    for (let at = 0; at < passages.length; at += job.batchSize) {
      const batch = passages.slice(at, at + job.batchSize).map((p) => ({ content: p.content, page: p.page, terms: termsOf(p.content) }));
      if (!(await writer.write(batch))) return send({ type: 'gone' });
      send({ type: 'wrote', count: batch.length });
    }
  } finally {
    await writer.close();
  }
  send({ type: 'done' });
}

run().catch((error: unknown) =>
  send({ type: 'failed', reason: UNREADABLE_MESSAGE, detail: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
);
