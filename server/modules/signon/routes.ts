// School sign-on calls (docs/api/sign-on.md). Paths are relative to /new-chat.
//   GET  /app/api/oauth/providers            → the login page's buttons (LDAP: a password form, with passwordUrl)
//   GET  /app/api/oauth/:provider/login      ?redirect=<path> → 302 to the provider
//   GET  /app/api/oauth/:provider/callback   the provider's answer → 302 to /login?ticket=… in the host app
//   POST /app/api/oauth/:provider/callback   a CAS logout request (single logout)
//   POST /app/api/oauth/ticket               {ticket} → {token, expiresIn, provider}
//   GET  /app/api/oauth/:provider/logout     ?redirect=<path> → 302 to the provider's sign-out
//   POST /app/api/oauth/:provider/password   {username, password} → {token, expiresIn} (LDAP bind)
import { randomBytes } from 'node:crypto';
import { withinLimit } from '../../coordination/index.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { ModuleOptions, ServerContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { safeRedirect } from '../../../shared/safe-redirect.js';
import { findUserById, issueToken, revokeToken } from '../account/index.js';
import { casLoginUrl, casLogoutUrl, logoutRequestTicket, validateCasTicket } from './cas.js';
import { issueTicket, keepState, redeemTicket, takeState } from './handoff.js';
import { mapIdentity } from './mapping.js';
import { finishOidc, oidcLogoutUrl, startOidc } from './oidc.js';
import { CAS_USER_CLAIM, envProviders, findProvider, listProviders, type Provider } from './providers.js';
import { signInIdentity, SignonRefused, type SignonRefusal } from './signin.js';
import { saveSession, takeSession } from './store.js';
import { ldapSignIn } from './ldap.js';
import { scheduleDirectorySync } from './directory-sync.js';
import { readInteger } from '../../config.js';
import { ACCOUNT_DISABLED_MESSAGE } from '../../http/auth.js';
import { badRequest, forbidden, notFound, tooMany, waitText } from '../../http/errors.js';

/** Sign-in starts per address: a class behind one NAT signs in within a minute; a flood of state rows does not. */
const SIGN_IN_STARTS = { name: 'signon-start', points: 120, durationSeconds: 60, message: '登录尝试太多，请稍后再试' };

const ProviderParams = Type.Object({ provider: Type.String({ title: '登录方式', pattern: '^[A-Za-z0-9_-]{1,64}$' }) });
const RedirectQuery = Type.Object({ redirect: Type.Optional(Type.String({ title: '返回地址', maxLength: 2048 })) });
const CallbackQuery = Type.Object({
  state: Type.Optional(Type.String({ title: '状态', maxLength: 512 })),
  code: Type.Optional(Type.String({ title: '授权码', maxLength: 4096 })),
  ticket: Type.Optional(Type.String({ title: '登录凭据', maxLength: 512 })),
  error: Type.Optional(Type.String({ title: '错误', maxLength: 512 })),
});
const PasswordBody = Type.Object({
  username: Type.String({ title: '用户名', minLength: 1, maxLength: 128 }),
  password: Type.String({ title: '密码', minLength: 1, maxLength: 256 }),
});
const TicketBody = Type.Object({ ticket: Type.String({ title: '登录凭据', minLength: 1, maxLength: 128 }) });

const PREFIX = '/new-chat';

/** Where the browser reaches this server: ZX_PUBLIC_URL when set (behind a proxy), else the request's own origin. */
export function publicOrigin(ctx: ServerContext, request: FastifyRequest): string {
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

/** What a refused directory sign-in is told (the redirecting protocols say it on the login page instead). */
const REFUSAL_MESSAGES: Record<SignonRefusal, string> = {
  disabled: ACCOUNT_DISABLED_MESSAGE,
  'no-role': '你的学校账号没有可用的身份，请联系学校管理员',
  taken: '已有同名账号，需学校管理员设置关联后才能登录',
  failed: '用户名或密码错误',
};

function refuse(reply: FastifyReply, reason: SignonRefusal) {
  return reply.redirect(loginPage({ signon: reason }));
}

/** CAS names the service with its state, so the same address is checked at validation. */
function casService(callbackUrl: string, state: string): string {
  return `${callbackUrl}?${new URLSearchParams({ state })}`;
}

interface Verified {
  subject: string;
  claims: Record<string, unknown>;
  sessionIndex: string;
}

/** The person the provider vouches for on this callback, or null when it does not. */
async function verifyCallback(
  provider: Provider,
  request: FastifyRequest<{ Querystring: { state?: string; ticket?: string } }>,
  kept: { verifier: string; nonce: string; callbackUrl: string },
): Promise<Verified | null> {
  const state = request.query.state!;
  if (provider.kind === 'cas') {
    if (!request.query.ticket) return null;
    const found = await validateCasTicket(provider, casService(kept.callbackUrl, state), request.query.ticket);
    return found ? { subject: found.user, claims: { ...found.attributes, [CAS_USER_CLAIM]: found.user }, sessionIndex: request.query.ticket } : null;
  }
  const current = new URL(kept.callbackUrl);
  current.search = new URL(request.url, 'http://x').search;
  const result = await finishOidc(provider, current, { state, verifier: kept.verifier, nonce: kept.nonce });
  return { subject: result.subject, claims: result.claims, sessionIndex: '' };
}

export const signonRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  // A deployment with unusable ZX_OIDC_* or ZX_CAS_* fails at start, not at someone's first sign-in.
  envProviders(ctx.config.env);
  const ttlMs = ctx.config.tokenTtlHours * 3600_000;

  app.get('/app/api/oauth/providers', async () =>
    ok(
      (await listProviders(ctx))
        .filter((p) => p.enabled)
        // LDAP has no page of its own to go to: its people use a password form, which posts to passwordUrl.
        .map((p) =>
          p.kind === 'ldap'
            ? { id: p.id, name: p.name, kind: p.kind, passwordUrl: `${PREFIX}/app/api/oauth/${p.id}/password` }
            : { id: p.id, name: p.name, kind: p.kind, loginUrl: `${PREFIX}/app/api/oauth/${p.id}/login` },
        ),
    ),
  );

  app.get('/app/api/oauth/:provider/login', { schema: { params: ProviderParams, querystring: RedirectQuery } }, async (request, reply) => {
    // Anyone may start a sign-in, and each start keeps a state row for 10 minutes: counted per address.
    await withinLimit(ctx.coordination, SIGN_IN_STARTS, request.ip);
    const provider = await usableProvider(ctx, request.params.provider);
    if (provider.kind === 'ldap') throw notFound('没有这种登录方式');
    const callbackUrl = `${publicOrigin(ctx, request)}${PREFIX}/app/api/oauth/${provider.id}/callback`;
    const redirect = safeRedirect(request.query.redirect);
    reply.header('cache-control', 'no-store');
    if (provider.kind === 'cas') {
      const state = randomBytes(24).toString('base64url');
      await keepState(ctx, provider.id, state, { verifier: '', nonce: '', redirect, callbackUrl });
      return reply.redirect(casLoginUrl(provider, casService(callbackUrl, state)));
    }
    const start = await startOidc(provider, callbackUrl);
    await keepState(ctx, provider.id, start.state, { verifier: start.verifier, nonce: start.nonce, redirect, callbackUrl });
    return reply.redirect(start.url);
  });

  app.get('/app/api/oauth/:provider/callback', { schema: { params: ProviderParams, querystring: CallbackQuery } }, async (request, reply) => {
    const provider = await usableProvider(ctx, request.params.provider);
    const kept = request.query.state ? await takeState(ctx, request.query.state) : null;
    if (!kept || kept.providerId !== provider.id || request.query.error) return refuse(reply, 'failed');
    let verified: Verified | null;
    try {
      verified = await verifyCallback(provider, request, kept.data);
    } catch (error) {
      request.log.warn({ err: error, provider: provider.id }, 'sign-on callback failed');
      verified = null;
    }
    if (!verified) return refuse(reply, 'failed');
    try {
      const user = await signInIdentity(ctx, request, provider, mapIdentity(verified.subject, verified.claims, provider.rules));
      const ticket = await issueTicket(ctx, {
        userId: user.id,
        clientType: user.defaultClientType,
        providerId: provider.id,
        sessionIndex: verified.sessionIndex,
      });
      return reply.redirect(loginPage({ ticket, redirect: kept.data.redirect }));
    } catch (error) {
      if (error instanceof SignonRefused) return refuse(reply, error.reason);
      throw error;
    }
  });

  // The CAS server posts its logout request (form field logoutRequest) to the service address.
  await app.register(async (form) => {
    form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    form.post('/app/api/oauth/:provider/callback', { schema: { params: ProviderParams }, config: { record: false } }, async (request, reply) => {
      const provider = await usableProvider(ctx, (request.params as { provider: string }).provider);
      const body = new URLSearchParams(String(request.body ?? '')).get('logoutRequest') ?? '';
      const sessionIndex = provider.kind === 'cas' ? logoutRequestTicket(body) : null;
      const tokenId = sessionIndex ? await takeSession(ctx.db, provider.id, sessionIndex) : null;
      if (tokenId) {
        await revokeToken(ctx.db, tokenId, ctx.now(), 'signed_out');
        request.log.info({ provider: provider.id }, 'single logout from the provider');
      }
      return reply.code(200).type('text/plain').send('ok');
    });
  });

  // LDAP: the directory checks the password (a bind as the person); throttled like the password form.
  app.post('/app/api/oauth/:provider/password', { schema: { params: ProviderParams, body: PasswordBody } }, async (request) => {
    const provider = await usableProvider(ctx, request.params.provider);
    if (provider.kind !== 'ldap') throw notFound('没有这种登录方式');
    const reservation = await ctx.loginThrottle.reserve(
      { username: `${provider.id}:${request.body.username.trim().toLowerCase()}`, ip: request.ip },
      ctx.now(),
    );
    if (reservation.retryAfterSeconds > 0)
      throw tooMany(`密码错误次数过多，请 ${waitText(reservation.retryAfterSeconds)}后再试`, reservation.retryAfterSeconds);
    const person = await ldapSignIn(provider, request.body.username.trim(), request.body.password);
    if (!person) throw badRequest(REFUSAL_MESSAGES.failed);
    reservation.succeeded();
    try {
      const user = await signInIdentity(ctx, request, provider, mapIdentity(person.dn, person.attributes, provider.rules));
      const issued = await issueToken(ctx.db, { userId: user.id, clientType: user.defaultClientType, ttlMs, now: ctx.now() });
      return ok({ token: issued.token, expiresIn: issued.expiresIn });
    } catch (error) {
      if (error instanceof SignonRefused) throw forbidden(REFUSAL_MESSAGES[error.reason]);
      throw error;
    }
  });

  const syncMinutes = readInteger(ctx.config.env, 'ZX_LDAP_SYNC_MINUTES', 60, 1, 7 * 24 * 60);
  let stopSync = () => {};
  app.addHook('onReady', async () => {
    stopSync = scheduleDirectorySync(ctx, syncMinutes * 60_000, (error) => app.log.error({ err: error }, 'directory sync failed'));
  });
  app.addHook('onClose', async () => stopSync());

  app.post('/app/api/oauth/ticket', { schema: { body: TicketBody }, config: { record: false } }, async (request) => {
    const data = await redeemTicket(ctx, request.body.ticket);
    const user = data ? await findUserById(ctx.db, data.userId) : null;
    if (!data || !user || user.disabledAt !== null || !user.clientTypes.includes(data.clientType)) throw badRequest('登录已失效，请重新登录');
    const issued = await issueToken(ctx.db, { userId: user.id, clientType: data.clientType, ttlMs, now: ctx.now() });
    if (data.sessionIndex) {
      await saveSession(
        ctx.db,
        { providerId: data.providerId, sessionIndex: data.sessionIndex, tokenId: issued.tokenId, expiresAt: ctx.now() + ttlMs },
        ctx.now(),
      );
    }
    return ok({ token: issued.token, expiresIn: issued.expiresIn, provider: data.providerId });
  });

  app.get('/app/api/oauth/:provider/logout', { schema: { params: ProviderParams, querystring: RedirectQuery } }, async (request, reply) => {
    const provider = await usableProvider(ctx, request.params.provider);
    const back = `${publicOrigin(ctx, request)}${safeRedirect(request.query.redirect, '/login')}`;
    if (provider.kind === 'cas') return reply.redirect(casLogoutUrl(provider, back));
    const url = await oidcLogoutUrl(provider, '', back).catch(() => null);
    return reply.redirect(url ?? back);
  });
};
