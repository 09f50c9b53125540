// Rules for small uploads (avatars, attachments): type checked by content,
// size capped, files private to their owner unless published (avatars).
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import { checkFileType, cleanFileName } from '../../files/file-types.js';
import { hashThread } from '../../files/hash-thread.js';
import { badRequest, notFound } from '../../http/errors.js';
import { mayReadFile } from './file-access.js';
import { precheckQuota, withinQuota } from './quota.js';
import { findFile, insertFile, setFileVisibility, type FileRecord } from './store.js';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const TOO_LARGE_MESSAGE = `文件太大，最大 ${MAX_UPLOAD_BYTES / 1024 / 1024} MB，请压缩后再上传`;

export const FILE_URL_PREFIX = '/new-chat/app/api/file/';

export interface FileInfo {
  id: string;
  url: string;
  name: string;
  size: number;
  mime: string;
}

export function fileInfo(file: FileRecord): FileInfo {
  return { id: file.id, url: FILE_URL_PREFIX + file.id, name: file.name, size: file.size, mime: file.mime };
}

/** Stores a small upload under the owner's quota (the same one the chunked uploader counts against). */
export async function storeUpload(ctx: ServerContext, ownerId: string, rawName: string, content: Buffer, quotaBytes: number): Promise<FileInfo> {
  if (content.length === 0) throw badRequest('文件是空的，请重新选择');
  const name = cleanFileName(rawName);
  const check = checkFileType(name, content);
  if (!check.ok) throw badRequest(check.reason);
  await precheckQuota(ctx, ownerId, quotaBytes, content.length);

  // Hashed before the bytes are stored, so a failure here leaves no file without a row.
  const sha256 = await hashThread.sha256(content);
  const storedName = await ctx.files.save(content);
  const record: FileRecord = {
    id: newId(),
    ownerId,
    name,
    storedName,
    mime: check.kind.mime,
    size: content.length,
    sha256,
    visibility: 'private',
    createdAt: ctx.now(),
  };
  try {
    // The row is the reservation: written only if it fits, with every concurrent upload counted.
    await withinQuota(ctx, ownerId, quotaBytes, async (trx, fits) => {
      await fits(record.size);
      await insertFile(trx, record);
    });
  } catch (error) {
    await ctx.files.remove(storedName); // no orphan bytes without a row (refused, or the write failed)
    throw error;
  }
  return fileInfo(record);
}

/**
 * A file the caller may read: public files for anyone, private ones for their
 * owner and for whoever another area vouches for (file-access.ts). Anything
 * else is "not found", so ids cannot be probed.
 */
export async function findReadableFile(ctx: ServerContext, id: string, userId: string | null): Promise<FileRecord> {
  const file = await findFile(ctx.db, id);
  if (!file || !(await mayReadFile(ctx, file, userId))) throw notFound('文件不存在或已删除');
  return file;
}

/**
 * Checks that `url` is an image this user uploaded here and makes it public
 * (an avatar is shown to others, and <img> cannot send a token).
 */
export async function publishAvatar(ctx: ServerContext, userId: string, url: string): Promise<string> {
  const id = url.startsWith(FILE_URL_PREFIX) ? url.slice(FILE_URL_PREFIX.length) : '';
  const file = id ? await findFile(ctx.db, id) : null;
  if (!file || file.ownerId !== userId) throw badRequest('头像需先通过上传接口上传图片，再使用返回的 url');
  if (!file.mime.startsWith('image/')) throw badRequest('头像必须是图片（png、jpg、gif 或 webp）');
  if (file.visibility !== 'public') await setFileVisibility(ctx.db, id, 'public');
  return FILE_URL_PREFIX + id;
}
