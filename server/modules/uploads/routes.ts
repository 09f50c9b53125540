// POST /app/api/file/upload  (signed in; multipart field `file`)
// GET  /app/api/file/:id     (public files for anyone, private ones for the owner)
// /app/api/file/chunk is reserved for the chunked, resumable uploader.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type {} from '@fastify/multipart'; // request.file() typings
import { Type } from 'typebox';
import type { ModuleOptions } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { badRequest, payloadTooLarge } from '../../http/errors.js';
import { currentUser } from '../../http/auth.js';
import { MAX_UPLOAD_BYTES, TOO_LARGE_MESSAGE, openFile, storeUpload } from './service.js';

const FileParams = Type.Object({
  id: Type.String({ title: '文件 id', pattern: '^[A-Za-z0-9_-]{1,64}$' }),
});

function isTooLarge(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

export const uploadsRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  app.post('/app/api/file/upload', { preHandler: app.requireUser }, async (request) => {
    const user = currentUser(request);
    if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 方式上传，文件放在字段 file 中');
    const part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
    if (!part) throw badRequest('没有收到文件，请在字段 file 中上传');
    if (part.fieldname !== 'file') throw badRequest(`文件应放在字段 file 中，而不是 ${part.fieldname}`);
    let content: Buffer;
    try {
      content = await part.toBuffer();
    } catch (error) {
      if (isTooLarge(error)) throw payloadTooLarge(TOO_LARGE_MESSAGE);
      throw error;
    }
    return ok(await storeUpload(ctx, user.id, part.filename, content));
  });

  app.get('/app/api/file/:id', { schema: { params: FileParams }, preHandler: app.optionalUser }, async (request, reply) => {
    const { file, stream } = await openFile(ctx, request.params.id, request.user?.id ?? null);
    const inline = file.mime.startsWith('image/') || file.mime === 'application/pdf';
    return reply
      .type(file.mime)
      .header('content-length', String(file.size))
      .header('cache-control', file.visibility === 'public' ? 'public, max-age=86400' : 'private, no-cache')
      .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .send(stream);
  });
};
