// The server hands in attempts whose time ran out (deadline-sweep.ts): each
// attempt in progress can be claimed by one sweeping instance until
// `sweep_lease_until`, so two instances never hand it in twice and a sweep
// cut short by a restart is taken over once the lease passes. `handed_in_by`
// says who handed an attempt in: the student, or the server at the deadline.
// The index finds the expired attempts without reading every submission.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('submissions').addColumn('sweep_lease_until', 'bigint').execute();
  await db.schema
    .alterTable('submissions')
    .addColumn('handed_in_by', 'text', (c) => c.notNull().defaultTo('student'))
    .execute();
  await db.schema.createIndex('submissions_open_deadline').on('submissions').columns(['status', 'deadline_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('submissions_open_deadline').execute();
  await db.schema.alterTable('submissions').dropColumn('handed_in_by').execute();
  await db.schema.alterTable('submissions').dropColumn('sweep_lease_until').execute();
}
