// Daily roll-ups for the data board, and the indexes its live
// queries need: messages, completions and sign-ins by time.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('board_daily_usage')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('client_type', 'text', (c) => c.notNull())
    .addColumn('course_id', 'text', (c) => c.notNull())
    .addColumn('assistant_id', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('questions', 'integer', (c) => c.notNull())
    .addColumn('answers', 'integer', (c) => c.notNull())
    .addColumn('prompt_tokens', 'bigint', (c) => c.notNull())
    .addColumn('completion_tokens', 'bigint', (c) => c.notNull())
    .addColumn('grounded', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('board_daily_usage_pk', ['day', 'client_type', 'course_id', 'assistant_id', 'model'])
    .execute();
  await db.schema
    .createTable('board_user_days')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('board_user_days_pk', ['user_id', 'day'])
    .execute();
  await db.schema
    .createTable('board_daily_active')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('client_type', 'text', (c) => c.notNull())
    .addColumn('users', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('board_daily_active_pk', ['day', 'client_type'])
    .execute();
  await db.schema
    .createTable('board_rollup_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('rolled_until', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into board_rollup_state (id, rolled_until, updated_at) values (1, '', 0)`.execute(db);
  await db.schema.createIndex('chat_messages_created').on('chat_messages').column('created_at').execute();
  await db.schema.createIndex('lesson_progress_completed').on('lesson_progress').column('completed_at').execute();
  await db.schema.createIndex('auth_tokens_created').on('auth_tokens').column('created_at').execute();
  await db.schema.createIndex('submissions_submitted').on('submissions').column('submitted_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('submissions_submitted').execute();
  await db.schema.dropIndex('auth_tokens_created').execute();
  await db.schema.dropIndex('lesson_progress_completed').execute();
  await db.schema.dropIndex('chat_messages_created').execute();
  await db.schema.dropTable('board_rollup_state').execute();
  await db.schema.dropTable('board_daily_active').execute();
  await db.schema.dropTable('board_user_days').execute();
  await db.schema.dropTable('board_daily_usage').execute();
}
