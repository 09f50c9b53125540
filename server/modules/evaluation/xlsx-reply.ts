// Sends an XLSX download with a UTF-8 file name (in the reader's language)
// and no caching (exports hold people's results).
import type { FastifyReply } from 'fastify';
import { requestLocale } from '../../i18n/install.js';
import type { ServerLocale } from '../../i18n/locales.js';
import { translateMessage } from '../../i18n/translate.js';
import { stripControlChars } from '../../../shared/control-chars.js';
import { writeXlsxInWorker } from './files.js';
import { sheetsInLocale } from './xlsx-locale.js';
import type { SheetSpec } from './xlsx-worker.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Any download of the area: `name` without its extension, in the reader's
 * words; an ASCII stand-in for clients that cannot read the UTF-8 name.
 */
export function sendDownload(reply: FastifyReply, file: { name: string; extension: string; mime: string }, body: Buffer | string) {
  return reply
    .header('content-type', file.mime)
    .header('content-disposition', `attachment; filename="export.${file.extension}"; filename*=UTF-8''${encodeURIComponent(`${file.name}.${file.extension}`)}`)
    .header('cache-control', 'no-store')
    .send(body);
}

function send(reply: FastifyReply, name: string, bytes: Buffer, locale: ServerLocale) {
  return sendDownload(reply, { name: translateMessage(name, locale), extension: 'xlsx', mime: XLSX_MIME }, bytes);
}

/** A workbook its caller already wrote as it should read (the question bank's, in the reader's words from bank-words.ts; the roster template). */
export function sendXlsx(reply: FastifyReply, name: string, bytes: Buffer) {
  return send(reply, name, bytes, requestLocale(reply.request));
}

/** What a file name may not hold on any system people save to (path marks; control characters go too). */
const UNSAFE_IN_NAME = /[\\/:*?"<>|]+/gu;

/**
 * A file name for what one thing is about: "第一单元测验 测评分析 YYYY-MM-DD"
 * (the thing's title as written, the kind in the reader's words, its date).
 */
export function titledName(label: string, title: string, date: number, locale: ServerLocale): string {
  const safe = stripControlChars(title, ' ').replace(UNSAFE_IN_NAME, ' ').trim().slice(0, 80);
  return [safe, translateMessage(label, locale), new Date(date).toISOString().slice(0, 10)].filter(Boolean).join(' ');
}

/**
 * An export built with the server's zh-CN words: its sheets are put into the
 * reader's language (xlsx-locale.ts), written in a worker and sent. `name`
 * is a zh-CN label, or a name already in the reader's words (titledName).
 */
export async function sendSheets(
  reply: FastifyReply,
  name: string | { written: string },
  sheets: SheetSpec[],
  limits?: { memoryMb: number; timeoutMs: number },
) {
  const locale = requestLocale(reply.request);
  const bytes = await writeXlsxInWorker(sheetsInLocale(sheets, locale), limits);
  if (typeof name === 'string') return send(reply, name, bytes, locale);
  return sendDownload(reply, { name: name.written, extension: 'xlsx', mime: XLSX_MIME }, bytes);
}
