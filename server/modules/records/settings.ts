// Operation-record settings from the environment:
//   ZX_RECORDS=off                 stop recording (benchmarks only; on by default)
//   ZX_RECORDS_RETENTION_DAYS=365  records older than this are pruned daily (0: keep forever)
import { ConfigError, type Env } from '../../config.js';

export interface RecordSettings {
  enabled: boolean;
  retentionDays: number;
}

export function recordSettings(env: Env): RecordSettings {
  const switchValue = (env.ZX_RECORDS ?? 'on').trim().toLowerCase();
  if (!['on', 'off', 'true', 'false', '1', '0', ''].includes(switchValue)) {
    throw new ConfigError(`ZX_RECORDS must be on or off, got "${switchValue}"`);
  }
  const rawDays = (env.ZX_RECORDS_RETENTION_DAYS ?? '').trim();
  const retentionDays = rawDays === '' ? 365 : Number(rawDays);
  if (!/^\d+$/.test(rawDays || '365') || retentionDays > 36500) {
    throw new ConfigError(`ZX_RECORDS_RETENTION_DAYS must be a whole number of days from 0 (keep forever) to 36500, got "${rawDays}"`);
  }
  return { enabled: !['off', 'false', '0'].includes(switchValue), retentionDays };
}
