// Sends an XLSX download with a UTF-8 file name and no caching (exports hold
// people's results).
import type { FastifyReply } from 'fastify';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function sendXlsx(reply: FastifyReply, name: string, bytes: Buffer) {
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}.xlsx`)
    .header('cache-control', 'no-store')
    .send(bytes);
}
