import { Migrator, sql } from 'kysely';
import type { DataLayer } from './index.js';
import { migrations } from './migrations/index.js';

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Brings the database to the latest migration; returns the names it applied. */
export async function migrateToLatest(data: DataLayer): Promise<string[]> {
  const migrator = new Migrator({
    db: data.db,
    provider: { getMigrations: async () => migrations },
    // Areas land in parallel with the numbers they were given: a database
    // that already ran 0026 still takes a 0024 that landed after it.
    allowUnorderedMigrations: true,
    // Kysely looks for its bookkeeping table in every schema unless told
    // which one; name it, or another schema's table would fool it.
    ...(data.dialect === 'postgres' ? { migrationTableSchema: await currentSchema(data) } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new MigrationError(`migration ${failed?.migrationName ?? ''} failed: ${cause}`.replace('  ', ' '), { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

async function currentSchema(data: DataLayer): Promise<string> {
  if (data.schema) return data.schema;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(data.db);
  return rows[0]?.schema ?? 'public';
}
