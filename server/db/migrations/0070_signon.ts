// School sign-on: the identity providers a school connects (OpenID Connect,
// CAS, LDAP), which outside identity each account is linked to, and the
// short-lived hand-offs of a sign-in under way (the state and PKCE verifier
// between the login redirect and the callback, the one-time ticket the host
// app trades for a token), and which sign-in a provider's session started
// (so the provider's single logout ends it).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('identity_providers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('identity_links')
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('identity_links_pk', ['provider_id', 'subject'])
    .execute();
  await db.schema.createIndex('identity_links_user').on('identity_links').column('user_id').execute();
  await db.schema
    .createTable('signon_handoffs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('signon_sessions')
    .addColumn('provider_id', 'text', (c) => c.notNull())
    .addColumn('session_index', 'text', (c) => c.notNull())
    .addColumn('token_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('signon_sessions_pk', ['provider_id', 'session_index'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signon_sessions').execute();
  await db.schema.dropTable('signon_handoffs').execute();
  await db.schema.dropTable('identity_links').execute();
  await db.schema.dropTable('identity_providers').execute();
}
