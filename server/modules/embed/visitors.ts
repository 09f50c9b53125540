// Who is chatting through a key. Three kinds of visitor:
//  - anonymous: a random secret the browser keeps (localStorage, or memory in
//    ephemeral mode); the server stores only its SHA-256, so the database
//    alone never lets anyone act as a visitor;
//  - signed: the school's CMS signed the visitor's school user id (identity.ts);
//  - signed in to Zhixue itself, on Zhixue's own pages (/externalChat, /iframe).
// Signed visitors chat as their own account; anonymous ones as the key's
// service account, separated from each other by embed_conversations.
import { randomBytes } from 'node:crypto';
import type { ServerContext } from '../../context.js';
import { sha256Hex } from '../../sha256-hex.js';
import { newId } from '../../db/ids.js';
import { badRequest, forbidden, unauthorized } from '../../http/errors.js';
import { findUserById, findUserByUsername } from '../account/index.js';
import { checkIdentity, type IdentityProblem } from './identity.js';
import { ensureServiceUser, isServiceUsername } from './service-user.js';
import { findVisitorByToken, findVisitorByUser, insertVisitor, touchVisitor, type EmbedKeyRecord, type VisitorRecord } from './store.js';

export interface VisitorAuth {
  visitorToken?: string;
  user?: string;
  expires?: number;
  signature?: string;
}

export interface Visitor {
  record: VisitorRecord;
  /** The account that owns this visitor's chats. */
  chatOwnerId: string;
  signedIn: boolean;
  /** The school account's display name for signed visitors. */
  name: string | null;
  /** Set when a new anonymous visitor was made just now: the browser keeps it. */
  newToken?: string;
}

const IDENTITY_MESSAGES: Record<IdentityProblem, string> = {
  'bad-signature': '身份签名无效，请刷新页面后重试；如仍失败请联系网站管理员检查签名密钥',
  expired: '身份签名已过期，请刷新页面后重试',
  'too-long': '身份签名有效期过长（最多 7 天），请联系网站管理员',
};

export const SIGN_IN_REQUIRED = '请先登录学校网站后再使用 AI 助手';

export function hashVisitorToken(token: string): string {
  return sha256Hex(token);
}

function newVisitorToken(): string {
  return `zxv_${randomBytes(24).toString('base64url')}`;
}

async function signedVisitor(ctx: ServerContext, key: EmbedKeyRecord, userId: string, name: string): Promise<Visitor> {
  let record = await findVisitorByUser(ctx.db, key.id, userId);
  if (!record) {
    await insertVisitor(ctx.db, { id: newId(), keyId: key.id, tokenHash: null, userId, now: ctx.now() });
    record = (await findVisitorByUser(ctx.db, key.id, userId))!;
  } else {
    await seen(ctx, record);
  }
  return { record, chatOwnerId: userId, signedIn: true, name };
}

/**
 * A visitor's last-seen time is kept to the minute: writing it on every
 * request made each of a visitor's calls (the session, the messages, every
 * question) a commit of its own.
 */
const LAST_SEEN_STEP_MS = 60_000;

async function seen(ctx: ServerContext, record: VisitorRecord): Promise<void> {
  const now = ctx.now();
  if (now - record.lastSeenAt < LAST_SEEN_STEP_MS) return;
  await touchVisitor(ctx.db, record.id, now);
  record.lastSeenAt = now;
}

export interface ResolveOptions {
  /** The Zhixue account signed in on a hosted page (Bearer token), if any. */
  hostedUserId: string | null;
  /** Make a new anonymous visitor when none is given (or the given one is unknown). */
  create: boolean;
}

/** The visitor of a request, or the refusal a person can act on. Null: an unknown anonymous visitor (not created). */
export async function resolveVisitor(ctx: ServerContext, key: EmbedKeyRecord, auth: VisitorAuth, options: ResolveOptions): Promise<Visitor | null> {
  const hasSignature = auth.user !== undefined || auth.signature !== undefined || auth.expires !== undefined;
  if (hasSignature) {
    if (key.visitors === 'anonymous' || !key.identitySecret) throw badRequest('该嵌入密钥未开启身份签名，请去掉签名参数或在智学中开启');
    if (!auth.user || auth.expires === undefined || !auth.signature) throw badRequest('身份签名不完整：需要 user、expires 和 signature');
    const problem = checkIdentity(key.identitySecret, { user: auth.user, expires: auth.expires, signature: auth.signature }, ctx.now());
    if (problem) throw unauthorized(IDENTITY_MESSAGES[problem]);
    const user = isServiceUsername(auth.user) ? null : await findUserByUsername(ctx.db, auth.user);
    if (!user) throw forbidden('该账号在智学平台中不存在，请联系学校管理员开通');
    return signedVisitor(ctx, key, user.id, user.name);
  }
  if (options.hostedUserId && key.visitors !== 'anonymous') {
    const user = await findUserById(ctx.db, options.hostedUserId);
    if (user) return signedVisitor(ctx, key, user.id, user.name);
  }
  if (key.visitors === 'signed') throw unauthorized(SIGN_IN_REQUIRED);

  if (auth.visitorToken) {
    const record = await findVisitorByToken(ctx.db, key.id, hashVisitorToken(auth.visitorToken));
    if (record) {
      await seen(ctx, record);
      return { record, chatOwnerId: await ensureServiceUser(ctx, key), signedIn: false, name: null };
    }
  }
  if (!options.create) return null;
  const token = newVisitorToken();
  const record: VisitorRecord = { id: newId(), keyId: key.id, userId: null, lastSeenAt: ctx.now() };
  await insertVisitor(ctx.db, { id: record.id, keyId: key.id, tokenHash: hashVisitorToken(token), userId: null, now: ctx.now() });
  return { record, chatOwnerId: await ensureServiceUser(ctx, key), signedIn: false, name: null, newToken: token };
}
