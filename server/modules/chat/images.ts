// Images sent with a question (SPEC §3: an image message's content is a JSON
// list whose items carry b64Image). They arrive as data URLs, are checked by
// their bytes (a real png/jpeg/webp/gif, not only a label saying so) and are
// stored as files: the message row keeps only the files' ids, never base64.
import type { ServerContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import { FILE_KINDS } from '../../files/file-types.js';
import { hashThread } from '../../files/hash-thread.js';
import { badRequest } from '../../http/errors.js';
import { findFile, forgetFileRecord, recordPrivateFile } from '../uploads/index.js';
import type { StoredImageItem } from './image-views.js';

export const MAX_IMAGES = 4;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const DATA_URL = /^data:(image\/(?:png|jpeg|webp|gif));base64,([A-Za-z0-9+/]+={0,2})$/u;
const IMAGE_KINDS = FILE_KINDS.filter((k) => k.image);

export interface CheckedImage {
  bytes: Buffer;
  mime: string;
  extension: string;
}

export function checkImages(images: string[]): CheckedImage[] {
  if (images.length > MAX_IMAGES) throw badRequest(`一次最多发送 ${MAX_IMAGES} 张图片`);
  return images.map((image, i) => {
    const match = DATA_URL.exec(image);
    if (!match) throw badRequest(`第 ${i + 1} 张图片格式不对：只支持 png、jpg、webp、gif`);
    // Checked on the encoded length first, so an oversized image is never decoded.
    if (Math.floor((match[2]!.length * 3) / 4) > MAX_IMAGE_BYTES) throw badRequest(`第 ${i + 1} 张图片太大（最大 5 MB），请压缩后再发送`);
    const bytes = Buffer.from(match[2]!, 'base64');
    // The bytes decide what the picture is; the data URL's label is only a claim.
    const kind = IMAGE_KINDS.find((k) => k.matches(bytes));
    if (!kind) throw badRequest(`第 ${i + 1} 张图片不是有效的图片文件：只支持 png、jpg、webp、gif`);
    return { bytes, mime: kind.mime, extension: kind.extensions[0]! };
  });
}

/** Stores the checked images as the asker's private files (readable by them alone, and by a share's inline copy). */
export async function storeQuestionImages(ctx: ServerContext, ownerId: string, images: CheckedImage[]): Promise<StoredImageItem[]> {
  const stored: Array<StoredImageItem & { storedName: string }> = [];
  try {
    for (const [i, image] of images.entries()) {
      const sha256 = await hashThread.sha256(image.bytes);
      const storedName = await ctx.files.save(image.bytes);
      const id = newId();
      const record = { id, ownerId, name: `question-image-${i + 1}.${image.extension}`, storedName, mime: image.mime, size: image.bytes.length, sha256 };
      try {
        await recordPrivateFile(ctx.db, { ...record, createdAt: ctx.now() });
      } catch (error) {
        await ctx.files.remove(storedName); // no orphan bytes without a row
        throw error;
      }
      stored.push({ fileId: id, mime: image.mime, storedName });
    }
  } catch (error) {
    await removeQuestionImages(ctx, stored);
    throw error;
  }
  return stored.map(({ fileId, mime }) => ({ fileId, mime }));
}

/** Undoes storeQuestionImages when the question itself could not be saved. */
export async function removeQuestionImages(ctx: ServerContext, items: Array<{ fileId: string; storedName?: string }>): Promise<void> {
  for (const item of items) {
    const file = item.storedName ? null : await findFile(ctx.db, item.fileId);
    await forgetFileRecord(ctx.db, item.fileId).catch(() => undefined);
    const storedName = item.storedName ?? file?.storedName;
    if (storedName) await ctx.files.remove(storedName).catch(() => undefined);
  }
}

/**
 * Deletes the pictures of questions that were just deleted (a chat, or one
 * question). Only the owner's own files: a row names ids the server stored,
 * but the check costs one read and keeps one person's delete from reaching
 * another's file whatever a row says. Runs after the rows are gone, so a
 * failure here leaves at worst a private file no message shows.
 */
export async function removeDeletedQuestionPictures(ctx: ServerContext, ownerId: string, fileIds: string[]): Promise<void> {
  for (const fileId of fileIds) {
    const file = await findFile(ctx.db, fileId);
    if (file?.ownerId === ownerId) await removeQuestionImages(ctx, [{ fileId, storedName: file.storedName }]);
  }
}

/** The stored content of an image question: the images' files, then the text. */
export function imageMessageContent(images: StoredImageItem[], text: string): string {
  const items: Array<StoredImageItem | { text: string }> = [...images];
  if (text) items.push({ text });
  return JSON.stringify(items);
}
