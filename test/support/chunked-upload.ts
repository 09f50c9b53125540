// Speaks the resumable.js / simple-uploader.js chunk protocol to a test
// server the way a stock client does: parameters as query on the test GET,
// as form fields before `file` on the upload POST.
import { createHash, randomBytes } from 'node:crypto';
import type { ChunkParams } from '../../server/modules/uploads/chunk-layout.js';
import type { Envelope, TestServer } from './server.js';

export type ChunkFields = ChunkParams;

export interface StoredFile {
  id: string;
  url: string;
  name: string;
  size: number;
  mime: string;
}

export type ChunkReply = { complete: true; file: StoredFile } | { complete: false; chunkNumber: number; receivedChunks: number; totalChunks: number };

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The layout simple-uploader uses by default: the last chunk absorbs the remainder. */
export function layout(total: number, chunkSize: number): Array<{ n: number; start: number; end: number }> {
  const count = Math.max(1, Math.floor(total / chunkSize));
  return Array.from({ length: count }, (_, i) => ({ n: i + 1, start: i * chunkSize, end: i === count - 1 ? total : (i + 1) * chunkSize }));
}

export function fieldsFor(content: Uint8Array, filename: string, chunkSize: number, n: number, extra: Partial<ChunkFields> = {}): ChunkFields {
  const chunks = layout(content.length, chunkSize);
  const c = chunks[n - 1]!;
  return {
    chunkNumber: n,
    chunkSize,
    currentChunkSize: c.end - c.start,
    totalSize: content.length,
    identifier: `${content.length}-${filename.replace(/[^0-9a-zA-Z_-]/g, '')}`,
    filename,
    relativePath: filename,
    totalChunks: chunks.length,
    ...extra,
  };
}

export function chunkBytes(content: Uint8Array, chunkSize: number, n: number): Uint8Array {
  const c = layout(content.length, chunkSize)[n - 1]!;
  return content.subarray(c.start, c.end);
}

export async function testChunk(
  server: Pick<TestServer, 'baseUrl'>,
  token: string | null,
  fields: ChunkFields,
  /** More request headers (an `accept-language`). */
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Envelope<ChunkReply> | null }> {
  const query = new URLSearchParams(
    Object.entries(fields)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  const response = await fetch(`${server.baseUrl}/new-chat/app/api/file/chunk?${query}`, {
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Envelope<ChunkReply>) : null };
}

export async function postChunk(
  server: Pick<TestServer, 'baseUrl'>,
  token: string | null,
  fields: ChunkFields,
  bytes: Uint8Array,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Envelope<ChunkReply> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, String(v));
  form.append('file', new Blob([new Uint8Array(bytes)]), fields.filename);
  const response = await fetch(`${server.baseUrl}/new-chat/app/api/file/chunk`, {
    method: 'POST',
    body: form,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: response.status, body: (await response.json()) as Envelope<ChunkReply> };
}

/** Uploads a whole file chunk by chunk, in order; returns the stored file. */
export async function uploadInChunks(
  server: Pick<TestServer, 'baseUrl'>,
  token: string,
  filename: string,
  content: Uint8Array,
  chunkSize = 64 * 1024,
): Promise<StoredFile> {
  const count = layout(content.length, chunkSize).length;
  let last: { status: number; body: Envelope<ChunkReply> } | undefined;
  for (let n = 1; n <= count; n++) {
    last = await postChunk(server, token, fieldsFor(content, filename, chunkSize, n), chunkBytes(content, chunkSize, n));
    if (last.status !== 200) throw new Error(`chunk ${n} of ${filename}: ${last.status} ${last.body.msg}`);
  }
  if (!last?.body.data.complete) throw new Error(`upload of ${filename} did not complete`);
  return last.body.data.file;
}

/** Random bytes that look like an MP4 to the type check (ISO media `ftyp` box). */
export function fakeVideo(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from('\x00\x00\x00\x18ftypisom', 'latin1').copy(bytes, 0);
  return bytes;
}
