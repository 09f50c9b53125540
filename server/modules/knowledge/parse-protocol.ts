// What the main thread and the parsing worker (parse-worker.ts) say to each
// other. The worker parses, splits and segments; the main thread asks for
// one batch of passages at a time and writes it to the database before
// asking for the next, so a large document never piles up in its memory.

export interface ParseJob {
  /** The stored file to read. */
  path: string;
  mime: string;
  maxInputBytes: number;
  maxUnzippedBytes: number;
  /** Passages per batch. */
  batchSize: number;
  /**
   * On SQLite (and without vectors to make) the worker writes the passages
   * itself through its own connection, so the request thread never runs the
   * synchronous inserts (see chunk-writer.ts); otherwise it hands each batch
   * to the main thread.
   */
  writer?: ChunkWriterJob;
}

/** Where and for what the worker writes passages itself. */
export interface ChunkWriterJob {
  sqliteFile: string;
  datasetId: string;
  documentId: string;
  /** The claim this run holds (the document's attempt number): writes stop once another run took it over. */
  attempt: number;
  /**
   * Segment and write on a thread of the parse worker's own, beside the
   * reading (passage-writer-thread.ts); false: on the parse worker's thread,
   * each batch as it is read (passage-writer-inline.ts).
   */
  ownThread: boolean;
}

/** One passage, ready for the index: its text, page and search terms. */
export interface WorkerPassage {
  content: string;
  page: number | null;
  terms: string[];
}

export interface ParsedInfo {
  pageCount: number;
  passageCount: number;
  charCount: number;
}

export type WorkerReply =
  /** A new worker has loaded and listens (a job posted before would be lost). */
  | { type: 'ready' }
  | ({ type: 'parsed' } & ParsedInfo)
  | { type: 'batch'; passages: WorkerPassage[] }
  /** The worker wrote `count` more passages itself (writer mode). */
  | { type: 'wrote'; count: number }
  /** The document was deleted while being written (writer mode): nothing more to do. */
  | { type: 'gone' }
  | { type: 'done' }
  /** `reason` is for the teacher; `detail` (an unexpected error) for the log only. */
  | { type: 'failed'; reason: string; detail?: string };

/**
 * Writer mode: the parse worker hands passages to a thread of its own
 * (passage-writer-worker.ts), which segments and writes them while the
 * parse worker reads on. `begin` starts a document, `end` waits for the last
 * batch and closes its connection.
 */
export type PassageWriterRequest =
  { type: 'begin'; job: ChunkWriterJob } | { type: 'batch'; passages: Array<{ content: string; page: number | null }> } | { type: 'end' };

export type PassageWriterReply =
  /** The thread has loaded and listens. */
  | { type: 'ready' }
  /** One batch handled: `count` passages written; 0 and `gone` when it was dropped, the document deleted or taken over. */
  | { type: 'wrote'; count: number; gone?: true }
  /** After `end`: every batch is written, or (`gone`) the document was deleted or taken over and the rest dropped. */
  | { type: 'ended'; gone: boolean }
  /** An unexpected error (the database, a bug): the thread writes nothing more for this document. */
  | { type: 'failed'; detail: string };

/** The main thread's message during a job: "send the next batch". */
export const NEXT = 'next';

/** What the main thread sends a pooled worker: a job when it is idle, then NEXT until the job ends. */
export type ParseRequest = { type: 'job'; job: ParseJob } | typeof NEXT;

export const UNREADABLE_MESSAGE = '文件无法解析，请确认文件完好（能用对应软件打开）后重新上传';
