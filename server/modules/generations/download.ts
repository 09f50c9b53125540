// Result URLs of providers expire: a finished task's file is downloaded into
// our own storage at once, with a size cap, streamed (never held whole in memory).
import { GenerationError } from './kinds.js';

export const DOWNLOAD_FAILED_MESSAGE = '生成结果下载失败，请稍后重试';
export const RESULT_TOO_LARGE_MESSAGE = '生成结果过大，无法保存';

export async function openDownload(url: string, signal: AbortSignal, timeoutMs: number): Promise<Response> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new GenerationError(DOWNLOAD_FAILED_MESSAGE);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new GenerationError(DOWNLOAD_FAILED_MESSAGE);
  try {
    const response = await fetch(parsed, { signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) });
    if (!response.ok || !response.body) throw new GenerationError(DOWNLOAD_FAILED_MESSAGE, { retryable: true });
    return response;
  } catch (error) {
    if (signal.aborted || error instanceof GenerationError) throw error;
    throw new GenerationError(DOWNLOAD_FAILED_MESSAGE, { retryable: true });
  }
}

/** The body's pieces, failing once more than `maxBytes` arrived; `trailer` is appended at the end. */
export async function* cappedBody(response: Response, maxBytes: number, trailer?: Buffer): AsyncIterable<Uint8Array> {
  let total = 0;
  for await (const piece of response.body as unknown as AsyncIterable<Uint8Array>) {
    total += piece.length;
    if (total > maxBytes) throw new GenerationError(RESULT_TOO_LARGE_MESSAGE);
    yield piece;
  }
  if (trailer) yield trailer;
}

export async function downloadBuffer(url: string, signal: AbortSignal, maxBytes: number, timeoutMs: number): Promise<Buffer> {
  const response = await openDownload(url, signal, timeoutMs);
  const pieces: Uint8Array[] = [];
  for await (const piece of cappedBody(response, maxBytes)) pieces.push(piece);
  return Buffer.concat(pieces);
}
