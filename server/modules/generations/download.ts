// Result URLs of providers expire: a finished task's file is downloaded into
// our own storage at once, with a size cap, streamed (never held whole in memory).
// The URL is the provider's word, not ours: it goes through the guarded client
// (no private or metadata addresses, on any redirect), and only a media type
// (or a plain binary body) is accepted.
import { FetchRefused, guardedFetch } from '../../net/guarded-fetch.js';
import { GenerationError } from './kinds.js';

export const DOWNLOAD_FAILED_MESSAGE = '生成结果下载失败，请稍后重试';
export const RESULT_TOO_LARGE_MESSAGE = '生成结果过大，无法保存';

/** What a result download accepts: the kind's media type, or a body that does not say. */
export type ResultKind = 'image' | 'video';

const BINARY_TYPES = ['application/octet-stream', 'binary/octet-stream'];

export async function openDownload(url: string, signal: AbortSignal, timeoutMs: number, kind: ResultKind, maxBytes: number): Promise<Response> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new GenerationError(DOWNLOAD_FAILED_MESSAGE);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new GenerationError(DOWNLOAD_FAILED_MESSAGE);
  try {
    const response = await guardedFetch(parsed, { signal, timeoutMs, maxBytes, contentTypes: [`${kind}/`, ...BINARY_TYPES] });
    if (!response.ok || !response.body) throw new GenerationError(DOWNLOAD_FAILED_MESSAGE, { retryable: true });
    return response;
  } catch (error) {
    if (signal.aborted || error instanceof GenerationError) throw error;
    // A refused address or type does not get better with retrying.
    throw new GenerationError(DOWNLOAD_FAILED_MESSAGE, { retryable: !(error instanceof FetchRefused) });
  }
}

/** The body's pieces, failing once more than `maxBytes` arrived; `trailer` is appended at the end. */
export async function* cappedBody(response: Response, maxBytes: number, trailer?: Buffer): AsyncIterable<Uint8Array> {
  let total = 0;
  try {
    for await (const piece of response.body as unknown as AsyncIterable<Uint8Array>) {
      total += piece.length;
      if (total > maxBytes) throw new GenerationError(RESULT_TOO_LARGE_MESSAGE);
      yield piece;
    }
  } catch (error) {
    if (error instanceof FetchRefused) throw new GenerationError(RESULT_TOO_LARGE_MESSAGE);
    throw error;
  }
  if (trailer) yield trailer;
}

export async function downloadBuffer(url: string, signal: AbortSignal, maxBytes: number, timeoutMs: number, kind: ResultKind): Promise<Buffer> {
  const response = await openDownload(url, signal, timeoutMs, kind, maxBytes);
  const pieces: Uint8Array[] = [];
  for await (const piece of cappedBody(response, maxBytes)) pieces.push(piece);
  return Buffer.concat(pieces);
}
