// A small document's passages, segmented and written on the parse worker's
// own thread as each batch is read (indexer.ts, WRITER_THREAD_MIN_BYTES):
// the work the writer thread does for a large one (passage-writer-worker.ts),
// without a second thread to start for a document this small.
import type { ChunkWriterJob } from './parse-protocol.js';
import { DocumentGoneError, type PassageWriter } from './passage-writer-thread.js';
import { withTerms } from './worker-passages.js';

/** Starts writing one document's passages here; `onWrote` hears each batch written. */
export async function startInlinePassageWriter(job: ChunkWriterJob, onWrote: (count: number) => void): Promise<PassageWriter> {
  // Loaded with the first small document: a worker that only reads keeps the database code out.
  const { openChunkWriter } = await import('./chunk-writer.js');
  const writer = openChunkWriter(job);
  let gone = false;
  let closing: Promise<void> | null = null;
  const close = () => (closing ??= writer.close());
  return {
    async write(passages) {
      if (gone) throw new DocumentGoneError();
      let written: boolean;
      try {
        written = await writer.write(withTerms(passages));
      } catch (error) {
        // Nothing more is written for this document: its connection is not left open.
        await close();
        throw error;
      }
      if (written) return onWrote(passages.length);
      // Deleted or taken over: reading on is wasted.
      gone = true;
      throw new DocumentGoneError();
    },
    async end() {
      await close();
      return gone ? 'gone' : 'done';
    },
  };
}
