// A pooled worker thread that reads knowledge documents one at a time
// (parse-pool.ts keeps it warm between documents, parse-in-worker.ts holds
// it to the memory and time limits): for each job it checks the file's size,
// parses it (unpacking at most maxUnzippedBytes), splits it into passages
// and segments each into search terms. On PostgreSQL it hands passages over
// in batches when the main thread asks; on SQLite (writer mode) a thread of
// its own writes them while it reads on (passage-writer-thread.ts), or, for
// a small file, it writes them itself as it reads (passage-writer-inline.ts).
// Nothing else here touches the database.
import fs from 'node:fs';
import { parentPort } from 'node:worker_threads';
// From shared/, not the uploads module's face: that would load the upload service and its database code into every worker.
import { formatBytes } from '../../../shared/byte-size.js';
import { chunkPages, type TextChunk } from './chunking.js';
import { NEXT, UNREADABLE_MESSAGE, type ParseJob, type WorkerReply } from './parse-protocol.js';
import { ParseError, parserFor, type ParsedDocument, type ParsedPage } from './parsers/index.js';
import { startInlinePassageWriter } from './passage-writer-inline.js';
import { DocumentGoneError, startPassageWriter } from './passage-writer-thread.js';
import { withTerms } from './worker-passages.js';
import { FAIR_SHARE_NICE, setThisThreadNice } from '../../workers/background-priority.js';
import type { ParseRequest } from './parse-protocol.js';

// A fair share, as much as the request thread: at nice 19 indexing starved on a busy host.
setThisThreadNice(FAIR_SHARE_NICE);

const NO_TEXT_MESSAGE = '文件中没有可用的文字';

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

/** The document's pages, or what the teacher is told when it cannot be read. `onPage` hears each page as it is read (the result then keeps none). */
async function parse(job: ParseJob, onPage?: (page: ParsedPage) => Promise<void>): Promise<ParsedDocument | string> {
  const { size } = await fs.promises.stat(job.path);
  if (size > job.maxInputBytes)
    return `文件过大（${formatBytes(size)}），知识库单个文件最多解析 ${formatBytes(job.maxInputBytes)}，请拆分成几个较小的文件后再上传`;
  const parser = parserFor(job.mime);
  if (!parser) return UNREADABLE_MESSAGE;
  try {
    const parsed = await parser(await fs.promises.readFile(job.path), { maxUnzippedBytes: job.maxUnzippedBytes, ...(onPage ? { onPage } : {}) });
    // A parser that reads the whole document at once returns its pages: they go to onPage here.
    if (onPage) for (const page of parsed.pages.splice(0)) await onPage(page);
    return parsed;
  } catch (error) {
    if (error instanceof ParseError) return error.message;
    throw error;
  }
}

async function run(job: ParseJob): Promise<void> {
  if (job.writer) return parseAndWrite(job);
  const parsed = await parse(job);
  if (typeof parsed === 'string') return send({ type: 'failed', reason: parsed });
  const passages = chunkPages(parsed.pages);
  parsed.pages.length = 0; // the text now lives only in the passages
  if (passages.length === 0) return send({ type: 'failed', reason: NO_TEXT_MESSAGE });
  send({ type: 'parsed', pageCount: parsed.pageCount, passageCount: passages.length, charCount: passages.reduce((sum, p) => sum + p.content.length, 0) });
  // Each batch is segmented while the main thread still writes the one before.
  const prepare = (at: number) => withTerms(passages.slice(at, at + job.batchSize));
  let ready = prepare(0);
  for (let at = 0; at < passages.length; at += job.batchSize) {
    await asked();
    send({ type: 'batch', passages: ready });
    ready = prepare(at + job.batchSize);
  }
  await asked();
  send({ type: 'done' });
}

/**
 * Writer mode (SQLite): each page is split as soon as it is read, and every
 * full batch goes to the passage writer, which segments and writes it on
 * another thread meanwhile, or here for a small file (the main thread
 * cleared what an earlier run left before posting the job). "parsed" follows
 * the last page; once the main thread has marked the document "indexing",
 * the writer's last batches are waited for.
 */
async function parseAndWrite(job: ParseJob): Promise<void> {
  const onWrote = (count: number) => send({ type: 'wrote', count });
  const writer = job.writer!.ownThread ? startPassageWriter(job.writer!, onWrote) : await startInlinePassageWriter(job.writer!, onWrote);
  let batch: TextChunk[] = [];
  let passageCount = 0;
  let charCount = 0;
  let parsed: ParsedDocument | string;
  try {
    parsed = await parse(job, async (page) => {
      for (const passage of chunkPages([page])) {
        batch.push(passage);
        passageCount += 1;
        charCount += passage.content.length;
        if (batch.length < job.batchSize) continue;
        await writer.write(batch);
        batch = [];
      }
    });
    if (batch.length) await writer.write(batch);
  } catch (error) {
    if (!(error instanceof DocumentGoneError)) throw error;
    // Deleted or taken over while being read: the rest of the document is not read.
    await writer.end();
    return send({ type: 'gone' });
  }
  if (typeof parsed === 'string' || passageCount === 0) {
    // A document that cannot be read stops here; the main thread removes what was written of it.
    await writer.end();
    return send({ type: 'failed', reason: typeof parsed === 'string' ? parsed : NO_TEXT_MESSAGE });
  }
  send({ type: 'parsed', pageCount: parsed.pageCount, passageCount, charCount });
  await asked();
  send({ type: (await writer.end()) === 'gone' ? 'gone' : 'done' });
}
