// A person's e-mail and 工号/学号, filled by the school's sign-on mapping
// (docs/sign-on.md) and shown in the administration's people list; '' when
// the source gives none.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('number', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('number').execute();
  await db.schema.alterTable('users').dropColumn('email').execute();
}
