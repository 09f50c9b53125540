// Assistants: gallery categories, system and user assistants (chat,
// guided-inquiry and form apps), where they are published, favourites,
// and teachers' external practice apps. Seeds the system content, so an
// existing installation gets it on its next start.
import type { Kysely } from 'kysely';
import { SEED_ASSISTANTS, SEED_TYPES } from './0003_assistants.seed.js';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('assistant_types')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type_mode', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('assistants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('type_mode', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('type_id', 'text', (c) => c.references('assistant_types.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('avatar', 'text', (c) => c.notNull())
    .addColumn('system_message', 'text', (c) => c.notNull())
    .addColumn('model', 'text')
    .addColumn('model_version', 'text')
    .addColumn('temperature', 'double precision', (c) => c.notNull())
    .addColumn('top_p', 'double precision', (c) => c.notNull())
    .addColumn('opening_message', 'text', (c) => c.notNull())
    .addColumn('starter_questions', 'text', (c) => c.notNull())
    .addColumn('dataset_ids', 'text', (c) => c.notNull())
    .addColumn('form_fields', 'text', (c) => c.notNull())
    .addColumn('prompt_template', 'text', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assistants_owner').on('assistants').column('owner_id').execute();
  await db.schema.createIndex('assistants_mode_kind').on('assistants').columns(['type_mode', 'kind']).execute();

  await db.schema
    .createTable('assistant_publications')
    .addColumn('assistant_id', 'text', (c) => c.notNull().references('assistants.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('course_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('assistant_publications_pk', ['assistant_id', 'scope', 'course_id'])
    .execute();
  await db.schema.createIndex('assistant_publications_course').on('assistant_publications').columns(['scope', 'course_id']).execute();

  await db.schema
    .createTable('assistant_favorites')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('assistant_id', 'text', (c) => c.notNull().references('assistants.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('assistant_favorites_pk', ['user_id', 'assistant_id'])
    .execute();

  await db.schema
    .createTable('practice_apps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('icon', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db
    .insertInto('assistant_types')
    .values(SEED_TYPES.map((t, i) => ({ id: t.id, type_mode: t.typeMode, name: t.name, icon: t.icon, sort_order: i })))
    .execute();
  const now = Date.now();
  await db
    .insertInto('assistants')
    .values(
      SEED_ASSISTANTS.map((a, i) => ({
        id: a.id,
        owner_id: null,
        type_mode: 'sys',
        kind: a.kind,
        type_id: a.typeId,
        title: a.title,
        description: a.description,
        avatar: '',
        system_message: a.systemMessage,
        model: null,
        model_version: null,
        temperature: a.temperature ?? 0.8,
        top_p: 1,
        opening_message: a.openingMessage,
        starter_questions: JSON.stringify(a.starterQuestions),
        dataset_ids: '[]',
        form_fields: JSON.stringify(a.formFields ?? []),
        prompt_template: a.promptTemplate ?? '',
        sort_order: i,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['practice_apps', 'assistant_favorites', 'assistant_publications', 'assistants', 'assistant_types']) {
    await db.schema.dropTable(table).execute();
  }
}
