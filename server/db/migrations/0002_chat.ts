// AI dialogue: chats, their message tree, shared messages, prompt templates.
import type { Kysely } from 'kysely';
import { SEED_PROMPT_TEMPLATES } from './0002_chat.seed.js';
import { newId } from '../ids.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chats')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('model_version', 'text')
    .addColumn('compare_models', 'text')
    .addColumn('using_context', 'integer', (c) => c.notNull())
    .addColumn('system_message', 'text', (c) => c.notNull())
    .addColumn('temperature', 'double precision', (c) => c.notNull())
    .addColumn('top_p', 'double precision', (c) => c.notNull())
    .addColumn('dataset_ids', 'text', (c) => c.notNull())
    .addColumn('assistant_id', 'text')
    .addColumn('course_id', 'text')
    .addColumn('pinned_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chats_user_updated').on('chats').columns(['user_id', 'updated_at']).execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('chat_id', 'text', (c) => c.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('parent_id', 'text')
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('files', 'text', (c) => c.notNull())
    .addColumn('model', 'text')
    .addColumn('model_version', 'text')
    .addColumn('reference', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'text')
    .addColumn('prompt_tokens', 'integer', (c) => c.notNull())
    .addColumn('completion_tokens', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_messages_chat_created').on('chat_messages').columns(['chat_id', 'created_at']).execute();

  await db.schema
    .createTable('chat_shares')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull().references('chat_messages.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_shares_message').on('chat_shares').column('message_id').execute();

  await db.schema
    .createTable('prompt_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  const now = Date.now();
  await db
    .insertInto('prompt_templates')
    .values(SEED_PROMPT_TEMPLATES.map((t, i) => ({ id: newId(), owner_id: null, ...t, created_at: now + i })))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['prompt_templates', 'chat_shares', 'chat_messages', 'chats']) await db.schema.dropTable(table).execute();
}
