// Who may frame Zhixue inside an LMS: the launch's own pages (the deep
// linking picker and its answer) are marked by the route that writes them;
// a host-app page reached from a launch carries `?lti=<platform id>` and may
// be framed by that platform's origin only. Every other page keeps its
// frame policy ('self'). The header itself is written by
// http/security-headers.ts.
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { findPlatform } from './store.js';

/** The query parameter that names the platform a page was opened from. */
export const FRAME_PARAMETER = 'lti';
const ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/u;

const marked = new WeakMap<FastifyRequest, { ancestors: string[]; formTargets: string[] }>();

/** This answer may be framed by `frameOrigin` and may post a form to `formTargets`. */
export function allowFraming(request: FastifyRequest, frameOrigin: string, formTargets: string[] = []): void {
  marked.set(request, { ancestors: ["'self'", frameOrigin], formTargets });
}

export function ltiFormTargets(request: FastifyRequest): string[] | null {
  return marked.get(request)?.formTargets ?? null;
}

export function ltiFrameAncestors(ctx: ServerContext) {
  return (request: FastifyRequest): string[] | null | Promise<string[] | null> => {
    const mark = marked.get(request);
    if (mark) return mark.ancestors;
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    if (request.url.startsWith('/new-chat/') || !request.url.includes(`${FRAME_PARAMETER}=`)) return null;
    const id = (request.query as Record<string, unknown> | undefined)?.[FRAME_PARAMETER];
    if (typeof id !== 'string' || !ID_PATTERN.test(id)) return null;
    return findPlatform(ctx.db, id).then((platform) => (platform?.enabled ? ["'self'", platform.frameOrigin] : null));
  };
}
