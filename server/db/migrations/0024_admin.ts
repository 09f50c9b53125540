// School administration: the admin right, disabled accounts and
// one-time passwords on users; a major on classes; model providers and
// settings a manager configures in the browser; the login-page notice.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('admin', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('disabled_at', 'bigint').execute();
  await db.schema
    .alterTable('users')
    .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Before this migration every manager ran the school: they keep doing so,
  // so an existing installation is never left without anyone who can administer it.
  await sql`update users set admin = 1 where ',' || client_types || ',' like '%,2,%'`.execute(db);

  await db.schema
    .alterTable('classes')
    .addColumn('major', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('schools')
    .addColumn('login_notice', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('model_providers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('base_url', 'text', (c) => c.notNull())
    // 'enc:v1:…' (AES-256-GCM under ZX_SECRET_KEY), 'plain:…' without a server secret, '' for none.
    .addColumn('api_key', 'text', (c) => c.notNull().defaultTo(''))
    // JSON: [{name, label?, versions, vision, contextTokens}]
    .addColumn('models', 'text', (c) => c.notNull())
    .addColumn('timeout_seconds', 'integer', (c) => c.notNull().defaultTo(60))
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('admin_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admin_settings').execute();
  await db.schema.dropTable('model_providers').execute();
  await db.schema.alterTable('schools').dropColumn('login_notice').execute();
  await db.schema.alterTable('classes').dropColumn('major').execute();
  for (const column of ['must_change_password', 'disabled_at', 'admin']) await db.schema.alterTable('users').dropColumn(column).execute();
}
