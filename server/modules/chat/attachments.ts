// Files attached to a question: they must be the asker's own uploads. Their
// text goes to the model with the question: documents (PDF, DOCX, PPTX) read
// by the knowledge library's parsers in their worker under its limits, text
// and Markdown as written (their line breaks are their structure), decoded
// as the library decodes them; radicals read as ideographs in both, as an
// import does. A text longer than the models' window allows is cut, and the
// question's file says how much was sent, so nobody takes a part for the
// whole.
import type { ServerContext } from '../../context.js';
import { badRequest } from '../../http/errors.js';
import { decodeTextHead, IndexFailure, measuredFileTextInWorker, readIndexLimits, unreadableReason } from '../knowledge/index.js';
import { readableText } from '../../text/normalize.js';
import { fileInfo, findFile } from '../uploads/index.js';
import type { AttachedFile } from './store.js';

export const MAX_ATTACHMENTS = 5;
/** The most of one file's text a question sends, whatever the model. */
const MAX_ATTACHMENT_TEXT = 20_000;
/** The share of the smallest window the attachments may fill (a character counted as a token: the high side for CJK). */
const WINDOW_SHARE = 0.5;

export interface AttachmentText {
  name: string;
  text: string;
  /** Characters sent and characters in the whole text. */
  sent: { chars: number; of: number };
}

/** Characters of each file's text a question sends to models with `contextTokens` (the smallest of those answering). */
export function attachmentBudget(contextTokens: number, files: number): number {
  return Math.max(1_000, Math.min(MAX_ATTACHMENT_TEXT, Math.floor((contextTokens * WINDOW_SHARE) / Math.max(1, files))));
}

const TEXT_MIMES = new Set(['text/plain', 'text/markdown']);
const baseMime = (mime: string) => mime.split(';')[0]!.trim().toLowerCase();

/**
 * A text file's head, enough for `budget` characters (up to 4 bytes each),
 * and the length of the whole: exact when the head is all of it, else
 * counted by the parser's worker (a large file is never decoded here).
 */
async function textAsWritten(ctx: ServerContext, file: { storedName: string; mime: string; size: number }, budget: number) {
  const bytes = budget * 4;
  const pieces: Buffer[] = [];
  for await (const piece of await ctx.files.read(file.storedName, { start: 0, end: bytes - 1 })) pieces.push(piece as Buffer);
  const text = readableText(decodeTextHead(Buffer.concat(pieces)));
  if (file.size <= bytes) return { text, chars: text.length };
  return { text, chars: (await measuredFileTextInWorker(ctx, file, 0)).chars };
}

export async function resolveAttachments(
  ctx: ServerContext,
  userId: string,
  fileIds: string[],
  /** The characters of each file's text to send (attachmentBudget). */
  budget: number = MAX_ATTACHMENT_TEXT,
): Promise<{ files: AttachedFile[]; texts: AttachmentText[] }> {
  if (fileIds.length > MAX_ATTACHMENTS) throw badRequest(`一次最多附加 ${MAX_ATTACHMENTS} 个文件`);
  const files: AttachedFile[] = [];
  const texts: AttachmentText[] = [];
  const limits = readIndexLimits(ctx.config.env);
  for (const id of new Set(fileIds)) {
    const file = await findFile(ctx.db, id);
    if (!file || file.ownerId !== userId) throw badRequest('附件不存在，请重新上传后再发送');
    // A file the model could not read would be a chip that pretends: refused, with the reason.
    const unreadable = unreadableReason(file, limits);
    if (unreadable) throw badRequest(unreadable);
    let read: { text: string; chars: number };
    try {
      read = TEXT_MIMES.has(baseMime(file.mime)) ? await textAsWritten(ctx, file, budget) : await measuredFileTextInWorker(ctx, file, budget);
    } catch (error) {
      // A damaged or oversized file: what the parser says is for the person, not a server error.
      if (error instanceof IndexFailure) throw badRequest(error.message);
      throw error;
    }
    const text = read.text.slice(0, budget);
    const sent = { chars: text.length, of: Math.max(read.chars, text.length) };
    files.push({ ...fileInfo(file), sent });
    texts.push({ name: file.name, text, sent });
  }
  return { files, texts };
}
