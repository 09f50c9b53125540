// Who is writing a streaming answer, and until when. The instance streaming
// an answer renews its lease while it writes; an answer whose lease ran out
// belongs to a process that is gone and is finalised as an error (by lease,
// never "whoever starts next ends everything", which killed the answers of
// other instances sharing the database).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_messages').addColumn('lease_owner', 'text').execute();
  await db.schema.alterTable('chat_messages').addColumn('lease_expires_at', 'bigint').execute();
  await db.schema.createIndex('chat_messages_status').on('chat_messages').column('status').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('chat_messages_status').execute();
  await db.schema.alterTable('chat_messages').dropColumn('lease_expires_at').execute();
  await db.schema.alterTable('chat_messages').dropColumn('lease_owner').execute();
}
