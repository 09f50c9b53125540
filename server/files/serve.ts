// Answering a GET for a stored file from whichever store holds it: one
// `Range: bytes=…` range (206, or 416 beyond the end), an ETag and
// Last-Modified, and 304 for a matching If-None-Match. Several ranges in one
// request are answered with the whole file (allowed by RFC 9110).
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { ByteRange, FileStorage } from './storage.js';

export type ServeResult =
  | { status: 200 | 206; headers: Record<string, string>; body: Readable }
  | { status: 304; headers: Record<string, string> }
  | { status: 404 }
  | { status: 416; size: number };

/** The one range asked for, null for "the whole file", 'unsatisfiable' for a range past the end. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/u.exec(header);
  if (!match) return null; // several ranges, or another unit: the whole file
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

const matches = (header: string | undefined, etag: string) =>
  header !== undefined &&
  header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t.replace(/^W\//u, '') === etag.replace(/^W\//u, '');
  });

export async function serveStored(files: FileStorage, storedName: string, request: IncomingHttpHeaders): Promise<ServeResult> {
  const stat = await files.stat(storedName);
  if (!stat) return { status: 404 };
  const headers: Record<string, string> = { 'accept-ranges': 'bytes', etag: stat.etag };
  if (stat.modifiedMs) headers['last-modified'] = new Date(stat.modifiedMs).toUTCString();
  if (matches(request['if-none-match'], stat.etag)) return { status: 304, headers };

  // If-Range with another validator: the file changed, send it whole.
  const ifRange = request['if-range'];
  const rangeHeader = ifRange === undefined || ifRange === stat.etag || ifRange === headers['last-modified'] ? request.range : undefined;
  const range = parseRange(rangeHeader, stat.size);
  if (range === 'unsatisfiable') return { status: 416, size: stat.size };
  try {
    if (range) {
      const body = await files.read(storedName, range);
      return {
        status: 206,
        headers: { ...headers, 'content-range': `bytes ${range.start}-${range.end}/${stat.size}`, 'content-length': String(range.end - range.start + 1) },
        body,
      };
    }
    const body = await files.read(storedName);
    return { status: 200, headers: { ...headers, 'content-length': String(stat.size) }, body };
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return { status: 404 };
    throw error;
  }
}
