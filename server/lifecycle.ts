// Opening and closing the server's resources, shared by the CLI and tests.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { createDataLayer, type DataLayer } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';

/** The data layer with every migration applied. */
export async function openDatabase(config: Pick<Config, 'database'>): Promise<DataLayer> {
  const data = await createDataLayer(config);
  try {
    await migrateToLatest(data);
  } catch (error) {
    await data.close();
    throw error;
  }
  return data;
}

/**
 * Graceful stop: the server stops accepting, requests in flight finish,
 * then the database closes (in that order, so no request loses its database).
 */
export async function stopServer(app: FastifyInstance, data: DataLayer): Promise<void> {
  await app.close();
  await data.close();
}

/** Where the data lives, for people (never prints a database password). */
export function describeStorage(config: Config): string {
  const files =
    config.storage.kind === 's3'
      ? `files in s3://${config.storage.bucket}/${config.storage.prefix ?? ''}${config.storage.endpoint ? ` at ${config.storage.endpoint}` : ''}`
      : `uploaded files in ${config.filesDir}`;
  if (config.database.kind === 'sqlite') return `SQLite database ${config.database.file}; ${files}`;
  const url = new URL(config.database.url);
  url.password = url.password ? '***' : '';
  const schema = config.database.schema ? ` (schema ${config.database.schema})` : '';
  return `PostgreSQL ${url.toString()}${schema}; ${files}`;
}
