// Files attached to a question: they must be the asker's own uploads; the
// text of plain-text files is handed to the model with the question.
import type { ServerContext } from '../../context.js';
import { decodeText } from '../../files/text-decoding.js';
import { badRequest } from '../../http/errors.js';
import { fileInfo, findFile } from '../uploads/index.js';
import type { AttachedFile } from './store.js';

export const MAX_ATTACHMENTS = 5;
const MAX_ATTACHMENT_TEXT = 20_000;
const TEXT_MIMES = new Set(['text/plain', 'text/markdown']);

export async function resolveAttachments(
  ctx: ServerContext,
  userId: string,
  fileIds: string[],
): Promise<{ files: AttachedFile[]; texts: Array<{ name: string; text: string }> }> {
  if (fileIds.length > MAX_ATTACHMENTS) throw badRequest(`一次最多附加 ${MAX_ATTACHMENTS} 个文件`);
  const files: AttachedFile[] = [];
  const texts: Array<{ name: string; text: string }> = [];
  for (const id of new Set(fileIds)) {
    const file = await findFile(ctx.db, id);
    if (!file || file.ownerId !== userId) throw badRequest('附件不存在，请重新上传后再发送');
    files.push(fileInfo(file));
    // Stored types carry their charset ("text/plain; charset=utf-8"): compare the type alone.
    if (TEXT_MIMES.has(file.mime.split(';')[0]!.trim().toLowerCase())) {
      // UTF-8, or GBK from older Notepad (accepted as text by file-types.ts).
      const text = decodeText(await ctx.files.readAll(file.storedName));
      texts.push({ name: file.name, text: text.length > MAX_ATTACHMENT_TEXT ? `${text.slice(0, MAX_ATTACHMENT_TEXT)}\n…（后文已截断）` : text });
    }
  }
  return { files, texts };
}
