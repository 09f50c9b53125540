// Sends an XLSX download with a UTF-8 file name (in the reader's language)
// and no caching (exports hold people's results).
import type { FastifyReply } from 'fastify';
import { requestLocale } from '../../i18n/install.js';
import { translateMessage } from '../../i18n/translate.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function sendXlsx(reply: FastifyReply, name: string, bytes: Buffer) {
  name = translateMessage(name, requestLocale(reply.request));
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}.xlsx`)
    .header('cache-control', 'no-store')
    .send(bytes);
}
