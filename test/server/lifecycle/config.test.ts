// Configuration from the environment, and start-up refusing bad values.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../../server/config.js';
import { SERVER_ARGS } from '../../support/cli-server.js';

describe('loadConfig', () => {
  test('file storage: local disk by default; S3-compatible stores from ZX_S3_*', () => {
    assert.deepEqual(loadConfig({}).storage, { kind: 'local' });
    assert.deepEqual(
      loadConfig({
        ZX_STORAGE: 'S3',
        ZX_S3_BUCKET: 'zx-files',
        ZX_S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com',
        ZX_S3_REGION: 'oss-cn-hangzhou',
        ZX_S3_ACCESS_KEY_ID: 'AK',
        ZX_S3_SECRET_ACCESS_KEY: 'SK',
        ZX_S3_PREFIX: 'school-a',
      }).storage,
      {
        kind: 's3',
        bucket: 'zx-files',
        endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
        region: 'oss-cn-hangzhou',
        accessKeyId: 'AK',
        secretAccessKey: 'SK',
        forcePathStyle: false,
        prefix: 'school-a',
      },
    );
    assert.deepEqual(loadConfig({ ZX_STORAGE: 's3', ZX_S3_BUCKET: 'zx-files', ZX_S3_FORCE_PATH_STYLE: 'true' }).storage, {
      kind: 's3',
      bucket: 'zx-files',
      region: 'us-east-1',
      forcePathStyle: true,
    });
  });

  test('defaults', () => {
    const config = loadConfig({});
    assert.equal(config.port, 8080);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.dataDir, path.resolve('data'));
    assert.deepEqual(config.database, { kind: 'sqlite', file: path.resolve('data', 'zhixue.db') });
    assert.equal(config.filesDir, path.resolve('data', 'files'));
    assert.equal(config.publicDir, path.resolve('dist/web'));
    assert.equal(config.demoPassword, null);
    assert.equal(config.logLevel, 'warn');
    assert.equal(config.accessLog, 'on');
    assert.equal(config.tokenTtlHours, 168);
    assert.equal(config.trustProxy, false);
  });

  test('ZX_TRUST_PROXY takes a hop count or proxy addresses and CIDRs', () => {
    assert.equal(loadConfig({ ZX_TRUST_PROXY: '1' }).trustProxy, 1);
    assert.deepEqual(loadConfig({ ZX_TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy, ['127.0.0.1', '10.0.0.0/8']);
  });

  test('PostgreSQL from DATABASE_URL; unknown keys stay readable through env', () => {
    const config = loadConfig({ DATABASE_URL: 'postgresql://u:p@db:5432/zx', ZX_DB_SCHEMA: 'school_a', ZX_LLM_MODEL: 'x' });
    assert.deepEqual(config.database, { kind: 'postgres', url: 'postgresql://u:p@db:5432/zx', schema: 'school_a' });
    assert.equal(config.env.ZX_LLM_MODEL, 'x');
  });

  const invalid: Array<[Record<string, string>, RegExp]> = [
    [{ PORT: 'eighty' }, /PORT must be a whole number from 0 to 65535, got "eighty"/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://localhost/zx' }, /DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL is not a valid URL/],
    [{ ZX_DEMO_PASSWORD: 'short' }, /ZX_DEMO_PASSWORD must be at least 8 characters/],
    [{ ZX_LOG_LEVEL: 'loud' }, /ZX_LOG_LEVEL must be one of/],
    [{ ZX_ACCESS_LOG: 'sometimes' }, /ZX_ACCESS_LOG must be on, off or a share/],
    [{ ZX_ACCESS_LOG: '1.5' }, /ZX_ACCESS_LOG/],
    [{ ZX_TOKEN_TTL_HOURS: '0' }, /ZX_TOKEN_TTL_HOURS/],
    [{ ZX_TRUST_PROXY: 'maybe' }, /ZX_TRUST_PROXY: "maybe" is not an address or CIDR/],
    // `true` would believe any client's X-Forwarded-For: the start says what to set instead.
    [{ ZX_TRUST_PROXY: 'true' }, /ZX_TRUST_PROXY=true would trust any client's X-Forwarded-For: set ZX_TRUST_PROXY to the number of proxies/],
    [{ ZX_TRUST_PROXY: '10.0.0.0/99' }, /ZX_TRUST_PROXY/],
    [{ DATABASE_URL: 'postgres://h/db', ZX_DB_SCHEMA: 'Bad-Name' }, /ZX_DB_SCHEMA/],
    [{ ZX_STORAGE: 'nfs' }, /ZX_STORAGE must be local or s3, got "nfs"/],
    [{ ZX_STORAGE: 's3' }, /ZX_STORAGE=s3 needs ZX_S3_BUCKET/],
    [{ ZX_STORAGE: 's3', ZX_S3_BUCKET: 'My_Bucket' }, /ZX_S3_BUCKET must be a bucket name/],
    [{ ZX_STORAGE: 's3', ZX_S3_BUCKET: 'zx-files', ZX_S3_ENDPOINT: 'oss-cn-hangzhou' }, /ZX_S3_ENDPOINT must be a URL/],
    [{ ZX_STORAGE: 's3', ZX_S3_BUCKET: 'zx-files', ZX_S3_ENDPOINT: 'ftp://minio:9000' }, /ZX_S3_ENDPOINT must start with http/],
    [{ ZX_STORAGE: 's3', ZX_S3_BUCKET: 'zx-files', ZX_S3_ACCESS_KEY_ID: 'AK' }, /ZX_S3_ACCESS_KEY_ID and ZX_S3_SECRET_ACCESS_KEY go together/],
    [{ ZX_STORAGE: 's3', ZX_S3_BUCKET: 'zx-files', ZX_S3_FORCE_PATH_STYLE: 'sometimes' }, /ZX_S3_FORCE_PATH_STYLE must be true or false/],
    [{ ZX_STORAGE: 's3', ZX_S3_BUCKET: 'zx-files', ZX_S3_PREFIX: '../up' }, /ZX_S3_PREFIX must be a folder name/],
  ];
  for (const [env, message] of invalid) {
    test(`refuses ${JSON.stringify(env)}`, () => {
      assert.throws(
        () => loadConfig(env),
        (e: unknown) => e instanceof ConfigError && message.test(e.message),
      );
    });
  }
});

test('invalid configuration stops start-up with one readable line and exit code 2', async () => {
  const result = await promisify(execFile)(process.execPath, [...SERVER_ARGS, 'start'], {
    env: { ...process.env, PORT: 'eighty' },
  }).catch((e: { code: number; stdout: string; stderr: string }) => e);
  assert.equal((result as { code?: number }).code, 2);
  assert.equal(result.stderr.trim(), 'zhixue: invalid configuration: PORT must be a whole number from 0 to 65535, got "eighty"');
});
