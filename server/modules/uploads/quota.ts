// The per-user storage quota (ZX_UPLOAD_QUOTA_MB): stored files plus uploads
// in progress. Race-free by reserve-then-check: the caller first writes what
// it reserves (a file row, an upload session), then the total is counted
// with every other reservation already in it; over the quota, the caller
// undoes its own and refuses. Two uploads racing for the last megabyte can
// both lose, but never both win.
import type { ServerContext } from '../../context.js';
import { payloadTooLarge, type ApiError } from '../../http/errors.js';
import { formatBytes } from './limits.js';
import { bytesInUse } from './session-store.js';

export function quotaExceeded(used: number, quotaBytes: number): ApiError {
  const left = Math.max(0, quotaBytes - used);
  return payloadTooLarge(`存储空间不足：已用 ${formatBytes(used)}，共 ${formatBytes(quotaBytes)}，剩余 ${formatBytes(left)}。请删除不用的文件后再上传`);
}

/** A quick refusal before any byte is written (not race-free on its own; reserveQuota is). */
export async function precheckQuota(ctx: ServerContext, ownerId: string, quotaBytes: number, size: number, exceptSessionId?: string): Promise<void> {
  const used = await bytesInUse(ctx.db, ownerId, exceptSessionId);
  if (used + size > quotaBytes) throw quotaExceeded(used, quotaBytes);
}

/**
 * Called after the reservation of `size` bytes is written: counts again, and
 * over the quota runs `undo` and throws the 413 (naming what was used before it).
 */
export async function confirmQuota(ctx: ServerContext, ownerId: string, quotaBytes: number, size: number, undo: () => Promise<void>): Promise<void> {
  const used = await bytesInUse(ctx.db, ownerId);
  if (used <= quotaBytes) return;
  await undo();
  throw quotaExceeded(used - size, quotaBytes);
}
