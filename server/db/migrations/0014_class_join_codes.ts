// Classes teachers make themselves: a join code students type to
// enter the class. Unique where set; null when the teacher switched it off.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('classes').addColumn('join_code', 'text').execute();
  await db.schema.createIndex('classes_join_code').on('classes').column('join_code').unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('classes_join_code').execute();
  await db.schema.alterTable('classes').dropColumn('join_code').execute();
}
