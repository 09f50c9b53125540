// Documents are parsed, split and indexed one at a time in the background,
// so adding a 300-page PDF answers at once and the page shows its progress
// (queued → parsing → indexing → ready, or error with the reason). Documents
// left half-done by a restart are picked up again at start.
import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import { findFile } from '../uploads/store.js';
import { chunkPages } from './chunking.js';
import { encodeVector } from './embeddings.js';
import { insertChunks, removeChunks, type NewChunk } from './index-store.js';
import { KNOWLEDGE_FORMATS, ParseError, parserFor } from './parsers/index.js';
import type { KnowledgeRuntime } from './runtime.js';
import { termsOf } from '../../text/terms.js';
import { findDocument, pendingDocumentIds, touchDataset, updateDocument, type DocumentRecord } from './store.js';

export class Indexer {
  private queue: string[] = [];
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly ctx: ServerContext,
    private readonly rt: KnowledgeRuntime,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Picks up documents a previous run left waiting. */
  async resume(): Promise<void> {
    for (const id of await pendingDocumentIds(this.ctx.db)) this.enqueue(id);
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
    this.queue = [];
    await this.running;
  }

  private async drain(): Promise<void> {
    for (let id = this.queue.shift(); id !== undefined; id = this.queue.shift()) {
      try {
        await indexDocument(this.ctx, this.rt, id, this.log);
      } catch (error) {
        this.log.error({ err: error, documentId: id }, 'indexing a knowledge document failed');
        await updateDocument(this.ctx.db, id, { status: 'error', error: '索引失败（服务器内部错误），请稍后点击“重新解析”重试', updatedAt: this.ctx.now() }).catch(() => {});
      }
    }
  }
}

async function fail(ctx: ServerContext, doc: DocumentRecord, message: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await removeChunks(trx, ctx.data.dialect, { documentId: doc.id });
    await updateDocument(trx, doc.id, { status: 'error', error: message, chunkCount: 0, updatedAt: ctx.now() });
    await touchDataset(trx, doc.datasetId, ctx.now());
  });
}

/** Turns passages into index rows (terms, and vectors when configured). Returns a note when vectors could not be made. */
export async function prepareChunks(
  rt: KnowledgeRuntime,
  base: { datasetId: string; documentId: string },
  passages: ReadonlyArray<{ id?: string; position: number; page: number | null; content: string; edited?: boolean }>,
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
    terms: termsOf(p.content),
    embedding: vectors[i] ?? null,
    edited: p.edited ?? false,
  }));
  return { chunks, note };
}

export async function indexDocument(ctx: ServerContext, rt: KnowledgeRuntime, documentId: string, log: FastifyBaseLogger): Promise<void> {
  const doc = await findDocument(ctx.db, documentId);
  if (!doc || doc.status === 'ready' || doc.status === 'error') return; // deleted, or already done
  await updateDocument(ctx.db, doc.id, { status: 'parsing', error: null, updatedAt: ctx.now() });

  const parser = parserFor(doc.mime);
  if (!parser) return fail(ctx, doc, `知识库只能解析 ${KNOWLEDGE_FORMATS} 文件`);
  const file = await findFile(ctx.db, doc.fileId);
  if (!file) return fail(ctx, doc, '原文件已被删除，请重新上传');

  let parsed;
  try {
    parsed = await parser(await fs.promises.readFile(ctx.files.pathOf(file.storedName)));
  } catch (error) {
    if (error instanceof ParseError) return fail(ctx, doc, error.message);
    log.warn({ err: error, documentId }, 'parsing a knowledge document failed');
    return fail(ctx, doc, '文件无法解析，请确认文件完好（能用对应软件打开）后重新上传');
  }
  const passages = chunkPages(parsed.pages);
  if (passages.length === 0) return fail(ctx, doc, '文件中没有可用的文字');

  await updateDocument(ctx.db, doc.id, { status: 'indexing', pageCount: parsed.pageCount, updatedAt: ctx.now() });
  const { chunks, note } = await prepareChunks(rt, { datasetId: doc.datasetId, documentId: doc.id }, passages.map((p, position) => ({ ...p, position })));
  const charCount = passages.reduce((sum, p) => sum + p.content.length, 0);
  await ctx.db.transaction().execute(async (trx) => {
    // Deleted while we were parsing: nothing to write.
    const still = await trx.selectFrom('knowledge_documents').select('id').where('id', '=', doc.id).executeTakeFirst();
    if (!still) return;
    await removeChunks(trx, ctx.data.dialect, { documentId: doc.id });
    await insertChunks(trx, ctx.data.dialect, chunks, ctx.now());
    await updateDocument(trx, doc.id, { status: 'ready', error: note, pageCount: parsed.pageCount, charCount, chunkCount: chunks.length, updatedAt: ctx.now() });
    await touchDataset(trx, doc.datasetId, ctx.now());
  });
}
