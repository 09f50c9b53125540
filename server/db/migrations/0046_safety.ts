// Content safety: the school's word lists (with the small built-in list a new
// install starts with), the allowlist, settings with a version row every
// instance polls, the verdicts as events, alerts to staff, and the category
// of a blocked chat answer.
import type { Kysely } from 'kysely';
import { BUILTIN_WORDS } from '../../modules/safety/index.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('safety_words')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('word', 'text', (c) => c.notNull().unique())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('builtin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('safety_allow')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('phrase', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('safety_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('safety_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('excerpt', 'text', (c) => c.notNull())
    .addColumn('matched', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('model_text', 'text')
    .addColumn('message_id', 'text')
    .addColumn('dismissed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('safety_events_created').on('safety_events').column('created_at').execute();
  await db.schema.createIndex('safety_events_user').on('safety_events').columns(['user_id', 'created_at']).execute();
  await db.schema
    .createTable('safety_alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull())
    .addColumn('handled_by', 'text')
    .addColumn('handled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('safety_alerts_created').on('safety_alerts').column('created_at').execute();
  await db.schema.alterTable('chat_messages').addColumn('safety_category', 'text').execute();

  const now = Date.now();
  await db
    .insertInto('safety_words')
    .values(
      BUILTIN_WORDS.map((w, i) => ({
        id: `builtin-${i + 1}`,
        word: w.word,
        category: w.category,
        action: w.action,
        builtin: 1,
        created_by: null,
        created_at: now,
      })),
    )
    .execute();
  await db.insertInto('safety_settings').values({ key: 'version', value: '1', updated_at: now }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_messages').dropColumn('safety_category').execute();
  for (const table of ['safety_alerts', 'safety_events', 'safety_settings', 'safety_allow', 'safety_words']) await db.schema.dropTable(table).execute();
}
