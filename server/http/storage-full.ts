// Disk full, said as such: a write that failed for lack of space (ENOSPC,
// EDQUOT, SQLite's SQLITE_FULL, PostgreSQL's SQLSTATE 53100 disk_full) answers 507 with a sentence a person can act
// on, and is remembered for a while so GET /health reports the storage as
// full (with the data folder's free bytes) instead of "ok".
import fs from 'node:fs';

export const STORAGE_FULL_MESSAGE = '存储空间已满，请联系管理员';
/** A failed write keeps health saying "full" this long (space may be freed meanwhile; statfs says so). */
const REMEMBER_MS = 5 * 60_000;
/** Below this much free space health says "full" before writes start failing. */
export const MIN_FREE_BYTES = 100 * 1024 * 1024;

const FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']);
let lastFullAt = 0;

/** True (and remembered for health) when `error` is a write that failed for lack of space. */
export function isStorageFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !FULL_CODES.has(code)) return false;
  lastFullAt = Date.now();
  return true;
}

export interface StorageState {
  storage: 'ok' | 'full';
  freeBytes: number | null;
}

export async function storageState(dataDir: string): Promise<StorageState> {
  const stats = await fs.promises.statfs(dataDir).catch(() => null);
  const freeBytes = stats ? stats.bavail * stats.bsize : null;
  const full = Date.now() - lastFullAt < REMEMBER_MS || (freeBytes !== null && freeBytes < MIN_FREE_BYTES);
  return { storage: full ? 'full' : 'ok', freeBytes };
}
