// Generation jobs: images, videos and mind maps made by a model,
// run as durable rows so a restart loses nothing and never pays twice.
// - generation_jobs: one row per job. `create_state` guards the one call
//   that costs money upstream: 'sending' is written before the provider is
//   asked to create the task and 'created' (with `upstream_id`) once it
//   answered, so a process that died in between is failed honestly instead
//   of submitting the same job again. `charge_state` moves by
//   compare-and-swap, so a failed job is refunded exactly once.
// - generation_slots: one row per concurrent call a provider allows; a job
//   holds a slot under a lease while it talks to the provider, so several
//   server processes together never exceed the provider's limit.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('generation_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('admitted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('upstream_id', 'text')
    .addColumn('create_state', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'bigint', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('deadline_at', 'bigint', (c) => c.notNull())
    .addColumn('files', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('outline', 'text')
    .addColumn('charge', 'text')
    .addColumn('charge_state', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema.createIndex('generation_jobs_claim').on('generation_jobs').columns(['status', 'run_after']).execute();
  await db.schema.createIndex('generation_jobs_owner').on('generation_jobs').columns(['owner_id', 'kind', 'created_at']).execute();

  await db.schema
    .createTable('generation_slots')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('slot', 'integer', (c) => c.notNull())
    .addColumn('job_id', 'text')
    .addColumn('lease_until', 'bigint')
    .addPrimaryKeyConstraint('generation_slots_pk', ['provider', 'slot'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('generation_slots').ifExists().execute();
  await db.schema.dropTable('generation_jobs').ifExists().execute();
}
