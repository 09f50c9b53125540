// The text of one stored upload, read by the knowledge library's parsers in
// their worker (parse-in-worker.ts) under the same size, unzip, memory and
// time limits as indexing. Other areas (mind maps, grading of practical
// reports) read files through here, so no document is parsed on a request
// thread and every limit is the one the knowledge library documents.
import type { ServerContext } from '../../context.js';
import { formatBytes } from '../uploads/index.js';
import { readIndexLimits, type ParseLimits } from './index-limits.js';
import { parseInWorker } from './parse-in-worker.js';
import { KNOWLEDGE_FORMATS, parserFor } from './parsers/index.js';

export interface StoredDocument {
  name: string;
  storedName: string;
  mime: string;
  size: number;
}

const baseMime = (mime: string) => mime.split(';')[0]!.trim().toLowerCase();

/** Why the parsers cannot read this file, known before starting a worker; null when they can try. */
export function unreadableReason(file: Pick<StoredDocument, 'name' | 'mime' | 'size'>, limits: ParseLimits): string | null {
  if (!parserFor(baseMime(file.mime))) return `「${file.name}」不是能读取文字的文档（能读取 ${KNOWLEDGE_FORMATS}）`;
  if (file.size > limits.maxInputBytes) return `「${file.name}」过大（${formatBytes(file.size)}），最多读取 ${formatBytes(limits.maxInputBytes)}`;
  return null;
}

/**
 * Up to about `maxChars` of the file's text, passages joined by blank lines.
 * Rejects with an IndexFailure (a message a teacher can act on) when the
 * parser fails or the worker runs out of time or memory.
 */
export async function fileTextInWorker(
  ctx: ServerContext,
  file: Pick<StoredDocument, 'storedName' | 'mime'>,
  maxChars: number,
  signal?: AbortSignal,
): Promise<string> {
  return (await measuredFileTextInWorker(ctx, file, maxChars, signal)).text;
}

/** fileTextInWorker, with the length of the whole text (`chars`: the parser reads to the end anyway), so a reader can say how much it was given. */
export async function measuredFileTextInWorker(
  ctx: ServerContext,
  file: Pick<StoredDocument, 'storedName' | 'mime'>,
  maxChars: number,
  signal?: AbortSignal,
): Promise<{ text: string; chars: number }> {
  const limits = readIndexLimits(ctx.config.env);
  const parts: string[] = [];
  let kept = 0;
  let chars = 0;
  const copy = await ctx.files.localCopy(file.storedName);
  try {
    await parseInWorker(
      { path: copy.path, mime: baseMime(file.mime), maxInputBytes: limits.maxInputBytes, maxUnzippedBytes: limits.maxUnzippedBytes, batchSize: 50 },
      limits,
      {
        parsed: async () => undefined,
        batch: async (passages) => {
          for (const p of passages) {
            chars += p.content.length + (chars ? 2 : 0);
            if (kept > maxChars) continue;
            parts.push(p.content);
            kept += p.content.length;
          }
        },
      },
      signal,
    );
  } finally {
    await copy.release();
  }
  return { text: parts.join('\n\n'), chars };
}
