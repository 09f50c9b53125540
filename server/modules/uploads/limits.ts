// Upload limits, from the environment (documented in docs/api/knowledge.md and README):
//   ZX_UPLOAD_MAX_MB        largest file accepted by the chunked uploader (default 4096)
//   ZX_UPLOAD_QUOTA_MB      storage per user, files plus uploads in progress (default 20480)
//   ZX_UPLOAD_CHUNK_MAX_MB  largest chunk size a client may announce (default 64)
//   ZX_UPLOAD_STALE_HOURS   unfinished uploads untouched this long are deleted (default 24)
import { ConfigError, type Env } from '../../config.js';

export interface UploadLimits {
  maxFileBytes: number;
  quotaBytes: number;
  maxChunkBytes: number;
  staleMs: number;
}

const MB = 1024 * 1024;

export function readWhole(env: Env, key: string, fallback: number, min: number, max: number): number {
  const raw = env[key]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!/^\d+$/u.test(raw) || value < min || value > max) throw new ConfigError(`${key} must be a whole number from ${min} to ${max}, got "${raw}"`);
  return value;
}

export function readUploadLimits(env: Env): UploadLimits {
  return {
    maxFileBytes: readWhole(env, 'ZX_UPLOAD_MAX_MB', 4096, 1, 1024 * 1024) * MB,
    quotaBytes: readWhole(env, 'ZX_UPLOAD_QUOTA_MB', 20480, 1, 1024 * 1024 * 1024) * MB,
    maxChunkBytes: readWhole(env, 'ZX_UPLOAD_CHUNK_MAX_MB', 64, 1, 1024) * MB,
    staleMs: readWhole(env, 'ZX_UPLOAD_STALE_HOURS', 24, 1, 24 * 365) * 3600_000,
  };
}

export { formatBytes } from '../../../shared/byte-size.js';
