// Every call a web page makes with an embed key passes here first: the key
// must exist, the request must come from a page (Origin header) on one of the
// key's sites, and only then does the reply carry the CORS headers that let
// that page read it. A refused origin gets no CORS headers at all, so the
// browser hides even the refusal from the page's scripts.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { ApiError, forbidden, notFound } from '../../http/errors.js';
import { originAllowed, selfOrigins } from './origins.js';
import { findKey, type EmbedKeyRecord } from './store.js';

const keys = new WeakMap<FastifyRequest, EmbedKeyRecord>();

/** The key checked by the guard for this request. */
export function guardedKey(request: FastifyRequest): EmbedKeyRecord {
  const key = keys.get(request);
  if (!key) throw new Error('embed route without the origin guard');
  return key;
}

/** Whether the page is one of Zhixue's own (same origin as this server). */
export function isHostedPage(ctx: ServerContext, request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  return typeof origin === 'string' && selfOrigins(request, ctx.config.env.ZX_PUBLIC_URL).includes(origin);
}

const PREFLIGHT_MAX_AGE_S = 7200;

function allowCors(reply: FastifyReply, origin: string): void {
  reply.header('access-control-allow-origin', origin);
  reply.header('access-control-expose-headers', 'retry-after, x-request-id');
}

async function check(ctx: ServerContext, request: FastifyRequest, reply: FastifyReply): Promise<{ key: EmbedKeyRecord; origin: string }> {
  reply.header('vary', 'Origin');
  const { key: keyId } = request.params as { key: string };
  const key = await findKey(ctx.db, keyId);
  if (!key) throw notFound('嵌入密钥不存在，请检查网页代码中的 data-key');
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || !origin) throw forbidden('请从网页中使用 AI 助手（请求缺少 Origin）');
  if (!originAllowed(key, origin, selfOrigins(request, ctx.config.env.ZX_PUBLIC_URL))) {
    request.log.info({ keyId: key.id, origin }, 'embed call from a site the key does not allow');
    throw forbidden(`网站 ${origin} 未被允许使用该 AI 助手，请在智学的“网站嵌入”设置中添加它`);
  }
  return { key, origin };
}

/** onRequest hook for the public embed calls. */
export function embedOriginGuard(ctx: ServerContext) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { key, origin } = await check(ctx, request, reply);
    allowCors(reply, origin);
    if (!key.enabled) throw new ApiError(403, '该 AI 助手已暂停使用，请联系网站管理员');
    keys.set(request, key);
  };
}

/** OPTIONS preflight for the public embed calls: answered only for an allowed origin. */
export function embedPreflight(ctx: ServerContext) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const { origin } = await check(ctx, request, reply);
    allowCors(reply, origin);
    reply.header('access-control-allow-methods', 'POST');
    reply.header('access-control-allow-headers', 'content-type, authorization');
    reply.header('access-control-max-age', String(PREFLIGHT_MAX_AGE_S));
    return reply.code(204).send();
  };
}
