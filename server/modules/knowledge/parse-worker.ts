// A pooled worker thread that reads knowledge documents one at a time
// (parse-pool.ts keeps it warm between documents, parse-in-worker.ts holds
// it to the memory and time limits): for each job it checks the file's size,
// parses it (unpacking at most maxUnzippedBytes), splits it into passages
// and segments each into search terms, handing passages over in batches
// when the main thread asks. Nothing here touches the database.
import fs from 'node:fs';
import { parentPort } from 'node:worker_threads';
// From shared/, not the uploads module's face: that would load the upload service and its database code into every worker.
import { formatBytes } from '../../../shared/byte-size.js';
import { chunkPages } from './chunking.js';
import { NEXT, UNREADABLE_MESSAGE, type ParseJob, type WorkerReply } from './parse-protocol.js';
import { ParseError, parserFor, type ParsedDocument } from './parsers/index.js';
import { termsOf } from '../../text/terms.js';
import { FAIR_SHARE_NICE, lowerThisThreadPriority } from '../../workers/background-priority.js';
import type { ParseRequest } from './parse-protocol.js';

// A fair share, a little behind requests: at nice 19 indexing starved on a busy host.
lowerThisThreadPriority(FAIR_SHARE_NICE);

const port = parentPort!;
const send = (reply: WorkerReply) => port.postMessage(reply);
let onNext: (() => void) | null = null;
const asked = () => new Promise<void>((resolve) => (onNext = resolve));

port.on('message', (message: ParseRequest) => {
  if (message === NEXT) {
    const next = onNext;
    onNext = null;
    return next?.();
  }
  run(message.job).catch((error: unknown) =>
    send({ type: 'failed', reason: UNREADABLE_MESSAGE, detail: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});

send({ type: 'ready' });

async function parse(job: ParseJob): Promise<ParsedDocument | string> {
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

async function run(job: ParseJob): Promise<void> {
  const parsed = await parse(job);
  if (typeof parsed === 'string') return send({ type: 'failed', reason: parsed });
  const passages = chunkPages(parsed.pages);
  parsed.pages.length = 0; // the text now lives only in the passages
  if (passages.length === 0) return send({ type: 'failed', reason: '文件中没有可用的文字' });
  send({ type: 'parsed', pageCount: parsed.pageCount, passageCount: passages.length, charCount: passages.reduce((sum, p) => sum + p.content.length, 0) });
  if (job.writer) return writeHere(job, passages);
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
async function writeHere(job: ParseJob, passages: ReturnType<typeof chunkPages>): Promise<void> {
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
