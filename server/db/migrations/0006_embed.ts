// Embed keys (script-tag widget, iframe and external chat), their visitors,
// which chat belongs to which visitor, usage counted per day (so limits hold
// across restarts), and the public portal pages.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('embed_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // No foreign key: a key whose assistant was deleted stays visible to its
    // owner (and refuses chats) until the owner deletes it.
    .addColumn('assistant_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('origins', 'text', (c) => c.notNull())
    .addColumn('hosted_pages', 'integer', (c) => c.notNull())
    .addColumn('visitors', 'text', (c) => c.notNull())
    .addColumn('identity_secret', 'text')
    .addColumn('visitor_daily_messages', 'integer', (c) => c.notNull())
    .addColumn('visitor_daily_tokens', 'integer', (c) => c.notNull())
    .addColumn('daily_messages', 'integer', (c) => c.notNull())
    .addColumn('daily_tokens', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('service_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('embed_keys_owner').on('embed_keys').column('owner_id').execute();

  await db.schema
    .createTable('embed_visitors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key_id', 'text', (c) => c.notNull().references('embed_keys.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('embed_visitors_key_user', ['key_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('embed_conversations')
    .addColumn('chat_id', 'text', (c) => c.primaryKey().references('chats.id').onDelete('cascade'))
    .addColumn('key_id', 'text', (c) => c.notNull().references('embed_keys.id').onDelete('cascade'))
    .addColumn('visitor_id', 'text', (c) => c.notNull().references('embed_visitors.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('embed_conversations_visitor').on('embed_conversations').columns(['visitor_id', 'created_at']).execute();

  await db.schema
    .createTable('embed_usage')
    .addColumn('key_id', 'text', (c) => c.notNull().references('embed_keys.id').onDelete('cascade'))
    .addColumn('visitor_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('messages', 'integer', (c) => c.notNull())
    .addColumn('tokens', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('embed_usage_pk', ['key_id', 'visitor_id', 'day'])
    .execute();

  await db.schema
    .createTable('portals')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('subtitle', 'text', (c) => c.notNull())
    .addColumn('banner', 'text', (c) => c.notNull())
    .addColumn('assistant_ids', 'text', (c) => c.notNull())
    .addColumn('course_ids', 'text', (c) => c.notNull())
    .addColumn('links', 'text', (c) => c.notNull())
    .addColumn('embed_key_id', 'text', (c) => c.references('embed_keys.id').onDelete('set null'))
    .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['portals', 'embed_usage', 'embed_conversations', 'embed_visitors', 'embed_keys']) await db.schema.dropTable(table).execute();
}
