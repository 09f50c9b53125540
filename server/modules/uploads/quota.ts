// The per-user storage quota (ZX_UPLOAD_QUOTA_MB): stored files plus uploads
// in progress. A reservation (a file row, an upload session) is counted and
// written in one transaction under a lock on the owner's user row
// (db/user-lock.ts), so one owner's reservations queue: of uploads racing for
// the last room exactly one wins. (Writing first and counting after, as this did before, kept more than
// one from winning, but all of them could lose: each counted the others.)
import type { Kysely } from 'kysely';
import type { ServerContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { underUserLock } from '../../db/user-lock.js';
import { payloadTooLarge, type ApiError } from '../../http/errors.js';
import { formatBytes } from './limits.js';
import { bytesInUse } from './session-store.js';

export function quotaExceeded(used: number, quotaBytes: number): ApiError {
  const left = Math.max(0, quotaBytes - used);
  return payloadTooLarge(
    `存储空间不足：已用 ${formatBytes(used)}，共 ${formatBytes(quotaBytes)}，剩余 ${formatBytes(left)}。请删除不用的文件后再上传`,
    'storage-full',
  );
}

/** A quick refusal before any byte is written (not race-free on its own; withinQuota is). */
export async function precheckQuota(ctx: ServerContext, ownerId: string, quotaBytes: number, size: number, exceptSessionId?: string): Promise<void> {
  const used = await bytesInUse(ctx.db, ownerId, exceptSessionId);
  if (used + size > quotaBytes) throw quotaExceeded(used, quotaBytes);
}

/**
 * Runs `reserve` in a transaction holding the owner's lock; `fits(size)`
 * throws the 413 (naming what is in use) unless `size` more bytes fit, and is
 * called right before the reservation is written. A refusal writes nothing.
 */
export async function withinQuota<T>(
  ctx: ServerContext,
  ownerId: string,
  quotaBytes: number,
  reserve: (trx: Kysely<Database>, fits: (size: number) => Promise<void>) => Promise<T>,
): Promise<T> {
  return underUserLock(ctx.db, ownerId, (trx) =>
    reserve(trx, async (size) => {
      const used = await bytesInUse(trx, ownerId);
      if (used + size > quotaBytes) throw quotaExceeded(used, quotaBytes);
    }),
  );
}
