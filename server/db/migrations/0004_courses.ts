// Courses: the course itself with its AI settings, its teachers, enrolled
// classes and code-joined students, chapters and lessons, progress per
// lesson and the days each student was active. Classes get a term.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Classes belong to a term (e.g. '2025-1'); '' when the roster did not say.
  await db.schema
    .alterTable('classes')
    .addColumn('term', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('courses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('cover', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('term', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('join_code', 'text', (c) => c.unique())
    .addColumn('ai_system_prompt', 'text', (c) => c.notNull())
    .addColumn('ai_assistant_id', 'text')
    .addColumn('ai_assistant_by', 'text')
    .addColumn('ai_model', 'text')
    .addColumn('ai_model_version', 'text')
    .addColumn('ai_temperature', 'double precision')
    .addColumn('ai_top_p', 'double precision')
    .addColumn('ai_dataset_ids', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('published_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('courses_status_updated').on('courses').columns(['status', 'updated_at']).execute();

  await db.schema
    .createTable('course_teachers')
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_teachers_pk', ['course_id', 'user_id'])
    .execute();
  await db.schema.createIndex('course_teachers_user').on('course_teachers').column('user_id').execute();

  await db.schema
    .createTable('course_classes')
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('class_id', 'text', (c) => c.notNull().references('classes.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_classes_pk', ['course_id', 'class_id'])
    .execute();
  await db.schema.createIndex('course_classes_class').on('course_classes').column('class_id').execute();

  await db.schema
    .createTable('course_members')
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_members_pk', ['course_id', 'user_id'])
    .execute();
  await db.schema.createIndex('course_members_user').on('course_members').column('user_id').execute();

  await db.schema
    .createTable('chapters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chapters_course').on('chapters').columns(['course_id', 'position']).execute();

  await db.schema
    .createTable('lessons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('chapter_id', 'text', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('video', 'text')
    .addColumn('attachments', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lessons_chapter').on('lessons').columns(['chapter_id', 'position']).execute();
  await db.schema.createIndex('lessons_course').on('lessons').column('course_id').execute();

  await db.schema
    .createTable('lesson_progress')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lesson_id', 'text', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .addPrimaryKeyConstraint('lesson_progress_pk', ['user_id', 'lesson_id'])
    .execute();
  await db.schema.createIndex('lesson_progress_course').on('lesson_progress').columns(['course_id', 'user_id']).execute();

  await db.schema
    .createTable('course_visits')
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_visits_pk', ['course_id', 'day', 'user_id'])
    .execute();

  // The board counts a course's questions from its chats.
  await db.schema.createIndex('chats_course').on('chats').column('course_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('chats_course').execute();
  for (const table of ['course_visits', 'lesson_progress', 'lessons', 'chapters', 'course_members', 'course_classes', 'course_teachers', 'courses']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('classes').dropColumn('term').execute();
}
