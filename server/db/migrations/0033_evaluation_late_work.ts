// Late work on assignments ("assignment (due date, late policy,
// file answers)"). The due date stays `closes_at`; the policy says what a
// submission after it gets: refused, accepted and marked late, or accepted
// with a penalty (percent of the score); `late_until` ends late work. Each
// submission keeps whether it was late and the penalty it took, so changing
// the policy later never rewrites a grade already given.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('evaluations')
    .addColumn('late_policy', 'text', (c) => c.notNull().defaultTo('refuse'))
    .execute();
  await db.schema
    .alterTable('evaluations')
    .addColumn('late_penalty', 'real', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('evaluations').addColumn('late_until', 'bigint').execute();
  await db.schema
    .alterTable('submissions')
    .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('submissions')
    .addColumn('late_penalty', 'real', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('submissions').dropColumn('late_penalty').execute();
  await db.schema.alterTable('submissions').dropColumn('late').execute();
  await db.schema.alterTable('evaluations').dropColumn('late_until').execute();
  await db.schema.alterTable('evaluations').dropColumn('late_penalty').execute();
  await db.schema.alterTable('evaluations').dropColumn('late_policy').execute();
}
