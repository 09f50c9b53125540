// SQL of school sign-on: providers, links of outside identities to accounts,
// and the hand-offs of sign-ins under way.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { IdentityProviderKind } from '../../db/tables/signon.js';
import { parseJson } from '../../db/json.js';

export interface StoredProvider {
  id: string;
  kind: IdentityProviderKind;
  name: string;
  config: Record<string, unknown>;
  /** Sealed; opened by providers.ts. */
  secret: string;
  enabled: boolean;
  createdAt: number;
}

export async function listStoredProviders(db: Kysely<Database>): Promise<StoredProvider[]> {
  const rows = await db.selectFrom('identity_providers').selectAll().orderBy('created_at').execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    name: row.name,
    config: parseJson<Record<string, unknown>>(row.config, {}),
    secret: row.secret,
    enabled: Number(row.enabled) === 1,
    createdAt: Number(row.created_at),
  }));
}

export async function insertProvider(
  db: Kysely<Database>,
  p: { id: string; kind: IdentityProviderKind; name: string; config: unknown; secret: string; enabled: boolean },
  now: number,
): Promise<void> {
  await db
    .insertInto('identity_providers')
    .values({
      id: p.id,
      kind: p.kind,
      name: p.name,
      config: JSON.stringify(p.config),
      secret: p.secret,
      enabled: p.enabled ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function updateProvider(
  db: Kysely<Database>,
  id: string,
  p: { name: string; config: unknown; secret: string; enabled: boolean },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('identity_providers')
    .set({ name: p.name, config: JSON.stringify(p.config), secret: p.secret, enabled: p.enabled ? 1 : 0, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteProvider(db: Kysely<Database>, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('identity_links').where('provider_id', '=', id).execute();
    const result = await trx.deleteFrom('identity_providers').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

export interface IdentityLink {
  userId: string;
  number: string;
  email: string;
}

export async function findLink(db: Kysely<Database>, providerId: string, subject: string): Promise<IdentityLink | null> {
  const row = await db
    .selectFrom('identity_links')
    .select(['user_id', 'number', 'email'])
    .where('provider_id', '=', providerId)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row ? { userId: row.user_id, number: row.number, email: row.email } : null;
}

/** Whether the account is already linked to another identity of this provider (linking it again would merge two people). */
export async function linkedToProvider(db: Kysely<Database>, providerId: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom('identity_links').select('subject').where('provider_id', '=', providerId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** The providers that link this account (password sign-in may be off for their accounts). */
export async function linkedProviderIds(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('identity_links').select('provider_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.provider_id);
}

export async function saveLink(
  db: Kysely<Database>,
  link: { providerId: string; subject: string; userId: string; number: string; email: string },
  now: number,
): Promise<void> {
  await db
    .insertInto('identity_links')
    .values({
      provider_id: link.providerId,
      subject: link.subject,
      user_id: link.userId,
      number: link.number,
      email: link.email,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['provider_id', 'subject']).doUpdateSet({ number: link.number, email: link.email, updated_at: now }))
    .execute();
}

export async function putHandoff(
  db: Kysely<Database>,
  h: { id: string; kind: 'state' | 'ticket'; providerId: string; data: unknown; expiresAt: number },
  now: number,
): Promise<void> {
  await db.deleteFrom('signon_handoffs').where('expires_at', '<', now).execute();
  await db
    .insertInto('signon_handoffs')
    .values({ id: h.id, kind: h.kind, provider_id: h.providerId, data: JSON.stringify(h.data), expires_at: h.expiresAt })
    .execute();
}

/** Reads and deletes a hand-off in one go: only the caller whose delete succeeded gets it (each is used once). */
export async function takeHandoff<T>(db: Kysely<Database>, id: string, kind: 'state' | 'ticket', now: number): Promise<{ providerId: string; data: T } | null> {
  const row = await db.selectFrom('signon_handoffs').selectAll().where('id', '=', id).where('kind', '=', kind).executeTakeFirst();
  if (!row) return null;
  const deleted = await db.deleteFrom('signon_handoffs').where('id', '=', id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1 || Number(row.expires_at) < now) return null;
  return { providerId: row.provider_id, data: parseJson<T>(row.data, {} as T) };
}

/** Remembers which token a provider's session (a CAS service ticket) started. */
export async function saveSession(
  db: Kysely<Database>,
  s: { providerId: string; sessionIndex: string; tokenId: string; expiresAt: number },
  now: number,
): Promise<void> {
  await db.deleteFrom('signon_sessions').where('expires_at', '<', now).execute();
  await db
    .insertInto('signon_sessions')
    .values({ provider_id: s.providerId, session_index: s.sessionIndex, token_id: s.tokenId, expires_at: s.expiresAt })
    .onConflict((oc) => oc.columns(['provider_id', 'session_index']).doNothing())
    .execute();
}

/** The token a provider's session started, forgotten as it is read; null when unknown. */
export async function takeSession(db: Kysely<Database>, providerId: string, sessionIndex: string): Promise<string | null> {
  const row = await db
    .selectFrom('signon_sessions')
    .select('token_id')
    .where('provider_id', '=', providerId)
    .where('session_index', '=', sessionIndex)
    .executeTakeFirst();
  if (!row) return null;
  await db.deleteFrom('signon_sessions').where('provider_id', '=', providerId).where('session_index', '=', sessionIndex).execute();
  return row.token_id;
}

/** Every account this provider links: subject → account id. */
export async function linksOf(db: Kysely<Database>, providerId: string): Promise<Array<{ subject: string; userId: string }>> {
  const rows = await db.selectFrom('identity_links').select(['subject', 'user_id']).where('provider_id', '=', providerId).execute();
  return rows.map((r) => ({ subject: r.subject, userId: r.user_id }));
}

/**
 * The one account whose 工号/学号 or e-mail (as an earlier sign-on filled it)
 * is `key`, compared without case; null when none, or when several share it
 * (linking one of them would be a guess).
 */
export async function accountWith(db: Kysely<Database>, column: 'number' | 'email', key: string): Promise<string | null> {
  if (!key) return null;
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(${sql.ref(column)})`, '=', key.toLowerCase())
    .limit(2)
    .execute();
  return rows.length === 1 ? rows[0]!.id : null;
}
