// Bearer tokens: opaque random strings handed to the client once; the
// database keeps only their SHA-256, so a leaked table cannot sign anyone in.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { newId } from '../../db/ids.js';
import type { ClientType, Database } from '../../db/schema.js';

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
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueToken(
  db: Kysely<Database>,
  input: { userId: string; clientType: ClientType; ttlMs: number; now: number },
): Promise<IssuedToken> {
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
    })
    .execute();
  return { token, tokenId, expiresIn: Math.floor(input.ttlMs / 1000) };
}

/** The owner of a token that is neither expired nor revoked, else null. */
export async function findActiveToken(db: Kysely<Database>, token: string, now: number): Promise<TokenOwner | null> {
  const row = await db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select(['auth_tokens.id as tokenId', 'users.id as userId', 'users.username', 'auth_tokens.client_type as clientType'])
    .where('auth_tokens.token_hash', '=', hashToken(token))
    .where('auth_tokens.revoked_at', 'is', null)
    .where('auth_tokens.expires_at', '>', now)
    .executeTakeFirst();
  return row ?? null;
}

export async function revokeToken(db: Kysely<Database>, tokenId: string, now: number): Promise<void> {
  await db.updateTable('auth_tokens').set({ revoked_at: now }).where('id', '=', tokenId).where('revoked_at', 'is', null).execute();
}

export async function revokeTokenByValue(db: Kysely<Database>, token: string, now: number): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .execute();
}

/** Signs the user out everywhere except the session that asked. */
export async function revokeOtherTokens(db: Kysely<Database>, userId: string, keepTokenId: string, now: number): Promise<void> {
  await db
    .updateTable('auth_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('id', '!=', keepTokenId)
    .where('revoked_at', 'is', null)
    .execute();
}
