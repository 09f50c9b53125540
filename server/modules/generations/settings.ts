// Queue settings from the environment, checked at start-up (a wrong value
// stops the server with one readable line, like every other setting).
import { ConfigError, type Env } from '../../config.js';

export interface QueueSettings {
  /** How long a claim holds without renewal (ZX_GEN_LEASE_SECONDS, default 30). */
  leaseMs: number;
  /** How often an idle runner looks for work other instances queued (ZX_GEN_POLL_MS, default 1000). */
  pollMs: number;
  /** Jobs one person may have queued or running at once (ZX_GEN_USER_ACTIVE, default 3). */
  userActive: number;
  /** Jobs this process runs at once, all providers together (ZX_GEN_WORKERS, default 16). */
  workers: number;
  /** Failed attempts (retries, crashes) before a job is failed (ZX_GEN_MAX_ATTEMPTS, default 5). */
  maxAttempts: number;
  /** Longest wait a provider's Retry-After may impose (ZX_GEN_MAX_RETRY_AFTER_SECONDS, default 120). */
  maxRetryAfterMs: number;
}

function number(env: Env, key: string, fallback: number, min: number, max: number): number {
  const raw = env[key]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) throw new ConfigError(`${key} must be a number from ${min} to ${max}, got "${raw}"`);
  return value;
}

export function queueSettings(env: Env): QueueSettings {
  return {
    leaseMs: number(env, 'ZX_GEN_LEASE_SECONDS', 30, 0.5, 600) * 1000,
    pollMs: number(env, 'ZX_GEN_POLL_MS', 1000, 20, 60_000),
    userActive: number(env, 'ZX_GEN_USER_ACTIVE', 3, 1, 100),
    workers: number(env, 'ZX_GEN_WORKERS', 16, 1, 256),
    maxAttempts: number(env, 'ZX_GEN_MAX_ATTEMPTS', 5, 1, 20),
    maxRetryAfterMs: number(env, 'ZX_GEN_MAX_RETRY_AFTER_SECONDS', 120, 1, 3600) * 1000,
  };
}
