// Signing a person in from what their provider says: the linked account, or
// one linked by the provider's rule, or a new one; never someone else's
// account by a coincidence of names. Roles, name and classes follow the
// source on every sign-in; a person disabled at the source is refused and
// disabled here. Every step is recorded.
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import type { ClientType } from '../../db/schema.js';
import {
  changeAccount,
  createAccount,
  findUserById,
  findUserByUsername,
  hashPassword,
  normalizeUsername,
  revokeAllTokens,
  revokeClientTypeTokens,
  type UserRecord,
} from '../account/index.js';
import { ensureMajor } from '../admin/index.js';
import { ensureClass, setClassesOf, updateClassDetails } from '../classes/index.js';
import { recordOperation } from '../records/index.js';
import { linkKey, type MappedIdentity } from './mapping.js';
import type { Provider } from './providers.js';
import { accountWith, findLink, linkedToProvider, saveLink } from './store.js';

/** Why a sign-in through a provider was refused; the login page says it in the reader's language. */
export type SignonRefusal = 'disabled' | 'no-role' | 'taken' | 'failed';

export class SignonRefused extends Error {
  constructor(readonly reason: SignonRefusal) {
    super(reason);
  }
}

const USERNAME_MAX = 64;

/** What signing in needs of a provider: LTI platforms sign people in through the same steps. */
export type SignonSource = Pick<Provider, 'id' | 'name' | 'rules'>;

function actorOf(user: UserRecord) {
  return { userId: user.id, username: user.username, clientType: user.defaultClientType };
}

async function record(
  ctx: ServerContext,
  request: FastifyRequest | null,
  user: UserRecord,
  action: string,
  objectType: string,
  summary: string,
): Promise<void> {
  await recordOperation(ctx, request, { action, objectType, objectId: user.id, objectName: user.username, summary, actor: actorOf(user) });
}

/** The username a new account gets: the 工号/学号, else the provider's username, else one made from the provider and subject. */
function newUsername(provider: SignonSource, identity: MappedIdentity): string {
  const picked = identity.number || identity.username || `${provider.id}-${identity.subject}`;
  return normalizeUsername(picked).slice(0, USERNAME_MAX);
}

/**
 * The account the rule links on a first sign-in: the one whose username is
 * the key (rosters use 学号/工号 as usernames), else, linking by number or
 * e-mail, the one whose 工号/学号 or e-mail column holds it.
 */
async function linkCandidate(ctx: ServerContext, provider: SignonSource, identity: MappedIdentity): Promise<UserRecord | null> {
  const linkBy = provider.rules.linkBy;
  const key = linkKey(identity, linkBy);
  if (!key) return null;
  const byUsername = await findUserByUsername(ctx.db, key);
  if (byUsername || linkBy === 'username') return byUsername;
  const id = await accountWith(ctx.db, linkBy === 'email' ? 'email' : 'number', key);
  return id ? findUserById(ctx.db, id) : null;
}

async function findOrLink(ctx: ServerContext, request: FastifyRequest | null, provider: SignonSource, identity: MappedIdentity): Promise<UserRecord> {
  const link = await findLink(ctx.db, provider.id, identity.subject);
  if (link) {
    const user = await findUserById(ctx.db, link.userId);
    if (user) return user;
  }
  if (!identity.active) throw new SignonRefused('disabled');
  const candidate = await linkCandidate(ctx, provider, identity);
  // An account already linked to another person of this provider is never taken over.
  if (candidate && !(await linkedToProvider(ctx.db, provider.id, candidate.id))) {
    await saveLink(
      ctx.db,
      { providerId: provider.id, subject: identity.subject, userId: candidate.id, number: identity.number, email: identity.email },
      ctx.now(),
    );
    await record(ctx, request, candidate, 'link', 'user', `关联到登录方式“${provider.name}”`);
    return candidate;
  }
  if (identity.clientTypes.length === 0) throw new SignonRefused('no-role');
  const username = newUsername(provider, identity);
  if (await findUserByUsername(ctx.db, username)) throw new SignonRefused('taken');
  // Nobody knows this password: the account signs in through its provider (or after a reset by an administrator).
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const id = await createAccount(ctx.db, { username, name: identity.name, passwordHash, clientTypes: identity.clientTypes }, ctx.now());
  await saveLink(ctx.db, { providerId: provider.id, subject: identity.subject, userId: id, number: identity.number, email: identity.email }, ctx.now());
  const created = (await findUserById(ctx.db, id))!;
  await record(ctx, request, created, 'create', 'user', `首次经“${provider.name}”登录时创建`);
  return created;
}

function sameTypes(a: ClientType[], b: ClientType[]): boolean {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

/** Roles, name and classes as the source says now; returns the account as changed. */
export async function followSource(
  ctx: ServerContext,
  request: FastifyRequest | null,
  provider: SignonSource,
  user: UserRecord,
  identity: MappedIdentity,
): Promise<UserRecord> {
  const changes: string[] = [];
  const now = ctx.now();
  const types = identity.clientTypes;
  if (types.length > 0 && !sameTypes(types, user.clientTypes)) {
    const removed = user.clientTypes.filter((t) => !types.includes(t));
    const defaultClientType = types.includes(user.defaultClientType) ? user.defaultClientType : types[0]!;
    await changeAccount(ctx.db, user.id, { clientTypes: types, defaultClientType }, now);
    if (removed.length > 0) await revokeClientTypeTokens(ctx.db, user.id, removed, now);
    changes.push(`身份 ${user.clientTypes.join(',')} → ${types.join(',')}`);
  }
  if (identity.name && identity.name !== user.name) {
    await changeAccount(ctx.db, user.id, { name: identity.name }, now);
    changes.push(`姓名 ${user.name} → ${identity.name}`);
  }
  // E-mail and 工号/学号 follow the source when its rules fill them; an empty claim leaves what the account holds.
  const contact = {
    ...(identity.email && identity.email !== user.email ? { email: identity.email } : {}),
    ...(identity.number && identity.number !== user.number ? { number: identity.number } : {}),
  };
  if (contact.email !== undefined || contact.number !== undefined) await changeAccount(ctx.db, user.id, contact, now);
  if (contact.number !== undefined && user.number) changes.push(`工号/学号 ${user.number} → ${contact.number}`);
  if (contact.email !== undefined && user.email) changes.push(`邮箱 ${user.email} → ${contact.email}`);
  if (provider.rules.classClaim) {
    const ids: string[] = [];
    for (const name of identity.classes) ids.push((await ensureClass(ctx.db, name, now)).id);
    const role = (types.length > 0 ? types : user.clientTypes).includes('3') ? 'student' : 'teacher';
    await setClassesOf(ctx.db, user.id, ids, role, now);
    // The school names the major of the classes it names: that class's major follows it.
    if (provider.rules.majorClaim && identity.major && ids.length > 0) {
      const major = await ensureMajor(ctx, identity.major);
      for (const id of ids) await updateClassDetails(ctx.db, id, { major });
    }
  }
  await saveLink(ctx.db, { providerId: provider.id, subject: identity.subject, userId: user.id, number: identity.number, email: identity.email }, now);
  if (changes.length === 0) return user;
  await record(ctx, request, user, 'update', 'user', `按“${provider.name}”更新：${changes.join('；')}`);
  return (await findUserById(ctx.db, user.id))!;
}

/** Disables the account because its source says so, ending every sign-in. */
export async function disableFromSource(ctx: ServerContext, request: FastifyRequest | null, provider: SignonSource, user: UserRecord): Promise<void> {
  if (user.disabledAt !== null) return;
  await changeAccount(ctx.db, user.id, { disabledAt: ctx.now() }, ctx.now());
  await revokeAllTokens(ctx.db, user.id, ctx.now(), 'disabled');
  await recordOperation(ctx, request, {
    action: 'disable',
    objectType: 'user',
    objectId: user.id,
    objectName: user.username,
    summary: `“${provider.name}”中已停用`,
    actor: actorOf(user),
  });
}

/** The person's account, found, linked or made, following the source (a roster import: nobody signs in); or throws SignonRefused. */
export async function ensureIdentity(
  ctx: ServerContext,
  request: FastifyRequest | null,
  provider: SignonSource,
  identity: MappedIdentity,
): Promise<UserRecord> {
  const user = await findOrLink(ctx, request, provider, identity);
  if (!identity.active) {
    await disableFromSource(ctx, request, provider, user);
    throw new SignonRefused('disabled');
  }
  if (user.disabledAt !== null) throw new SignonRefused('disabled');
  return followSource(ctx, request, provider, user, identity);
}

/** Signs the person in: the account and the side they land on, or throws SignonRefused. */
export async function signInIdentity(
  ctx: ServerContext,
  request: FastifyRequest | null,
  provider: SignonSource,
  identity: MappedIdentity,
): Promise<UserRecord> {
  const user = await ensureIdentity(ctx, request, provider, identity);
  await record(ctx, request, user, 'login', 'session', `经“${provider.name}”登录`);
  return user;
}
