// What the knowledge module keeps for the life of the server: the optional
// embeddings client, the in-memory vectors and search indexes, and the
// indexing queue.
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context.js';
import { createEmbedder, type Embedder } from './embeddings.js';
import { Indexer } from './indexer.js';
import { TermIndexCache } from './term-index.js';
import { VectorCache } from './vector-cache.js';

/** Bytes of postings the in-process search indexes may hold together (a 100,000-passage library takes tens of MB). */
const MAX_INDEX_BYTES = 256 * 1024 * 1024;

export interface KnowledgeRuntime {
  embedder: Embedder | null;
  vectors: VectorCache;
  /** The datasets' inverted indexes for keyword search. */
  terms: TermIndexCache;
  indexer: Indexer;
}

export function createKnowledgeRuntime(ctx: ServerContext, log: FastifyBaseLogger): KnowledgeRuntime {
  const runtime = { embedder: createEmbedder(ctx.config.env), vectors: new VectorCache(), terms: new TermIndexCache(MAX_INDEX_BYTES) } as KnowledgeRuntime;
  runtime.indexer = new Indexer(ctx, runtime, log);
  return runtime;
}
