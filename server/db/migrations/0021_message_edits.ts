// When a message was last edited by its user (L1): a shared answer
// says so, instead of passing the user's words off as the AI's.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_messages').addColumn('edited_at', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_messages').dropColumn('edited_at').execute();
}
