// Bearer tokens: opaque random strings handed to the client once; the
// database keeps only their SHA-256, so a leaked table cannot sign anyone in.
import { randomBytes } from 'node:crypto';
import type { Kysely, UpdateQueryBuilder, UpdateResult } from 'kysely';
import { sha256Hex } from '../../sha256-hex.js';
import { newId } from '../../db/ids.js';
import { precompiled } from '../../db/precompiled.js';
import type { ClientType, Database, TokenEndReason } from '../../db/schema.js';
import { parseClientTypes } from './client-types.js';
import type { TokenCache } from './token-cache.js';

export interface IssuedToken {
  token: string;
  tokenId: string;
  /** Seconds until it expires. */
  expiresIn: number;
}

export interface TokenOwner {
  tokenId: string;
  userId: string;
  username: string;
  clientType: ClientType;
  /** The account holds a one-time password (only changing it is allowed). */
  mustChangePassword: boolean;
  /** What the session shows of the account, read in the same query (no second read for GET /app/user). */
  account: TokenAccount;
}

export interface TokenAccount {
  name: string;
  nickname: string;
  avatar: string | null;
  clientTypes: ClientType[];
  menus: string | null;
  admin: boolean;
}

export function hashToken(token: string): string {
  return sha256Hex(token);
}

export async function issueToken(db: Kysely<Database>, input: { userId: string; clientType: ClientType; ttlMs: number; now: number }): Promise<IssuedToken> {
  const token = `zx_${randomBytes(32).toString('base64url')}`;
  const tokenId = newId();
  await db
    .insertInto('auth_tokens')
    .values({
      id: tokenId,
      token_hash: hashToken(token),
      user_id: input.userId,
      client_type: input.clientType,
      created_at: input.now,
      expires_at: input.now + input.ttlMs,
      revoked_at: null,
      revoked_reason: null,
    })
    .execute();
  return { token, tokenId, expiresIn: Math.floor(input.ttlMs / 1000) };
}

/**
 * The token check runs on every signed-in request: its SQL is built by
 * Kysely once per database and only its two values change (query
 * building was a tenth of a request's CPU; server/db/precompiled.ts).
 */
const activeTokenQuery = precompiled((db, slot) =>
  db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select([
      'auth_tokens.id as tokenId',
      'users.id as userId',
      'users.username',
      'auth_tokens.client_type as clientType',
      'auth_tokens.expires_at as expiresAt',
      'users.must_change_password',
      'users.name',
      'users.nickname',
      'users.avatar',
      'users.client_types',
      'users.menus',
      'users.admin',
    ])
    .where('auth_tokens.token_hash', '=', slot(0))
    .where('auth_tokens.revoked_at', 'is', null)
    .where('auth_tokens.expires_at', '>', slot(1))
    // A disabled account's tokens stop at once, even one revoked a moment too late.
    .where('users.disabled_at', 'is', null),
);

interface TokenRow {
  tokenId: string;
  userId: string;
  username: string;
  clientType: ClientType;
  expiresAt: number | string;
  must_change_password: number | string;
  name: string;
  nickname: string;
  avatar: string | null;
  client_types: string;
  menus: string | null;
  admin: number | string;
}

/**
 * The owner of a token that is neither expired nor revoked, of an account not
 * disabled, else null. With a cache (token-cache.ts), a recent answer is
 * reused until a write to users or tokens clears it.
 */
export async function findActiveToken(db: Kysely<Database>, token: string, now: number, cache?: TokenCache): Promise<TokenOwner | null> {
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash, now);
  if (cached) return cached;
  const stamp = cache?.stamp();
  const [row] = await activeTokenQuery(db, tokenHash, now);
  if (!row) return null;
  const owner = toOwner(row);
  if (cache && stamp !== undefined) cache.set(tokenHash, owner, Number(row.expiresAt), stamp);
  return owner;
}

function toOwner(row: TokenRow): TokenOwner {
  return {
    tokenId: row.tokenId,
    userId: row.userId,
    username: row.username,
    clientType: row.clientType,
    mustChangePassword: Number(row.must_change_password) === 1,
    account: {
      name: row.name,
      nickname: row.nickname,
      avatar: row.avatar,
      clientTypes: parseClientTypes(row.client_types),
      menus: row.menus,
      admin: Number(row.admin) === 1,
    },
  };
}

type TokenRevocation = UpdateQueryBuilder<Database, 'auth_tokens', 'auth_tokens', UpdateResult>;

/** Ends the live tokens `which` picks, keeping why: whoever presents one next is told (http/auth.ts). */
async function revoke(db: Kysely<Database>, now: number, reason: TokenEndReason, which: (query: TokenRevocation) => TokenRevocation): Promise<void> {
  await which(db.updateTable('auth_tokens').set({ revoked_at: now, revoked_reason: reason }).where('revoked_at', 'is', null)).execute();
}

/** Signs the user out everywhere (disabled account, password reset by an administrator). */
export async function revokeAllTokens(db: Kysely<Database>, userId: string, now: number, reason: TokenEndReason): Promise<void> {
  await revoke(db, now, reason, (q) => q.where('user_id', '=', userId));
}

/** Ends the user's sign-ins on sides taken away from them. */
export async function revokeClientTypeTokens(db: Kysely<Database>, userId: string, clientTypes: ClientType[], now: number): Promise<void> {
  await revoke(db, now, 'client_type_removed', (q) => q.where('user_id', '=', userId).where('client_type', 'in', clientTypes));
}

export async function revokeToken(db: Kysely<Database>, tokenId: string, now: number, reason: TokenEndReason): Promise<void> {
  await revoke(db, now, reason, (q) => q.where('id', '=', tokenId));
}

/** Sign-out. */
export async function revokeTokenByValue(db: Kysely<Database>, token: string, now: number): Promise<void> {
  await revoke(db, now, 'signed_out', (q) => q.where('token_hash', '=', hashToken(token)));
}

/** Signs the user out everywhere except the session that asked: their password changed. */
export async function revokeOtherTokens(db: Kysely<Database>, userId: string, keepTokenId: string, now: number): Promise<void> {
  await revoke(db, now, 'password_changed', (q) => q.where('user_id', '=', userId).where('id', '!=', keepTokenId));
}

/**
 * Why a token that findActiveToken refused stopped working, or null when its
 * holder may learn nothing: a token never issued, or one past its expiry
 * (whatever became of the account since), or revoked before reasons were
 * kept. Only read on a refusal, so the check of every request stays one query.
 */
export async function whyTokenEnded(db: Kysely<Database>, token: string, now: number): Promise<TokenEndReason | null> {
  const row = await db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select(['auth_tokens.expires_at', 'auth_tokens.revoked_at', 'auth_tokens.revoked_reason', 'users.disabled_at'])
    .where('auth_tokens.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row || Number(row.expires_at) <= now) return null;
  const disabled = row.disabled_at !== null;
  // Not revoked yet refused: the account was disabled.
  if (row.revoked_at === null) return disabled ? 'disabled' : null;
  // Disabled, then enabled again: only signing in again is left to say.
  if (row.revoked_reason === 'disabled' && !disabled) return null;
  return row.revoked_reason;
}
