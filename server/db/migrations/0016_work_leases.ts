// Leases on long-running work, so it reaches a final state after any crash:
// a knowledge document being indexed and an upload being merged are claimed
// until `lease_until`; once that passes (the process died), another run
// takes them over. Documents also count their attempts, so one that brings
// the process down is failed after a few tries instead of resumed forever.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('knowledge_documents')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('knowledge_documents').addColumn('lease_until', 'bigint').execute();
  await db.schema.alterTable('upload_sessions').addColumn('lease_until', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('upload_sessions').dropColumn('lease_until').execute();
  await db.schema.alterTable('knowledge_documents').dropColumn('lease_until').execute();
  await db.schema.alterTable('knowledge_documents').dropColumn('attempts').execute();
}
