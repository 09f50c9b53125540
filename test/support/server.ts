// A real server for node:test suites: migrated and seeded database, the app
// listening on 127.0.0.1 on a free port, and captured log lines.
// The database comes from ZX_TEST_DB: 'sqlite' (default; a temp folder) or
// 'postgres' (ZX_TEST_DATABASE_URL, default postgres://127.0.0.1:5432/test,
// in a fresh random schema that is dropped at close), so test files running
// in parallel never see each other's data.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type ZxApp } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import { withDefaultUser, type DataLayer } from '../../server/db/index.js';
import { seedIfEmpty } from '../../server/db/seed.js';
import { demoLogins } from '../../server/modules/account/index.js';
import { createFileStorage } from '../../server/files/create-storage.js';
import { openDatabase, stopServer } from '../../server/lifecycle.js';
import { sharedTestS3 } from './s3.js';
import type { LoginThrottle } from '../../server/ports.js';
import { setPasswordCostForTests } from '../../server/modules/account/passwords.js';

// Seeding three demo users and every sign-in cost 240 ms of scrypt each on CI's
// machine; test passwords need no protection (test/server/account/passwords.test.ts checks the real cost).
setPasswordCostForTests({ N: 1024, r: 8, p: 1 });

export const TEST_DEMO_PASSWORD = 'test-Demo-pass-1';
const DEFAULT_TEST_PG_URL = 'postgres://127.0.0.1:5432/test';

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: Envelope<T>;
}

/** The data of a call that must succeed (its status 200, else the test fails with the server's message). */
export async function okData<T = any>(res: Promise<{ status: number; body: { msg: string; data: T } }>): Promise<T> {
  const r = await res;
  assert.equal(r.status, 200, r.body.msg);
  return r.body.data;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface TestServer {
  app: ZxApp;
  baseUrl: string;
  data: DataLayer;
  config: Config;
  /** Password of the seeded teacher, manager and student. */
  demoPassword: string;
  /** Signs in over HTTP and returns the bearer token. */
  login(username: string, password?: string): Promise<string>;
  /** A JSON call to the API: path relative to /new-chat. */
  api<T = unknown>(method: string, apiPath: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** Uploads one file in one request (POST /app/api/file/upload) and returns its id; a refusal fails the test. */
  uploadFile(token: string, name: string, content: ArrayBuffer | Buffer | string): Promise<string>;
  /** Every log line written so far, raw. */
  logs(): string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  loginThrottle?: LoginThrottle;
  /** Seed the demo school's sample course too, as `npm start` does (off: tests build their own). */
  sampleCourse?: boolean;
  /** Extra environment for loadConfig (ZX_DATA_DIR and the database are set here). */
  env?: Record<string, string>;
  /** Register extra routes (e.g. a slow or failing one) before the app starts. */
  setup?(app: ZxApp): void;
  /**
   * How long close() lets responses in flight finish before cutting their
   * connections (production: 5 s). 1 s here: a test that leaves a download
   * half read should not make its file wait 5 s at the end.
   */
  closeDrainMs?: number;
  /**
   * The level of the captured log (`logs()`): debug, so a test can read every
   * line; a bench passes warn, so logging does not weigh on its figures.
   */
  logLevel?: 'debug' | 'info' | 'warn' | 'error';
  /** A second instance: the same database and file store as this server (its own data folder), as behind a load balancer. */
  sameDatabaseAs?: TestServer;
}

function testDatabaseEnv(): { env: Record<string, string>; schema?: string } {
  const kind = process.env.ZX_TEST_DB ?? 'sqlite';
  if (kind === 'sqlite') return { env: {} };
  if (kind !== 'postgres') throw new Error(`ZX_TEST_DB must be sqlite or postgres, got "${kind}"`);
  const schema = `zx_test_${randomBytes(6).toString('hex')}`;
  return { env: { DATABASE_URL: process.env.ZX_TEST_DATABASE_URL ?? DEFAULT_TEST_PG_URL, ZX_DB_SCHEMA: schema }, schema };
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDefaultUser(url) });
  await client.connect();
  try {
    await client.query(`drop schema if exists "${schema}" cascade`);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  data: DataLayer;
  config: Config;
  /** The environment that points a CLI run (server/main.ts) at this database. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** ZX_TEST_STORAGE: 'local' (default) or 's3' (files in a local S3-protocol server, support/s3.ts). */
async function testStorageEnv(): Promise<Record<string, string>> {
  const kind = process.env.ZX_TEST_STORAGE ?? 'local';
  if (kind === 'local') return {};
  if (kind !== 's3') throw new Error(`ZX_TEST_STORAGE must be local or s3, got "${kind}"`);
  return (await sharedTestS3()).env();
}

/** A migrated, empty database (and data folder) of its own, without a server; or, with `shared`, that server's database (and file store). */
export async function openTestDatabase(env: Record<string, string> = {}, shared?: Config): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'zx-server-test-'));
  const database = shared ? { env: {} } : testDatabaseEnv();
  const fullEnv = {
    ZX_DATA_DIR: dataDir,
    // The stubs of model and media providers listen on 127.0.0.1, which the guarded client refuses unless allowlisted.
    ZX_FETCH_ALLOW: '127.0.0.1',
    ZX_PUBLIC_DIR: path.join(dataDir, 'no-front-end'),
    ZX_DEMO_DIR: path.join(dataDir, 'no-demo'),
    ...database.env,
    ...(shared ? {} : await testStorageEnv()),
    ...env,
  };
  const loaded = loadConfig(fullEnv);
  // A second instance shares the first one's database, and its file store (S3, or the same local
  // folder) unless `env` names another; its data folder is its own.
  const config = shared
    ? { ...loaded, database: shared.database, filesDir: shared.filesDir, storage: env.ZX_STORAGE ? loaded.storage : shared.storage }
    : loaded;
  const data = await openDatabase(config);
  let closed = false;
  return {
    data,
    config,
    env: fullEnv,
    async close() {
      if (closed) return;
      closed = true;
      await data.close(); // idempotent: the server may have closed it already
      if ('schema' in database && database.schema) await dropSchema(database.env.DATABASE_URL!, database.schema);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { data, config, close: closeDatabase } = await openTestDatabase(options.env, options.sameDatabaseAs?.config);
  if (!options.sameDatabaseAs) {
    const sample = options.sampleCourse ? { files: createFileStorage(config), sampleCourse: true } : {};
    // The demo embed keys on, as a development machine has them (ZX_DEMO_EMBED_KEYS=enabled); they start off elsewhere.
    await seedIfEmpty(data.db, { demo: demoLogins(TEST_DEMO_PASSWORD), demoEmbedKeysEnabled: true, ...sample });
  }

  const lines: string[] = [];
  const app = buildApp({
    config,
    data,
    logger: { level: options.logLevel ?? 'debug', stream: { write: (line) => void lines.push(line) } },
    ...(options.loginThrottle ? { loginThrottle: options.loginThrottle } : {}),
    closeDrainMs: options.closeDrainMs ?? 1_000,
  });
  options.setup?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const api = async <T>(method: string, apiPath: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> => {
    const headers: Record<string, string> = { 'client-id': 'app', ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}/new-chat${apiPath}`, {
      method,
      headers,
      ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Envelope<T> };
  };

  let closed = false;
  return {
    app,
    baseUrl,
    data,
    config,
    demoPassword: TEST_DEMO_PASSWORD,
    api,
    async login(username, password = TEST_DEMO_PASSWORD) {
      const res = await api<{ token: string }>('POST', '/app/api/oauth/token', { body: { username, password } });
      if (res.body.code !== 200) throw new Error(`login ${username} failed: ${res.body.msg}`);
      return res.body.data.token;
    },
    async uploadFile(token, name, content) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(typeof content === 'string' ? Buffer.from(content) : content)]), name);
      const response = await fetch(`${baseUrl}/new-chat/app/api/file/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
      const body = (await response.json()) as Envelope<{ id: string }>;
      if (body.code !== 200) throw new Error(`uploading ${name} was refused: ${body.msg}`);
      return body.data.id;
    },
    logs: () => lines.join(''),
    async close() {
      if (closed) return;
      closed = true;
      await stopServer(app, data);
      await closeDatabase();
    },
  };
}
