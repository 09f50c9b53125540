// School sign-on calls (docs/api/sign-on.md). Paths are relative to /new-chat.
//   GET  /app/api/oauth/providers            → the login page's buttons
//   GET  /app/api/oauth/:provider/login      ?redirect=<path> → 302 to the provider
//   GET  /app/api/oauth/:provider/callback   the provider's answer → 302 to /login?ticket=… in the host app
//   POST /app/api/oauth/ticket               {ticket} → {token, expiresIn}
//   GET  /app/api/oauth/:provider/logout     ?redirect=<path> → 302 to the provider's end-session page
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { ModuleOptions } from '../../context.js';
import type { ServerContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { badRequest, notFound } from '../../http/errors.js';
import { findUserById, issueToken } from '../account/index.js';
import { safeRedirect } from '../../../shared/safe-redirect.js';
import { issueTicket, keepState, redeemTicket, takeState } from './handoff.js';
import { mapIdentity } from './mapping.js';
import { finishOidc, oidcLogoutUrl, startOidc } from './oidc.js';
import { envOidcProvider, findProvider, listProviders, type Provider } from './providers.js';
import { signInIdentity, SignonRefused, type SignonRefusal } from './signin.js';

const ProviderParams = Type.Object({ provider: Type.String({ title: '登录方式', pattern: '^[A-Za-z0-9_-]{1,64}$' }) });
const RedirectQuery = Type.Object({ redirect: Type.Optional(Type.String({ title: '返回地址', maxLength: 2048 })) });
const CallbackQuery = Type.Object({
  state: Type.Optional(Type.String({ title: '状态', maxLength: 512 })),
  code: Type.Optional(Type.String({ title: '授权码', maxLength: 4096 })),
  error: Type.Optional(Type.String({ title: '错误', maxLength: 512 })),
});
const TicketBody = Type.Object({ ticket: Type.String({ title: '登录凭据', minLength: 1, maxLength: 128 }) });

const PREFIX = '/new-chat';

/** Where the browser reaches this server: ZX_PUBLIC_URL when set (behind a proxy), else the request's own origin. */
function publicOrigin(ctx: ServerContext, request: FastifyRequest): string {
  const configured = ctx.config.env.ZX_PUBLIC_URL?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

function loginPage(query: Record<string, string>): string {
  return `/login?${new URLSearchParams(query)}`;
}

async function usableProvider(ctx: ServerContext, id: string): Promise<Provider> {
  const provider = await findProvider(ctx, id);
  if (!provider || !provider.enabled) throw notFound('没有这种登录方式');
  return provider;
}

function refuse(reply: FastifyReply, reason: SignonRefusal) {
  return reply.redirect(loginPage({ signon: reason }));
}

export const signonRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  // A deployment with unusable ZX_OIDC_* fails at start, not at someone's first sign-in.
  envOidcProvider(ctx.config.env);

  app.get('/app/api/oauth/providers', async () =>
    ok(
      (await listProviders(ctx))
        .filter((p) => p.enabled)
        .map((p) => ({ id: p.id, name: p.name, kind: p.kind, loginUrl: `${PREFIX}/app/api/oauth/${p.id}/login` })),
    ),
  );

  app.get('/app/api/oauth/:provider/login', { schema: { params: ProviderParams, querystring: RedirectQuery } }, async (request, reply) => {
    const provider = await usableProvider(ctx, request.params.provider);
    const callbackUrl = `${publicOrigin(ctx, request)}${PREFIX}/app/api/oauth/${provider.id}/callback`;
    const start = await startOidc(provider, callbackUrl);
    await keepState(ctx, provider.id, start.state, {
      verifier: start.verifier,
      nonce: start.nonce,
      redirect: safeRedirect(request.query.redirect),
      callbackUrl,
    });
    reply.header('cache-control', 'no-store');
    return reply.redirect(start.url);
  });

  app.get('/app/api/oauth/:provider/callback', { schema: { params: ProviderParams, querystring: CallbackQuery } }, async (request, reply) => {
    const provider = await usableProvider(ctx, request.params.provider);
    const kept = request.query.state ? await takeState(ctx, request.query.state) : null;
    if (!kept || kept.providerId !== provider.id || request.query.error) return refuse(reply, 'failed');
    const { verifier, nonce, redirect, callbackUrl } = kept.data;
    let result;
    try {
      const current = new URL(callbackUrl);
      current.search = new URL(request.url, 'http://x').search;
      result = await finishOidc(provider, current, { state: request.query.state!, verifier, nonce });
    } catch (error) {
      request.log.warn({ err: error, provider: provider.id }, 'OpenID Connect sign-in failed');
      return refuse(reply, 'failed');
    }
    try {
      const user = await signInIdentity(ctx, request, provider, mapIdentity(result.subject, result.claims, provider.rules));
      const ticket = await issueTicket(ctx, { userId: user.id, clientType: user.defaultClientType, providerId: provider.id });
      return reply.redirect(loginPage({ ticket, redirect }));
    } catch (error) {
      if (error instanceof SignonRefused) return refuse(reply, error.reason);
      throw error;
    }
  });

  app.post('/app/api/oauth/ticket', { schema: { body: TicketBody }, config: { record: false } }, async (request) => {
    const data = await redeemTicket(ctx, request.body.ticket);
    const user = data ? await findUserById(ctx.db, data.userId) : null;
    if (!data || !user || user.disabledAt !== null || !user.clientTypes.includes(data.clientType)) throw badRequest('登录已失效，请重新登录');
    const issued = await issueToken(ctx.db, { userId: user.id, clientType: data.clientType, ttlMs: ctx.config.tokenTtlHours * 3600_000, now: ctx.now() });
    return ok({ token: issued.token, expiresIn: issued.expiresIn, provider: data.providerId });
  });

  app.get('/app/api/oauth/:provider/logout', { schema: { params: ProviderParams, querystring: RedirectQuery } }, async (request, reply) => {
    const provider = await usableProvider(ctx, request.params.provider);
    const back = `${publicOrigin(ctx, request)}${safeRedirect(request.query.redirect ?? '/login')}`;
    const url = await oidcLogoutUrl(provider, '', back).catch(() => null);
    return reply.redirect(url ?? back);
  });
};
