// Vector similarity, when an OpenAI-compatible embeddings model is configured:
//   ZX_EMBEDDINGS_MODEL     the model name (unset: keyword search only)
//   ZX_EMBEDDINGS_BASE_URL  defaults to ZX_LLM_BASE_URL
//   ZX_EMBEDDINGS_API_KEY   defaults to ZX_LLM_API_KEY
// Vectors are normalised and stored with each chunk (base64 float32); a
// search compares the question's vector with a dataset's vectors held in
// memory (loaded once per dataset version), which stays fast for the tens of
// thousands of passages a school library holds without a vector database.
import type OpenAI from 'openai';
import { ConfigError, type Env } from '../../config.js';
import { toProviderError } from '../../ai/openai-compatible.js';
import { guardedFetch } from '../../net/guarded-fetch.js';

export interface Embedder {
  model: string;
  /** One normalised vector per text, in order. Throws ProviderError with a message a person can act on. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

const BATCH = 32;

/** The SDK's fetch, through the guarded client (one address check for every outside URL). */
const sdkFetch = (url: string | URL | Request, init?: RequestInit): Promise<Response> =>
  guardedFetch(url instanceof Request ? url.url : url, {
    method: init?.method,
    headers: init?.headers,
    body: typeof init?.body === 'string' ? init.body : null,
    signal: init?.signal,
  });

export function createEmbedder(env: Env): Embedder | null {
  const model = env.ZX_EMBEDDINGS_MODEL?.trim();
  if (!model) return null;
  const baseURL = (env.ZX_EMBEDDINGS_BASE_URL ?? env.ZX_LLM_BASE_URL)?.trim();
  if (!baseURL) throw new ConfigError('ZX_EMBEDDINGS_MODEL needs ZX_EMBEDDINGS_BASE_URL (or ZX_LLM_BASE_URL): the OpenAI-compatible server that serves it');
  const apiKey = (env.ZX_EMBEDDINGS_API_KEY ?? env.ZX_LLM_API_KEY)?.trim() || 'none';
  // The SDK (about 150 modules, 0.2 s of CPU) loads with the first texts to embed, not with every start;
  // chat streams over the lean client (server/ai/chat-stream-http.ts) and needs only the SDK's error classes.
  let client: Promise<OpenAI> | undefined;
  const sdk = () =>
    (client ??= import('openai').then(({ default: OpenAI }) => new OpenAI({ baseURL, apiKey, timeout: 60_000, maxRetries: 2, fetch: sdkFetch })));
  return {
    model,
    async embed(texts) {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += BATCH) {
        const input = texts.slice(i, i + BATCH).map((t) => t.slice(0, 8_000));
        let response;
        try {
          response = await (await sdk()).embeddings.create({ model, input, encoding_format: 'float' });
        } catch (error) {
          throw toProviderError(error, new AbortController().signal);
        }
        const ordered = [...response.data].sort((a, b) => a.index - b.index);
        for (const item of ordered) out.push(normalise(Float32Array.from(item.embedding)));
      }
      return out;
    },
  };
}

export function normalise(v: Float32Array): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum) || 1;
  return v.map((x) => x / norm);
}

export const encodeVector = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');

export function decodeVector(text: string): Float32Array {
  const bytes = Buffer.from(text, 'base64');
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}

export function dot(a: Float32Array, b: Float32Array, offset = 0): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[offset + i]!;
  return sum;
}
