// Saved mind maps: a person's own maps, each an outline in
// markdown, with an optional read-only share token that opens signed out.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mind_maps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('outline', 'text', (c) => c.notNull())
    .addColumn('source', 'text')
    // Unguessable; null while not shared. Revoking clears it, so an old link stops working.
    .addColumn('share_token', 'text', (c) => c.unique())
    .addColumn('shared_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mind_maps_owner').on('mind_maps').columns(['owner_id', 'updated_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mind_maps').execute();
}
