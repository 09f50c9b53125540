// What the knowledge module keeps for the life of the server: the optional
// embeddings client, the in-memory vectors, and the indexing queue.
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context.js';
import { createEmbedder, type Embedder } from './embeddings.js';
import { Indexer } from './indexer.js';
import { VectorCache } from './vector-cache.js';

export interface KnowledgeRuntime {
  embedder: Embedder | null;
  vectors: VectorCache;
  indexer: Indexer;
}

export function createKnowledgeRuntime(ctx: ServerContext, log: FastifyBaseLogger): KnowledgeRuntime {
  const runtime = { embedder: createEmbedder(ctx.config.env), vectors: new VectorCache() } as KnowledgeRuntime;
  runtime.indexer = new Indexer(ctx, runtime, log);
  return runtime;
}
