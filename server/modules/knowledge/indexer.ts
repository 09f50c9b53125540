// Documents are parsed, split and indexed one at a time in the background,
// so adding a 300-page PDF answers at once and the page shows its progress
// (queued → parsing → indexing → ready, or error with the reason).
// Parsing, splitting and segmenting run in a worker thread under limits
// (parse-in-worker.ts, index-limits.ts); only the database writes happen
// here, a batch at a time, giving the thread back to requests in between.
// A document is claimed with a lease: documents whose run died (a crash, a
// stopped instance) are taken over once their lease runs out, at start and
// by a periodic check, and one that has died with its process
// ZX_INDEX_MAX_ATTEMPTS times is failed instead of being tried forever.
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { StorageUnavailableError, type LocalCopy } from '../../files/storage.js';
import { newId } from '../../db/ids.js';
import { findFile } from '../uploads/index.js';
import { encodeVector } from './embeddings.js';
import { readIndexLimits, type IndexLimits } from './index-limits.js';
import { insertChunks, removeChunks, type NewChunk } from './index-store.js';
import { DocumentGone, IndexFailure, ParseAborted, parseInWorker } from './parse-in-worker.js';
import type { ChunkWriterJob } from './parse-protocol.js';
import { KNOWLEDGE_FORMATS, parserFor } from './parsers/index.js';
import type { KnowledgeRuntime } from './runtime.js';
import { termsOf } from '../../text/terms.js';
import {
  claimableDocumentIds,
  claimDocument,
  holdsClaim,
  releaseDocument,
  renewDocumentLease,
  touchDataset,
  updateDocument,
  type DocumentRecord,
} from './store.js';

/** How often waiting documents and expired leases are looked for (at most; half the lease when shorter). */
const POLL_MS = 60_000;
/** Passages per batch from the worker (segmented while the previous batch is written). */
const BATCH_SIZE = 50;
/** Passages per write transaction (a few milliseconds each). */
const WRITE_SIZE = 8;

export class Indexer {
  private queue: string[] = [];
  private running: Promise<void> | null = null;
  private stopped = false;
  private poll: NodeJS.Timeout | undefined;
  /** Stops the document in progress when the server stops. */
  private readonly stopping = new AbortController();
  readonly limits: IndexLimits;

  constructor(
    private readonly ctx: ServerContext,
    private readonly rt: KnowledgeRuntime,
    private readonly log: FastifyBaseLogger,
  ) {
    this.limits = readIndexLimits(ctx.config.env);
  }

  /** Picks up documents waiting or left behind by a run that died, now and every minute. */
  async resume(): Promise<void> {
    if (!this.poll && !this.stopped) {
      this.poll = setInterval(
        () => void this.resume().catch((error) => this.log.warn({ err: error }, 'looking for documents to index failed')),
        Math.min(POLL_MS, this.limits.leaseMs / 2),
      );
      this.poll.unref();
    }
    for (const id of await claimableDocumentIds(this.ctx.db, this.ctx.now())) this.enqueue(id);
  }

  enqueue(documentId: string): void {
    if (this.stopped || this.queue.includes(documentId)) return;
    this.queue.push(documentId);
    this.running ??= this.drain().finally(() => (this.running = null));
  }

  /** Resolves when the queue is empty (tests and benches wait on it). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    this.stopping.abort();
    this.queue = [];
    await this.running;
  }

  private async drain(): Promise<void> {
    for (let id = this.queue.shift(); id !== undefined; id = this.queue.shift()) {
      try {
        await indexDocument(this.ctx, this.rt, id, this.log, this.limits, this.stopping.signal);
      } catch (error) {
        this.log.error({ err: error, documentId: id }, 'indexing a knowledge document failed');
        await updateDocument(this.ctx.db, id, {
          status: 'error',
          error: '索引失败（服务器内部错误），请稍后点击“重新解析”重试',
          updatedAt: this.ctx.now(),
        }).catch(() => {});
      }
    }
  }
}

async function fail(ctx: ServerContext, doc: DocumentRecord & { attempts: number }, message: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    // A run that lost the document to another instance does not fail it.
    if (!(await holdsClaim(trx, doc.id, doc.attempts))) return;
    await removeChunks(trx, ctx.data.dialect, { documentId: doc.id });
    await updateDocument(trx, doc.id, { status: 'error', error: message, chunkCount: 0, updatedAt: ctx.now() });
    await touchDataset(trx, doc.datasetId, ctx.now());
  });
}

/** Turns passages into index rows (terms, and vectors when configured). Returns a note when vectors could not be made. */
export async function prepareChunks(
  rt: KnowledgeRuntime,
  base: { datasetId: string; documentId: string },
  passages: ReadonlyArray<{ id?: string; position: number; page: number | null; content: string; edited?: boolean; terms?: string[] }>,
): Promise<{ chunks: NewChunk[]; note: string | null }> {
  let vectors: Array<string | null> = passages.map(() => null);
  let note: string | null = null;
  if (rt.embedder && passages.length) {
    try {
      vectors = (await rt.embedder.embed(passages.map((p) => p.content))).map(encodeVector);
    } catch (error) {
      note = `向量化失败（${(error as { userMessage?: string }).userMessage ?? '向量模型服务不可用'}），暂时只能按关键词检索；稍后点击“重新解析”可重试`;
    }
  }
  const chunks = passages.map((p, i) => ({
    id: p.id ?? newId(),
    datasetId: base.datasetId,
    documentId: base.documentId,
    position: p.position,
    page: p.page,
    content: p.content,
    terms: p.terms ?? termsOf(p.content),
    embedding: vectors[i] ?? null,
    edited: p.edited ?? false,
  }));
  return { chunks, note };
}

/**
 * Files up to this size are segmented and written on the parse worker's own
 * thread. A second thread costs 30–60 ms of CPU to start and about 4 MB that
 * the allocator keeps after it ends, more than it can hide behind the reading
 * of a document this small (a few dozen to a few hundred passages); a 200-page
 * PDF (715 KB) still gains from it.
 */
export const WRITER_THREAD_MIN_BYTES = 128 * 1024;

/**
 * SQLite without vectors to make: the worker writes the passages through its
 * own connection (chunk-writer.ts), so the request thread runs none of the
 * synchronous inserts. PostgreSQL writes are asynchronous and stay here, as
 * do documents whose passages need vectors from the embedding model.
 */
function writerFor(ctx: ServerContext, rt: KnowledgeRuntime, doc: DocumentRecord & { attempts: number }): ChunkWriterJob | undefined {
  const database = ctx.config.database;
  if (database.kind !== 'sqlite' || rt.embedder) return undefined;
  return { sqliteFile: database.file, datasetId: doc.datasetId, documentId: doc.id, attempt: doc.attempts, ownThread: doc.size > WRITER_THREAD_MIN_BYTES };
}

const attemptsUsedUp = (attempts: number) =>
  `这个文件解析了 ${attempts} 次都因服务器中断而未完成，已停止重试；请检查文件或拆分成几个较小的文件，再点击“重新解析”`;

export async function indexDocument(
  ctx: ServerContext,
  rt: KnowledgeRuntime,
  documentId: string,
  log: FastifyBaseLogger,
  limits: IndexLimits,
  signal?: AbortSignal,
): Promise<void> {
  // The claim holds limits.leaseMs without renewal; it is renewed every quarter of that while the document is worked on.
  const doc = await claimDocument(ctx.db, documentId, ctx.now(), ctx.now() + limits.leaseMs);
  if (!doc) return; // deleted, done, or another run holds it
  if (doc.attempts > limits.maxAttempts) return fail(ctx, doc, attemptsUsedUp(doc.attempts - 1));

  if (!parserFor(doc.mime)) return fail(ctx, doc, `知识库只能解析 ${KNOWLEDGE_FORMATS} 文件`);
  const file = await findFile(ctx.db, doc.fileId);
  if (!file) return fail(ctx, doc, '原文件已被删除，请重新上传');

  // The attempt number fences this run: once another instance took the document over (this run's lease
  // ran out), every write below is refused, so no passage is stored twice.
  const attempt = doc.attempts;
  const renew = setInterval(() => void renewDocumentLease(ctx.db, doc.id, ctx.now() + limits.leaseMs, attempt).catch(() => {}), limits.leaseMs / 4);
  let pageCount = 0;
  let charCount = 0;
  let position = 0;
  let note: string | null = null;
  let copy: LocalCopy | null = null;
  try {
    // The parser reads a file on this machine: the stored one, or a copy from the object store.
    copy = await ctx.files.localCopy(file.storedName).catch((error: unknown) => {
      if ((error as { code?: string }).code === 'ENOENT') throw new IndexFailure('原文件已被删除，请重新上传');
      throw error;
    });
    const writer = writerFor(ctx, rt, doc);
    // A run that died may have written some passages. In writer mode the worker writes while it still reads,
    // so they go before it starts; otherwise once the document is read, as it is marked "indexing".
    const clearEarlierRun = async (trx: Transaction<Database>) => {
      if (!(await holdsClaim(trx, doc.id, attempt))) throw new DocumentGone();
      await removeChunks(trx, ctx.data.dialect, { documentId: doc.id });
    };
    if (writer) await ctx.db.transaction().execute(clearEarlierRun);
    await parseInWorker(
      {
        path: copy.path,
        mime: doc.mime,
        maxInputBytes: limits.maxInputBytes,
        maxUnzippedBytes: limits.maxUnzippedBytes,
        batchSize: BATCH_SIZE,
        writer,
      },
      limits,
      {
        async parsed(info) {
          ({ pageCount, charCount } = info);
          await ctx.db.transaction().execute(async (trx) => {
            if (writer) {
              if (!(await holdsClaim(trx, doc.id, attempt))) throw new DocumentGone();
            } else await clearEarlierRun(trx);
            await updateDocument(trx, doc.id, { status: 'indexing', pageCount, updatedAt: ctx.now() });
          });
        },
        wrote(count) {
          position += count;
        },
        async batch(passages) {
          const prepared = await prepareChunks(
            rt,
            { datasetId: doc.datasetId, documentId: doc.id },
            passages.map((p) => ({ ...p, position: position++ })),
          );
          note ??= prepared.note;
          // Short transactions: on SQLite every other query waits while one is open.
          for (let at = 0; at < prepared.chunks.length; at += WRITE_SIZE) {
            await ctx.db.transaction().execute(async (trx) => {
              if (!(await holdsClaim(trx, doc.id, attempt))) throw new DocumentGone();
              await insertChunks(trx, ctx.data.dialect, prepared.chunks.slice(at, at + WRITE_SIZE), ctx.now());
            });
            // Requests waiting for the thread or the database go first.
            await new Promise((resolve) => setImmediate(resolve));
          }
        },
      },
      signal,
    );
  } catch (error) {
    if (error instanceof DocumentGone) return;
    if (error instanceof ParseAborted) return releaseDocument(ctx.db, doc.id, ctx.now(), attempt);
    if (error instanceof StorageUnavailableError) {
      // The file store is down, not the document broken: back in the queue for the next check.
      log.warn({ documentId, reason: error.reason }, 'file store unreachable; document put back in the queue');
      return releaseDocument(ctx.db, doc.id, ctx.now(), attempt);
    }
    if (!(error instanceof IndexFailure)) throw error;
    if (error.detail) log.warn({ documentId, detail: error.detail }, 'parsing a knowledge document failed');
    return fail(ctx, doc, error.message);
  } finally {
    clearInterval(renew);
    await copy?.release();
  }
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await holdsClaim(trx, doc.id, attempt))) return; // deleted, or another run took it over and finishes it
    await updateDocument(trx, doc.id, { status: 'ready', error: note, pageCount, charCount, chunkCount: position, updatedAt: ctx.now() });
    await touchDataset(trx, doc.datasetId, ctx.now());
  });
}
