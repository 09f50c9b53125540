// The embed's chat pages (/iframe, /externalChat, /fullDialogue) are the host
// app's shell like any page, with one difference: who may frame them. With an
// embed key in the URL only the key's own sites (and Zhixue itself) may put
// the chat in an iframe; otherwise any site could frame the chat of a key
// that allows Zhixue's hosted pages and so get around the key's site list.
// The header itself is written by http/security-headers.ts for every page.
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { findKey } from './store.js';

export const EMBED_PAGE_PATHS = ['/iframe', '/externalChat', '/fullDialogue'] as const;

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,80}$/;
const EMBED_PATHS = new Set(EMBED_PAGE_PATHS.map((p) => p.toLowerCase()));

/** Is this URL path an embed page, however it is spelled (/IFRAME, /iframe/, /Iframe//)? */
export function isEmbedPagePath(urlPath: string): boolean {
  return EMBED_PATHS.has(urlPath.toLowerCase().replace(/\/+$/u, ''));
}

/** frame-ancestors sources for an embed page ('self' plus the key's sites); null for any other path. */
export function embedFrameAncestors(ctx: ServerContext) {
  // Not async: every reply asks, and only an embed page needs the database.
  return (request: FastifyRequest): string[] | null | Promise<string[] | null> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    // The API and the files under /new-chat/ are never embed pages: most replies stop here, before the path is normalised.
    if (request.url.startsWith('/new-chat/')) return null;
    if (!isEmbedPagePath(request.url.split('?')[0] ?? '')) return null;
    const keyId = (request.query as Record<string, unknown> | undefined)?.key;
    if (typeof keyId !== 'string' || !KEY_PATTERN.test(keyId)) return ["'self'"];
    return findKey(ctx.db, keyId).then((key) => ["'self'", ...(key?.origins ?? [])]);
  };
}
