// Live sessions of a course lesson: who checked in (and whether late), the
// timed questions pushed in class with each student's one answer, random
// calls with the teacher's mark, and the class wall. `seq` numbers a
// session's events so a phone that reconnects knows whether it missed any.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('live_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('lesson_id', 'text')
    .addColumn('teacher_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The rotating join code is derived from it and the time (never stored, never sent).
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('wall_paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('wall_anonymous', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_question_at', 'bigint')
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema.createIndex('live_sessions_course').on('live_sessions').columns(['course_id', 'started_at']).execute();
  await db.schema.createIndex('live_sessions_open').on('live_sessions').columns(['ended_at', 'started_at']).execute();
  await db.schema
    .createTable('live_attendance')
    .addColumn('session_id', 'text', (c) => c.notNull().references('live_sessions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addColumn('late', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('live_attendance_pk', ['session_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('live_questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('live_sessions.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    // The question as in evaluation (JSON: type, stem, options, answer, points, tags, …).
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('shown_at', 'bigint', (c) => c.notNull())
    .addColumn('closes_at', 'bigint', (c) => c.notNull())
    .addColumn('revealed_at', 'bigint')
    .execute();
  await db.schema.createIndex('live_questions_session').on('live_questions').columns(['session_id', 'position']).execute();
  await db.schema
    .createTable('live_answers')
    .addColumn('question_id', 'text', (c) => c.notNull().references('live_questions.id').onDelete('cascade'))
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('score', 'real', (c) => c.notNull())
    .addColumn('correct', 'integer', (c) => c.notNull())
    .addColumn('answered_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('live_answers_pk', ['question_id', 'user_id'])
    .execute();
  await db.schema.createIndex('live_answers_session').on('live_answers').columns(['session_id']).execute();
  await db.schema
    .createTable('live_calls')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('live_sessions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('called_at', 'bigint', (c) => c.notNull())
    .addColumn('mark', 'text')
    .execute();
  await db.schema.createIndex('live_calls_session').on('live_calls').columns(['session_id', 'called_at']).execute();
  await db.schema
    .createTable('live_wall')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('live_sessions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('anonymous', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('live_wall_session').on('live_wall').columns(['session_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['live_wall', 'live_calls', 'live_answers', 'live_questions', 'live_attendance', 'live_sessions']) {
    await db.schema.dropTable(table).execute();
  }
}
