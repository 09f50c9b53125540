// Work placements: a student's placement at a company, daily logs, the
// weekly sign links for company mentors, signed weeks and supervisor alerts.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('placements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('student_id', 'text', (c) => c.notNull())
    .addColumn('company_name', 'text', (c) => c.notNull())
    .addColumn('company_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('company_contact', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('post', 'text', (c) => c.notNull())
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('supervisor_id', 'text', (c) => c.notNull())
    .addColumn('mentor_name', 'text', (c) => c.notNull())
    .addColumn('mentor_phone', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('end_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('placements_student').on('placements').column('student_id').execute();
  await db.schema.createIndex('placements_supervisor').on('placements').column('supervisor_id').execute();
  await db.schema
    .createTable('placement_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('placement_id', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('night', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('file_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('placement_logs_one_per_day', ['placement_id', 'day'])
    .execute();
  await db.schema
    .createTable('placement_sign_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('placement_id', 'text', (c) => c.notNull())
    .addColumn('week', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('placement_signatures')
    .addColumn('placement_id', 'text', (c) => c.notNull())
    .addColumn('week', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('signed_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('placement_signatures_pk', ['placement_id', 'week'])
    .execute();
  await db.schema
    .createTable('placement_alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('placement_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('about', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('handled_by', 'text')
    .addColumn('handled_at', 'bigint')
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('placement_alerts_once', ['placement_id', 'kind', 'about'])
    .execute();
}
