// Configuration comes only from the environment (12-factor), read once at
// start-up. Anything invalid stops start-up with one line a person can act on.
import { isIP } from 'node:net';
import { isCidr } from './net/cidr.js';
import path from 'node:path';

export type Env = Readonly<Record<string, string | undefined>>;

export type DatabaseConfig =
  | { kind: 'sqlite'; file: string }
  // `schema` puts every table in one PostgreSQL schema (search_path), so test
  // runs and side-by-side instances never see each other's data.
  | { kind: 'postgres'; url: string; schema?: string };

/** Where files live (server/files): this machine's disk, or an S3-compatible object store. */
export type StorageConfig = { kind: 'local' } | S3StorageConfig;

export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  /** https://oss-cn-hangzhou.aliyuncs.com, http://minio:9000...; unset for AWS itself. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's usual credential chain (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (MinIO, s3rver) rather than the host name (AWS, OSS, COS). */
  forcePathStyle: boolean;
  /** Keys start with this folder, so several installations can share a bucket. */
  prefix?: string;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Uploaded files live here (ZX_DATA_DIR/files). */
  filesDir: string;
  database: DatabaseConfig;
  storage: StorageConfig;
  /** Password of the demo users on first seed; null means "generate one". */
  demoPassword: string | null;
  /** ZX_DEMO_COURSE: seed the sample course (a lesson, a knowledge dataset, a quiz) with the demo school. */
  demoCourse: boolean;
  logLevel: LogLevel;
  /** Access log lines: every request (`on`), none, or a sampled share (0–1). */
  accessLog: 'on' | 'off' | number;
  /** The built front end (index.html + bundles). */
  publicDir: string;
  /** Static demo pages served under /demo/ when the folder exists. */
  demoDir: string;
  tokenTtlHours: number;
  /**
   * Behind a reverse proxy, which X-Forwarded-For hops to believe: false (none),
   * a hop count, or the proxies' addresses and CIDRs (readTrustProxy).
   */
  trustProxy: false | number | string[];
  /**
   * The raw environment, so later areas (ZX_LLM_*, ZX_CONFIG, ...) read and
   * validate their own keys without this file knowing them.
   */
  env: Env;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
export const MIN_PASSWORD_LENGTH = 8;

function read(env: Env, key: string): string | undefined {
  const value = env[key]?.trim();
  return value ? value : undefined;
}

export function readInteger(env: Env, key: string, fallback: number, min: number, max: number): number {
  const raw = read(env, key);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${key} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/** An on/off setting that is on unless set to off. */
function readSwitch(env: Env, key: string): boolean {
  const raw = read(env, key)?.toLowerCase();
  if (raw === undefined || raw === 'on') return true;
  if (raw === 'off') return false;
  throw new ConfigError(`${key} must be on or off, got "${raw}"`);
}

function readBoolean(env: Env, key: string): boolean {
  const raw = read(env, key)?.toLowerCase();
  if (raw === undefined || raw === '0' || raw === 'false' || raw === 'no') return false;
  if (raw === '1' || raw === 'true' || raw === 'yes') return true;
  throw new ConfigError(`${key} must be true or false, got "${raw}"`);
}

const TRUST_PROXY_HELP =
  'set ZX_TRUST_PROXY to the number of proxies in front of the server (e.g. 1 for one nginx) or to their addresses or CIDRs (e.g. 127.0.0.1,10.0.0.0/8), and have the proxy overwrite X-Forwarded-For (docs/security.md)';

/**
 * ZX_TRUST_PROXY: unset or false, a hop count, or proxy addresses/CIDRs.
 * `true` would believe any client's X-Forwarded-For (every per-address
 * limit reset by a header), so it stops the start with what to set instead.
 */
function readTrustProxy(env: Env): false | number | string[] {
  const raw = read(env, 'ZX_TRUST_PROXY')?.toLowerCase();
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false' || raw === 'no') return false;
  if (raw === 'true' || raw === 'yes') throw new ConfigError(`ZX_TRUST_PROXY=${raw} would trust any client's X-Forwarded-For: ${TRUST_PROXY_HELP}`);
  if (/^\d+$/u.test(raw)) {
    const hops = Number(raw);
    if (hops > 10) throw new ConfigError(`ZX_TRUST_PROXY must be at most 10 hops, got "${raw}": ${TRUST_PROXY_HELP}`);
    return hops;
  }
  const entries = raw.split(/[\s,]+/u).filter(Boolean);
  for (const entry of entries) {
    if (isIP(entry) === 0 && !isCidr(entry)) throw new ConfigError(`ZX_TRUST_PROXY: "${entry}" is not an address or CIDR: ${TRUST_PROXY_HELP}`);
  }
  return entries;
}

function readDatabase(env: Env, dataDir: string): DatabaseConfig {
  const url = read(env, 'DATABASE_URL');
  const schema = read(env, 'ZX_DB_SCHEMA');
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new ConfigError(`ZX_DB_SCHEMA must be a lower-case PostgreSQL identifier (a-z, 0-9, _), got "${schema}"`);
  }
  if (url === undefined) {
    if (schema !== undefined) throw new ConfigError('ZX_DB_SCHEMA needs DATABASE_URL (a postgres:// URL)');
    return { kind: 'sqlite', file: path.join(dataDir, 'zhixue.db') };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError('DATABASE_URL is not a valid URL; expected postgres://user:password@host:5432/database');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new ConfigError(
      `DATABASE_URL must start with postgres:// or postgresql:// (got ${parsed.protocol}//); leave it unset to use SQLite under ZX_DATA_DIR`,
    );
  }
  return schema === undefined ? { kind: 'postgres', url } : { kind: 'postgres', url, schema };
}

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const KEY_PREFIX = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*\/?$/;

function readStorage(env: Env): StorageConfig {
  const kind = (read(env, 'ZX_STORAGE') ?? 'local').toLowerCase();
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 's3') throw new ConfigError(`ZX_STORAGE must be local or s3, got "${kind}"`);
  const bucket = read(env, 'ZX_S3_BUCKET');
  if (bucket === undefined) throw new ConfigError('ZX_STORAGE=s3 needs ZX_S3_BUCKET (the bucket name)');
  if (!BUCKET_NAME.test(bucket)) throw new ConfigError(`ZX_S3_BUCKET must be a bucket name (3-63 of a-z, 0-9, dot, hyphen), got "${bucket}"`);
  const endpoint = read(env, 'ZX_S3_ENDPOINT');
  if (endpoint !== undefined) {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw new ConfigError(`ZX_S3_ENDPOINT must be a URL such as https://oss-cn-hangzhou.aliyuncs.com, got "${endpoint}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`ZX_S3_ENDPOINT must start with http:// or https://, got "${endpoint}"`);
  }
  const accessKeyId = read(env, 'ZX_S3_ACCESS_KEY_ID');
  const secretAccessKey = read(env, 'ZX_S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new ConfigError('ZX_S3_ACCESS_KEY_ID and ZX_S3_SECRET_ACCESS_KEY go together: set both, or neither to use the default credentials');
  }
  const prefix = read(env, 'ZX_S3_PREFIX');
  const badPrefix = prefix !== undefined && (!KEY_PREFIX.test(prefix) || prefix.split('/').some((part) => part === '.' || part === '..'));
  if (badPrefix) throw new ConfigError(`ZX_S3_PREFIX must be a folder name such as zhixue or schools/a, got "${prefix}"`);
  return {
    kind: 's3',
    bucket,
    ...(endpoint !== undefined ? { endpoint } : {}),
    region: read(env, 'ZX_S3_REGION') ?? 'us-east-1',
    ...(accessKeyId !== undefined ? { accessKeyId, secretAccessKey: secretAccessKey! } : {}),
    forcePathStyle: readBoolean(env, 'ZX_S3_FORCE_PATH_STYLE'),
    ...(prefix !== undefined ? { prefix } : {}),
  };
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(read(env, 'ZX_DATA_DIR') ?? 'data');

  const demoPassword = read(env, 'ZX_DEMO_PASSWORD') ?? null;
  if (demoPassword !== null && demoPassword.length < MIN_PASSWORD_LENGTH) {
    throw new ConfigError(`ZX_DEMO_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters`);
  }

  // warn: a line per request at info cost a busy server a tenth of its time.
  const logLevel = (read(env, 'ZX_LOG_LEVEL') ?? 'warn').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel as LogLevel)) {
    throw new ConfigError(`ZX_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }

  const accessText = (read(env, 'ZX_ACCESS_LOG') ?? 'on').toLowerCase();
  const accessShare = Number(accessText);
  if (accessText !== 'on' && accessText !== 'off' && !(accessText !== '' && accessShare >= 0 && accessShare <= 1)) {
    throw new ConfigError(`ZX_ACCESS_LOG must be on, off or a share from 0 to 1 (e.g. 0.01), got "${accessText}"`);
  }
  const accessLog = accessText === 'on' || accessText === 'off' ? accessText : accessShare;

  return {
    port: readInteger(env, 'PORT', 8080, 0, 65535),
    host: read(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    database: readDatabase(env, dataDir),
    storage: readStorage(env),
    demoPassword,
    demoCourse: readSwitch(env, 'ZX_DEMO_COURSE'),
    logLevel: logLevel as LogLevel,
    accessLog,
    publicDir: path.resolve(read(env, 'ZX_PUBLIC_DIR') ?? 'dist/web'),
    demoDir: path.resolve(read(env, 'ZX_DEMO_DIR') ?? 'demo'),
    tokenTtlHours: readInteger(env, 'ZX_TOKEN_TTL_HOURS', 168, 1, 24 * 365),
    trustProxy: readTrustProxy(env),
    env,
  };
}
