// The embed's chat pages (/iframe, /externalChat, /fullDialogue) are the host
// app's shell like any page, with one addition: who may frame them. With an
// embed key in the URL only the key's own sites (and Zhixue itself) may put
// the chat in an iframe; otherwise any site could frame the chat of a key
// that allows Zhixue's hosted pages and so get around the key's site list.
// Registered at the root (these are page paths, not API paths).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ModuleOptions } from '../../context.js';
import { findKey } from './store.js';

export const EMBED_PAGE_PATHS = ['/iframe', '/externalChat', '/fullDialogue'] as const;

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,80}$/;

export const embedPageRoutes: FastifyPluginAsync<ModuleOptions> = async (app, { ctx }) => {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const keyId = (request.query as Record<string, unknown>).key;
    const key = typeof keyId === 'string' && KEY_PATTERN.test(keyId) ? await findKey(ctx.db, keyId) : null;
    const sources = ["'self'", ...(key?.origins ?? [])];
    reply.header('content-security-policy', `frame-ancestors ${sources.join(' ')}`);
    // The usual single-page-app answer (index.html), now carrying the header.
    return reply.callNotFound();
  };
  for (const path of EMBED_PAGE_PATHS) app.get(path, handler);
};
