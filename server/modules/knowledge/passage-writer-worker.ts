// The second stage of indexing on SQLite, a thread the parse worker starts
// (passage-writer-thread.ts): it segments each batch of passages into search
// terms and writes it through its own connection, while the parse worker
// reads the next pages. One after the other, a 200-page PDF spent about as
// long segmenting and writing as reading; side by side, on a second core,
// most of that time is hidden behind the reading.
// Batches are handled strictly in the order they arrive, one at a time.
import { parentPort } from 'node:worker_threads';
import { FAIR_SHARE_NICE, setThisThreadNice } from '../../workers/background-priority.js';
import { openChunkWriter, type ChunkWriter } from './chunk-writer.js';
import type { PassageWriterReply, PassageWriterRequest } from './parse-protocol.js';
import { withTerms } from './worker-passages.js';

// The same share as the parse worker it works beside.
setThisThreadNice(FAIR_SHARE_NICE);

const port = parentPort!;
const send = (reply: PassageWriterReply) => port.postMessage(reply);

let writer: ChunkWriter | null = null;
/** The document was deleted or taken over: the rest of its batches are dropped. */
let gone = false;
/** An unexpected error was reported: nothing more is written for this document. */
let failed = false;
let work = Promise.resolve();

async function handle(request: PassageWriterRequest): Promise<void> {
  if (request.type === 'begin') {
    writer = openChunkWriter(request.job);
    gone = false;
    failed = false;
    return;
  }
  if (request.type === 'end') {
    const closing = writer;
    writer = null;
    await closing?.close();
    if (!failed) send({ type: 'ended', gone });
    return;
  }
  if (failed) return;
  // Every batch is answered, a dropped one with 0: the parse worker counts the batches still queued.
  if (gone || !writer) return send({ type: 'wrote', count: 0, gone: true });
  const passages = withTerms(request.passages);
  if (await writer.write(passages)) return send({ type: 'wrote', count: passages.length });
  gone = true;
  send({ type: 'wrote', count: 0, gone: true });
}

port.on('message', (request: PassageWriterRequest) => {
  work = work
    .then(() => handle(request))
    .catch((error: unknown) => {
      failed = true;
      send({ type: 'failed', detail: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    });
});

send({ type: 'ready' });
