// Operation records: an append-only, hash-chained log of who did
// what. The head row is what appenders lock to serialize appends on both
// SQLite and PostgreSQL; anchors keep the chain verifiable after a prune.
import { sql, type Kysely } from 'kysely';

export const GENESIS_HASH = '0'.repeat(64);

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('operation_records')
    .addColumn('seq', 'bigint', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('username', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('client_type', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('object_type', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text')
    .addColumn('object_name', 'text')
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('method', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('route', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operation_records_at').on('operation_records').column('at').execute();
  await db.schema.createIndex('operation_records_user_at').on('operation_records').columns(['user_id', 'at']).execute();
  await db.schema.createIndex('operation_records_action_at').on('operation_records').columns(['action', 'at']).execute();

  await db.schema
    .createTable('operation_record_head')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into operation_record_head (id, seq, hash, updated_at) values (1, 0, ${GENESIS_HASH}, 0)`.execute(db);

  await db.schema
    .createTable('operation_record_anchors')
    .addColumn('seq', 'bigint', (c) => c.primaryKey())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('pruned_count', 'integer', (c) => c.notNull())
    .addColumn('pruned_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('operation_record_anchors').execute();
  await db.schema.dropTable('operation_record_head').execute();
  await db.schema.dropTable('operation_records').execute();
}
