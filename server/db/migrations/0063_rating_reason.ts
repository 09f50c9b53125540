// Why an answer was rated down: one of a few reasons and the reader's own
// words, kept with the rating and shown to the teacher who reads the chat.
// SQLite runs migrations outside a transaction: a start killed between the
// two steps runs them again, so a column already there is left as it is.
import type { Kysely } from 'kysely';

async function columnsOf(db: Kysely<any>): Promise<Set<string>> {
  const tables = await db.introspection.getTables();
  return new Set(tables.find((t) => t.name === 'chat_messages')?.columns.map((c) => c.name) ?? []);
}

export async function up(db: Kysely<any>): Promise<void> {
  const columns = await columnsOf(db);
  if (!columns.has('rating_reason')) await db.schema.alterTable('chat_messages').addColumn('rating_reason', 'text').execute();
  if (!columns.has('rating_note')) await db.schema.alterTable('chat_messages').addColumn('rating_note', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_messages').dropColumn('rating_note').execute();
  await db.schema.alterTable('chat_messages').dropColumn('rating_reason').execute();
}
