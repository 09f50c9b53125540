// Why a sign-in was ended (signed out, password changed, account disabled…),
// written with its revocation, so the next request with that token is told
// the real reason instead of "your sign-in has expired" (http/auth.ts).
// Tokens revoked before kept no reason and keep the generic message.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auth_tokens').addColumn('revoked_reason', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('auth_tokens').dropColumn('revoked_reason').execute();
}
