// AI usage quota and redemption codes. Amounts are integer
// millicredits (1 credit = 1000), so a 200-token answer at 1 credit per
// 1,000 tokens costs 200 and never rounds to nothing.
//   quota_accounts     one row per person: this month's allowance left, the
//                      lasting credits (bought, redeemed, granted), what was used
//   quota_holds        credits set aside before a provider call, settled or
//                      refunded exactly once (a lease: expired holds are refunded)
//   quota_ledger       every change of a balance, and every use (with model and tokens)
//   quota_allowances   monthly allowance per person, class or client type
//   model_prices       per-model prices set by managers
//   redemption_batches / redemption_codes   codes stored as SHA-256 only
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('quota_accounts')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('allowance', 'bigint')
    .addColumn('allowance_left', 'bigint', (c) => c.notNull())
    .addColumn('extra', 'bigint', (c) => c.notNull())
    .addColumn('used', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('quota_holds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('model', 'text')
    .addColumn('ref_id', 'text')
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('from_allowance', 'bigint', (c) => c.notNull())
    .addColumn('from_extra', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quota_holds_open').on('quota_holds').columns(['status', 'expires_at']).execute();

  await db.schema
    .createTable('quota_ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('delta', 'bigint', (c) => c.notNull())
    .addColumn('cost', 'bigint', (c) => c.notNull())
    .addColumn('model', 'text')
    .addColumn('ref_id', 'text')
    .addColumn('prompt_tokens', 'integer', (c) => c.notNull())
    .addColumn('completion_tokens', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quota_ledger_user').on('quota_ledger').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('quota_ledger_time').on('quota_ledger').columns(['created_at']).execute();

  await db.schema
    .createTable('quota_allowances')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('credits', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('quota_allowances_pk', ['scope', 'target_id'])
    .execute();

  await db.schema
    .createTable('model_prices')
    .addColumn('model', 'text', (c) => c.primaryKey())
    .addColumn('input_per_1k', 'bigint', (c) => c.notNull())
    .addColumn('output_per_1k', 'bigint', (c) => c.notNull())
    .addColumn('per_image', 'bigint', (c) => c.notNull())
    .addColumn('per_second', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('redemption_batches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('credits', 'bigint', (c) => c.notNull())
    .addColumn('package_id', 'text')
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('disabled_at', 'bigint')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('redemption_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('batch_id', 'text', (c) => c.notNull().references('redemption_batches.id').onDelete('cascade'))
    .addColumn('hint', 'text', (c) => c.notNull())
    .addColumn('redeemed_by', 'text')
    .addColumn('redeemed_at', 'bigint')
    .execute();
  await db.schema.createIndex('redemption_codes_batch').on('redemption_codes').columns(['batch_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['redemption_codes', 'redemption_batches', 'model_prices', 'quota_allowances', 'quota_ledger', 'quota_holds', 'quota_accounts']) {
    await db.schema.dropTable(table).execute();
  }
}
