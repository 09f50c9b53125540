// An answer's reasoning (a thinking model's thoughts before it answers) and
// how long it thought, kept apart from its text: shown folded above the
// answer, never sent back to a model as context. SQLite runs migrations
// outside a transaction: a start killed between the two steps runs them
// again, so a column already there is left as it is.
import type { Kysely } from 'kysely';

async function columnsOf(db: Kysely<any>): Promise<Set<string>> {
  const tables = await db.introspection.getTables();
  return new Set(tables.find((t) => t.name === 'chat_messages')?.columns.map((c) => c.name) ?? []);
}

export async function up(db: Kysely<any>): Promise<void> {
  const columns = await columnsOf(db);
  if (!columns.has('reasoning')) await db.schema.alterTable('chat_messages').addColumn('reasoning', 'text').execute();
  if (!columns.has('reasoning_ms')) await db.schema.alterTable('chat_messages').addColumn('reasoning_ms', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('chat_messages').dropColumn('reasoning_ms').execute();
  await db.schema.alterTable('chat_messages').dropColumn('reasoning').execute();
}
