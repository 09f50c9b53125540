// How the built front end is sent: the build writes <file>.br and
// <file>.gz beside every text file (scripts/rollup-web-delivery.mjs), and the
// server picks the copy the browser accepts; it never compresses per request.
//
// Caching: a file whose name carries its content hash (rollup's chunks and
// assets) never changes, so it is cached for a year as immutable; everything
// else (index.html, app/main.js, elements/<area>.js, the logos) keeps its name
// across releases and is revalidated on every use (no-cache + ETag: a 304
// when unchanged), so a deploy is picked up at once.
import path from 'node:path';
import negotiate from '@fastify/accept-negotiator';
import send from '@fastify/send';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

const ENCODINGS: readonly Encoding[] = ['br', 'gzip'];
export const ENCODING_EXTENSION: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';

/** Folders of dist/web whose files are named by content hash (see rollup.config.mjs). */
const HASHED_FOLDERS = new Set(['chunks', 'assets', 'embed', 'mind-map-viewer']);

/** Cache-Control for a file of the built front end, by its path relative to dist/web. */
export function cacheControlFor(relativePath: string): string {
  const [top, ...rest] = relativePath.split(/[\\/]/u);
  return rest.length > 0 && top !== undefined && HASHED_FOLDERS.has(top) ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}

/** The best encoding the request accepts among those not tried yet (q-values honoured; `*` counts as gzip). */
export function acceptedEncoding(request: FastifyRequest, tried: ReadonlySet<Encoding> = new Set()): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || header === '') return null;
  const left = ENCODINGS.filter((encoding) => !tried.has(encoding));
  if (left.length === 0) return null;
  return negotiate(header.toLowerCase().replace(/\*/gu, 'gzip'), left);
}

/** Adds accept-encoding to Vary, keeping what is there. */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  if (value.split(',').some((name) => ['accept-encoding', '*'].includes(name.trim().toLowerCase()))) return;
  reply.header('vary', value ? `${value}, accept-encoding` : 'accept-encoding');
}

export interface BuiltFileOptions {
  /** Content-Type of the file itself (the compressed copy is the same content). */
  type: string;
  cacheControl: string;
}

/**
 * Sends `file` (relative to `root`) as its precompressed copy when the
 * request accepts one and the build wrote it, else as it is; with ETag and
 * Last-Modified (so a revalidation gets a 304), Vary: accept-encoding and
 * the given Cache-Control. Resolves to false when the file does not exist.
 */
export async function sendBuiltFile(request: FastifyRequest, reply: FastifyReply, root: string, file: string, options: BuiltFileOptions): Promise<boolean> {
  const tried = new Set<Encoding>();
  for (;;) {
    const encoding = acceptedEncoding(request, tried);
    const sendPath = `/${file}${encoding ? ENCODING_EXTENSION[encoding] : ''}`;
    const result = await send(request.raw, sendPath, { root, cacheControl: false, etag: true, lastModified: true, dotfiles: 'ignore' });
    if (result.type === 'file') {
      reply.code(result.statusCode).headers(result.headers);
      varyOnAcceptEncoding(reply);
      reply.type(options.type).header('cache-control', options.cacheControl);
      if (encoding && result.statusCode !== 304) reply.header('content-encoding', encoding);
      await reply.send(result.stream);
      return true;
    }
    if (encoding && result.statusCode === 404) {
      tried.add(encoding);
      continue;
    }
    if (result.statusCode === 404) return false;
    throw Object.assign(new Error(`cannot read ${path.posix.join(root, file)}`), { statusCode: result.statusCode });
  }
}
