// Configuration from the environment, and start-up refusing bad values.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig } from '../../server/config.js';

describe('loadConfig', () => {
  test('defaults', () => {
    const config = loadConfig({});
    assert.equal(config.port, 8080);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.dataDir, path.resolve('data'));
    assert.deepEqual(config.database, { kind: 'sqlite', file: path.resolve('data', 'zhixue.db') });
    assert.equal(config.filesDir, path.resolve('data', 'files'));
    assert.equal(config.publicDir, path.resolve('dist/web'));
    assert.equal(config.demoPassword, null);
    assert.equal(config.logLevel, 'info');
    assert.equal(config.tokenTtlHours, 168);
    assert.equal(config.trustProxy, false);
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
    [{ ZX_TOKEN_TTL_HOURS: '0' }, /ZX_TOKEN_TTL_HOURS/],
    [{ ZX_TRUST_PROXY: 'maybe' }, /ZX_TRUST_PROXY must be true or false/],
    [{ DATABASE_URL: 'postgres://h/db', ZX_DB_SCHEMA: 'Bad-Name' }, /ZX_DB_SCHEMA/],
  ];
  for (const [env, message] of invalid) {
    test(`refuses ${JSON.stringify(env)}`, () => {
      assert.throws(() => loadConfig(env), (e: unknown) => e instanceof ConfigError && message.test(e.message));
    });
  }
});

test('invalid configuration stops start-up with one readable line and exit code 2', async () => {
  const result = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/main.ts', 'start'], {
    env: { ...process.env, PORT: 'eighty' },
  }).catch((e: { code: number; stdout: string; stderr: string }) => e);
  assert.equal((result as { code?: number }).code, 2);
  assert.equal(result.stderr.trim(), 'zhixue: invalid configuration: PORT must be a whole number from 0 to 65535, got "eighty"');
});
