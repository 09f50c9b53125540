// Account rules: sign-in with throttling, the session the front end reads,
// profile and password changes, switching client type, sign-out.
import { isWeakPassword, WEAK_PASSWORD_MESSAGE } from './password-strength.js';
import type { ServerContext } from '../../context.js';
import type { ClientType } from '../../db/schema.js';
import type { AuthUser } from '../../http/auth.js';
import { badRequest, forbidden, tooMany, unauthorized, waitText } from '../../http/errors.js';
import { ACCOUNT_DISABLED_MESSAGE, EXPIRED_TOKEN_MESSAGE } from '../../http/auth.js';
import { publishAvatar } from '../uploads/index.js';
import { menusFor } from './client-types.js';
import type { LoginAttempt, LoginReservation } from './login-throttle.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.js';
import { findUserById, findUserByUsername, normalizeUsername, updateUser, type UserRecord } from './store.js';
import { issueToken, revokeOtherTokens, revokeToken, revokeTokenByValue, type IssuedToken } from './tokens.js';
import { hasControlChars } from '../../../shared/control-chars.js';

export const WRONG_CREDENTIALS_MESSAGE = '用户名或密码错误';
export const SIGNON_ONLY_MESSAGE = '你的账号请使用学校统一身份认证登录';

export interface Session {
  id: string;
  username: string;
  name: string;
  nickname: string;
  avatar: string | null;
  /** The side this token is signed in to. */
  clientType: ClientType;
  /** Every client type the user holds (more than one → teacher-switch). */
  clientTypes: ClientType[];
  /** Comma-separated menu ids (SPEC §2). */
  menus: string;
  /** Holds the admin right (school administration, on the manager side). */
  admin: boolean;
  /** Signed in with a one-time password: the app asks for a new one before anything else. */
  mustChangePassword: boolean;
}

export interface LoginResult extends IssuedToken {
  mustChangePassword: boolean;
}

const ttlMs = (ctx: ServerContext) => ctx.config.tokenTtlHours * 3600_000;

/**
 * Counts the attempt before the password is checked (so concurrent guesses
 * cannot all be evaluated), refusing it while the account is throttled for
 * this address or device.
 */
async function reserveAttempt(ctx: ServerContext, attempt: LoginAttempt): Promise<LoginReservation> {
  const reservation = await ctx.loginThrottle.reserve(attempt, ctx.now());
  const wait = reservation.retryAfterSeconds;
  if (wait > 0) throw tooMany(`密码错误次数过多，请 ${waitText(wait)}后再试`, wait);
  return reservation;
}

/** `knownDevice`: a device id this browser proved it holds for the account (login-devices.ts). */
export async function login(ctx: ServerContext, username: string, password: string, ip: string, knownDevice: string | null = null): Promise<LoginResult> {
  const attempt = { username: normalizeUsername(username), ip, knownDevice };
  const reservation = await reserveAttempt(ctx, attempt);
  const user = await findUserByUsername(ctx.db, username);
  const valid = user ? await verifyPassword(password, user.passwordHash) : (await burnPasswordCheck(password), false);
  if (!user || !valid) throw badRequest(WRONG_CREDENTIALS_MESSAGE);
  reservation.succeeded();
  // Said only to someone who knows the password: a guesser learns nothing about the account.
  if (user.disabledAt !== null) throw forbidden(ACCOUNT_DISABLED_MESSAGE);
  if (await ctx.passwordSignIn?.refuses(user.id)) throw forbidden(SIGNON_ONLY_MESSAGE);
  const issued = await issueToken(ctx.db, { userId: user.id, clientType: user.defaultClientType, ttlMs: ttlMs(ctx), now: ctx.now() });
  return { ...issued, mustChangePassword: user.mustChangePassword };
}

async function loadUser(ctx: ServerContext, auth: AuthUser): Promise<UserRecord> {
  const user = await findUserById(ctx.db, auth.id);
  // Deleted between the token check and now: same as a dead token.
  if (!user) throw unauthorized(EXPIRED_TOKEN_MESSAGE);
  return user;
}

type SessionSource = Pick<UserRecord, 'id' | 'username' | 'name' | 'nickname' | 'avatar' | 'clientTypes' | 'menus' | 'admin' | 'mustChangePassword'>;

function toSession(user: SessionSource, clientType: ClientType): Session {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    nickname: user.nickname,
    avatar: user.avatar,
    clientType,
    clientTypes: user.clientTypes,
    menus: menusFor(clientType, user.menus, user.admin),
    admin: user.admin,
    mustChangePassword: user.mustChangePassword,
  };
}

/** The session of a signed-in request: from the account read with its token when there is one, else read now. */
export async function getSession(ctx: ServerContext, auth: AuthUser): Promise<Session> {
  if (auth.account && auth.mustChangePassword !== undefined) {
    return toSession({ id: auth.id, username: auth.username, mustChangePassword: auth.mustChangePassword, ...auth.account }, auth.clientType);
  }
  return toSession(await loadUser(ctx, auth), auth.clientType);
}

export async function updateProfile(ctx: ServerContext, auth: AuthUser, input: { nickname?: string; avatar?: string | null }): Promise<Session> {
  const patch: { nickname?: string; avatar?: string | null } = {};
  if (input.nickname !== undefined) {
    const nickname = input.nickname.trim();
    if (!nickname) throw badRequest('昵称不能为空');
    if (hasControlChars(nickname)) throw badRequest('昵称不能包含换行等控制字符');
    patch.nickname = nickname;
  }
  if (input.avatar !== undefined) {
    patch.avatar = input.avatar ? await publishAvatar(ctx, auth.id, input.avatar) : null;
  }
  await updateUser(ctx.db, auth.id, patch, ctx.now());
  return toSession(await loadUser(ctx, auth), auth.clientType);
}

export async function changePassword(ctx: ServerContext, auth: AuthUser, oldPassword: string, newPassword: string, ip: string): Promise<void> {
  // A stolen token must not become a way to guess the password: same throttle as sign-in.
  const reservation = await reserveAttempt(ctx, { username: auth.username, ip });
  const user = await loadUser(ctx, auth);
  if (!(await verifyPassword(oldPassword, user.passwordHash))) throw badRequest('原密码不正确');
  reservation.succeeded();
  if (oldPassword === newPassword) throw badRequest('新密码不能与原密码相同');
  if (isWeakPassword(newPassword, [user.username, user.name, user.nickname])) throw badRequest(WEAK_PASSWORD_MESSAGE);
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    // A one-time password is spent: the account is back to normal.
    await updateUser(trx, user.id, { passwordHash, mustChangePassword: false }, ctx.now());
    await revokeOtherTokens(trx, user.id, auth.tokenId, ctx.now());
  });
}

export interface SwitchResult {
  token: string;
  expiresIn: number;
  clientType: ClientType;
}

/** The next held client type after the current one, round the list. */
function nextClientType(held: ClientType[], current: ClientType): ClientType | undefined {
  if (held.length < 2) return undefined;
  return held[(held.indexOf(current) + 1) % held.length];
}

export async function switchClientType(ctx: ServerContext, auth: AuthUser, wanted: ClientType | undefined): Promise<SwitchResult> {
  const user = await loadUser(ctx, auth);
  const target = wanted ?? nextClientType(user.clientTypes, auth.clientType);
  if (!target) throw forbidden('你的账号只有一种身份，无需切换');
  if (!user.clientTypes.includes(target)) throw forbidden('你的账号没有该身份，无法切换');
  const issued = await ctx.db.transaction().execute(async (trx) => {
    const fresh = await issueToken(trx, { userId: user.id, clientType: target, ttlMs: ttlMs(ctx), now: ctx.now() });
    await revokeToken(trx, auth.tokenId, ctx.now(), 'switched');
    // The next sign-in lands on the side chosen last.
    await updateUser(trx, user.id, { defaultClientType: target }, ctx.now());
    return fresh;
  });
  return { token: issued.token, expiresIn: issued.expiresIn, clientType: target };
}

/** Revokes the presented token; signing out twice is not an error. */
export async function logout(ctx: ServerContext, token: string): Promise<void> {
  await revokeTokenByValue(ctx.db, token, ctx.now());
}
