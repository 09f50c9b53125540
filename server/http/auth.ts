// Who is calling: resolves `Authorization: Bearer <token>` to request.user.
// Installed on the root instance (not as an encapsulated plugin) so every
// module sees app.requireUser and app.optionalUser.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import type { ClientType, TokenEndReason } from '../db/schema.js';
import { findActiveToken, type TokenAccount, type TokenCache, whyTokenEnded } from '../modules/account/index.js';
import { forbidden, unauthorized } from './errors.js';

export interface AuthUser {
  id: string;
  username: string;
  clientType: ClientType;
  tokenId: string;
  /** The account as read with the token (this request's snapshot; absent when the user was not resolved from a token). */
  account?: TokenAccount;
  /** Signed in with a one-time password. */
  mustChangePassword?: boolean;
}

type AuthHook = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by app.requireUser / app.optionalUser; null when signed out. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /**
     * The route stays open to an account holding a one-time password (the
     * session, changing the password, signing out); every other signed-in
     * route refuses it until the password is changed.
     */
    allowPendingPassword?: boolean;
  }
  interface FastifyInstance {
    /** preHandler: 401 unless a valid token is presented. */
    requireUser: AuthHook;
    /** preHandler: sets request.user when a token is presented; 401 if that token is bad. */
    optionalUser: AuthHook;
  }
}

// The client tells "no token" (go to sign-in, SPEC §8) from "token no longer
// valid" by these exact messages.
export const MISSING_TOKEN_MESSAGE = 'token不能为空';
export const EXPIRED_TOKEN_MESSAGE = '登录已过期，请重新登录';
export const ACCOUNT_DISABLED_MESSAGE = '账号已停用，请联系学校管理员';

/**
 * A sign-in ended for a reason its holder should hear (still a 401, so the
 * client signs out as for any dead token): a disabled student was told their
 * sign-in had expired and learnt the truth only at the next sign-in attempt.
 */
const ENDED_MESSAGES: Record<TokenEndReason, string> = {
  disabled: ACCOUNT_DISABLED_MESSAGE,
  password_changed: '密码已在其他地方修改，请用新密码重新登录',
  password_reset: '学校管理员已重置你的密码，请用管理员给你的新密码登录',
  client_type_removed: '学校管理员已取消你的这一身份，请重新登录',
  signed_out: '你已退出登录，请重新登录',
  switched: '你已切换身份，请重新登录',
};
/** The client sends a person holding a one-time password to change it on this message. */
export const PASSWORD_CHANGE_REQUIRED_MESSAGE = '请先修改初始密码';

/** The bearer token of a request, or null when none was sent. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  // The usual spelling without a regular expression (every signed-in request); any other through it.
  const token = (header.startsWith('Bearer ') ? header.slice(7) : header.replace(/^Bearer\s+/i, '')).trim();
  return token || null;
}

/** With a cache, recent token checks are reused until a write to users or tokens (token-cache.ts). */
export function installAuth(app: FastifyInstance, ctx: ServerContext, cache?: TokenCache): void {
  const resolve = async (request: FastifyRequest, required: boolean): Promise<void> => {
    const token = bearerToken(request);
    if (token === null) {
      if (required) throw unauthorized(MISSING_TOKEN_MESSAGE);
      return;
    }
    const owner = await findActiveToken(ctx.db, token, ctx.now(), cache);
    if (!owner) {
      // A token never issued or past its expiry hears the generic message: it says nothing of the account.
      const reason = await whyTokenEnded(ctx.db, token, ctx.now());
      throw unauthorized(reason ? ENDED_MESSAGES[reason] : EXPIRED_TOKEN_MESSAGE);
    }
    if (owner.mustChangePassword && !request.routeOptions.config.allowPendingPassword) throw forbidden(PASSWORD_CHANGE_REQUIRED_MESSAGE);
    request.user = {
      id: owner.userId,
      username: owner.username,
      clientType: owner.clientType,
      tokenId: owner.tokenId,
      account: owner.account,
      mustChangePassword: owner.mustChangePassword,
    };
  };

  app.decorateRequest('user', null);
  app.decorate(
    'requireUser',
    authHook((request: FastifyRequest) => resolve(request, true)),
  );
  app.decorate('optionalUser', (request: FastifyRequest) => resolve(request, false));
  authenticateBeforeValidation(app);
}

const authHooks = new WeakSet<object>();

/** Marks a hook as a sign-in or permission check, run before the input is validated (see below). */
export function authHook<T extends object>(hook: T): T {
  authHooks.add(hook);
  return hook;
}

/**
 * Routes list their checks of who is calling as preHandlers, which Fastify
 * runs after validation: a signed-out caller sending a bad body learnt the
 * route's field names from a 400. The leading checks marked with authHook
 * move to preValidation, so a caller who may not call the route hears 401
 * or 403 before anything about its input.
 */
function authenticateBeforeValidation(app: FastifyInstance): void {
  const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
  app.addHook('onRoute', (route) => {
    const handlers = asList(route.preHandler);
    let leading = 0;
    while (leading < handlers.length && authHooks.has(handlers[leading] as object)) leading += 1;
    if (leading === 0) return;
    route.preValidation = [...handlers.slice(0, leading), ...asList(route.preValidation)] as typeof route.preValidation;
    route.preHandler = handlers.slice(leading) as typeof route.preHandler;
  });
}

/** The signed-in user of a route guarded by app.requireUser. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized(MISSING_TOKEN_MESSAGE);
  return request.user;
}

/** preHandler (after requireUser): only these client types may pass. */
export function requireClientType(...allowed: ClientType[]): AuthHook {
  return authHook(async (request: FastifyRequest) => {
    if (!allowed.includes(currentUser(request).clientType)) throw forbidden('当前身份无权使用此功能，请切换身份后再试');
  });
}
