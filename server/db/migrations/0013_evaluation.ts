// Evaluation: the per-course question bank, evaluations with their
// copied items, students' submissions and per-item scores, the AI grading
// queue (rows claimed by lease), the record of every grade change, and the
// managers' course evaluation (indicators and per-course scores).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('eval_questions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('stem', 'text', (c) => c.notNull())
    .addColumn('options', 'text')
    .addColumn('answer', 'text')
    .addColumn('rubric', 'text')
    .addColumn('points', 'real', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('difficulty', 'integer', (c) => c.notNull())
    .addColumn('explanation', 'text', (c) => c.notNull())
    .addColumn('source', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('eval_questions_course').on('eval_questions').columns(['course_id', 'created_at']).execute();

  await db.schema
    .createTable('evaluations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('class_ids', 'text', (c) => c.notNull())
    .addColumn('time_limit_minutes', 'integer')
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('shuffle', 'integer', (c) => c.notNull())
    .addColumn('pass_mark', 'real')
    .addColumn('opens_at', 'bigint')
    .addColumn('closes_at', 'bigint')
    .addColumn('release_mode', 'text', (c) => c.notNull())
    .addColumn('released_at', 'bigint')
    .addColumn('anonymous', 'integer', (c) => c.notNull())
    .addColumn('multiple_scoring', 'text', (c) => c.notNull())
    .addColumn('published_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('evaluations_course').on('evaluations').columns(['course_id', 'created_at']).execute();

  await db.schema
    .createTable('evaluation_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('evaluation_id', 'text', (c) => c.notNull().references('evaluations.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('bank_question_id', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('stem', 'text', (c) => c.notNull())
    .addColumn('options', 'text')
    .addColumn('answer', 'text')
    .addColumn('rubric', 'text')
    .addColumn('points', 'real', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull())
    .addColumn('explanation', 'text', (c) => c.notNull())
    .addColumn('source', 'text')
    .execute();
  await db.schema.createIndex('evaluation_items_evaluation').on('evaluation_items').columns(['evaluation_id', 'position']).execute();

  await db.schema
    .createTable('submissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('evaluation_id', 'text', (c) => c.notNull().references('evaluations.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('item_order', 'text', (c) => c.notNull())
    .addColumn('option_order', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('deadline_at', 'bigint')
    .addColumn('submitted_at', 'bigint')
    .addColumn('score', 'real')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // One attempt row per number: two tabs starting at once cannot both make attempt 1.
    .addUniqueConstraint('submissions_attempt', ['evaluation_id', 'student_id', 'attempt'])
    .execute();

  await db.schema
    .createTable('submission_items')
    .addColumn('submission_id', 'text', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull().references('evaluation_items.id').onDelete('cascade'))
    .addColumn('score', 'real')
    .addColumn('graded_by', 'text')
    .addColumn('criteria', 'text')
    .addColumn('ai_suggestion', 'text')
    .addColumn('feedback', 'text', (c) => c.notNull())
    .addColumn('flagged', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('submission_items_pk', ['submission_id', 'item_id'])
    .execute();

  await db.schema
    .createTable('grading_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('submission_id', 'text', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('grading_jobs_item', ['submission_id', 'item_id'])
    .execute();
  await db.schema.createIndex('grading_jobs_status').on('grading_jobs').columns(['status', 'lease_until']).execute();

  await db.schema
    .createTable('grade_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('submission_id', 'text', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('changed_by', 'text', (c) => c.notNull())
    .addColumn('before', 'text', (c) => c.notNull())
    .addColumn('after', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('course_eval_indicators')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('weight', 'real', (c) => c.notNull())
    .addColumn('levels', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('course_eval_scores')
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('indicator_id', 'text', (c) => c.notNull().references('course_eval_indicators.id').onDelete('cascade'))
    .addColumn('score', 'real', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('scored_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_eval_scores_pk', ['course_id', 'indicator_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'course_eval_scores',
    'course_eval_indicators',
    'grade_changes',
    'grading_jobs',
    'submission_items',
    'submissions',
    'evaluation_items',
    'evaluations',
    'eval_questions',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
