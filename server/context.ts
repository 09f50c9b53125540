// What every module is given when it is registered: configuration, the
// database, file storage, and the clock (injectable so tests can move time).
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { DataLayer } from './db/index.js';
import type { Database } from './db/schema.js';
import type { FileStorage } from './files/storage.js';
import type { LoginThrottle } from './modules/account/login-throttle.js';

export interface ServerContext {
  config: Config;
  data: DataLayer;
  db: Kysely<Database>;
  files: FileStorage;
  loginThrottle: LoginThrottle;
  now(): number;
}

/** Options every module plugin receives. */
export interface ModuleOptions {
  ctx: ServerContext;
}
