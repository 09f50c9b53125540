// Images sent with a question (SPEC §3: an image message's content is a JSON
// list whose items carry b64Image). Checked here so nothing but small
// png/jpeg/webp/gif data URLs is ever stored or forwarded to a model.
import { badRequest } from '../../http/errors.js';

export const MAX_IMAGES = 4;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const DATA_URL = /^data:(image\/(?:png|jpeg|webp|gif));base64,([A-Za-z0-9+/]+={0,2})$/u;

export function checkImages(images: string[]): string[] {
  if (images.length > MAX_IMAGES) throw badRequest(`一次最多发送 ${MAX_IMAGES} 张图片`);
  return images.map((image, i) => {
    const match = DATA_URL.exec(image);
    if (!match) throw badRequest(`第 ${i + 1} 张图片格式不对：只支持 png、jpg、webp、gif`);
    const bytes = Math.floor((match[2]!.length * 3) / 4);
    if (bytes > MAX_IMAGE_BYTES) throw badRequest(`第 ${i + 1} 张图片太大（最大 5 MB），请压缩后再发送`);
    return image;
  });
}

/** The stored content of an image question: the images, then the text. */
export function imageMessageContent(images: string[], text: string): string {
  const items: Array<{ b64Image?: string; text?: string }> = images.map((b64Image) => ({ b64Image }));
  if (text) items.push({ text });
  return JSON.stringify(items);
}
