// POST /app/api/file/upload  (signed in; multipart field `file`) — small files
// GET  /app/api/file/chunk    (signed in) test: 200 when the server has the chunk, 204 when it lacks it
// POST /app/api/file/chunk    (signed in; multipart: chunk parameters, then field `file`)
// GET  /app/api/file/:id      the file, for whoever may read it, with range requests;
//                             `?access=` carries a signed link for media elements, `?download=1` forces a download
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type {} from '@fastify/multipart'; // request.file() typings
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import type { ModuleOptions } from '../../context.js';
import { isInlineSafe } from '../../files/library-types.js';
import { serveStored } from '../../files/serve.js';
import { ok } from '../../http/envelope.js';
import { ApiError, badRequest, notFound, payloadTooLarge } from '../../http/errors.js';
import { currentUser } from '../../http/auth.js';
import { validationMessage, type SchemaError } from '../../http/validation-messages.js';
import type { ChunkParams } from './chunk-layout.js';
import { createChunkRuntime, receiveChunk, testChunk } from './chunks.js';
import { scheduleUploadCleanup, scheduleUploadRecovery } from './cleanup.js';
import { userFromAccessToken } from './file-access.js';
import { MAX_UPLOAD_BYTES, TOO_LARGE_MESSAGE, findReadableFile, storeUpload } from './service.js';

const FileParams = Type.Object({
  id: Type.String({ title: '文件 id', pattern: '^[A-Za-z0-9_-]{1,64}$' }),
});

const FileQuery = Type.Object({
  access: Type.Optional(Type.String({ title: '访问链接', maxLength: 300 })),
  download: Type.Optional(Type.String({ title: '下载', maxLength: 5 })),
});

const Sha256 = (title: string) => Type.String({ title, pattern: '^[A-Fa-f0-9]{64}$' });
const Count = (title: string, minimum: number) => Type.Integer({ title, minimum, maximum: Number.MAX_SAFE_INTEGER });

/** The resumable.js / simple-uploader.js parameters (query on the test, form fields on the upload). */
export const ChunkQuery = Type.Object({
  chunkNumber: Type.Integer({ title: '分片序号', minimum: 1, maximum: 1_000_000 }),
  chunkSize: Count('分片大小', 1),
  currentChunkSize: Count('本分片大小', 1),
  totalSize: Count('文件大小', 1),
  identifier: Type.String({ title: '文件标识', minLength: 1, maxLength: 200 }),
  filename: Type.String({ title: '文件名', minLength: 1, maxLength: 1000 }),
  relativePath: Type.Optional(Type.String({ title: '相对路径', maxLength: 4000 })),
  totalChunks: Type.Integer({ title: '分片总数', minimum: 1, maximum: 1_000_000 }),
  fileSha256: Type.Optional(Sha256('文件校验值')),
  chunkSha256: Type.Optional(Sha256('分片校验值')),
});

function isTooLarge(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/** Compiled once: every chunk's form is checked (the uncompiled check cost about a third of a millisecond per chunk). */
const chunkFieldsValidator = Compile(ChunkQuery);

/** Form fields arrive as text; converted and checked against the same schema as the test's query. */
function chunkParamsFromFields(fields: Record<string, string>): ChunkParams {
  const value = chunkFieldsValidator.Convert(fields);
  if (!chunkFieldsValidator.Check(value)) {
    throw badRequest(validationMessage(chunkFieldsValidator.Errors(value) as unknown as SchemaError[], 'body', ChunkQuery));
  }
  return value as ChunkParams;
}

export const uploadsRoutes: FastifyPluginAsyncTypebox<ModuleOptions> = async (app, { ctx }) => {
  const chunkRuntime = createChunkRuntime(ctx);
  const stopCleanup = scheduleUploadCleanup(ctx, chunkRuntime, app.log);
  let stopRecovery = () => {};
  app.addHook('onReady', async () => {
    stopRecovery = scheduleUploadRecovery(ctx, chunkRuntime, app.log);
  });
  app.addHook('onClose', async () => {
    stopCleanup();
    stopRecovery();
  });

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
    // The size-limit error can lose a race with the end of the stream; the
    // truncated flag cannot, and a cut-off file must never be stored.
    if (part.file.truncated) throw payloadTooLarge(TOO_LARGE_MESSAGE);
    return ok(await storeUpload(ctx, user.id, part.filename, content, chunkRuntime.limits.quotaBytes));
  });

  app.get('/app/api/file/chunk', { schema: { querystring: ChunkQuery }, preHandler: app.requireUser }, async (request, reply) => {
    const result = await testChunk(ctx, chunkRuntime, currentUser(request).id, request.query);
    // 204, not 404: resumable clients treat 404 as a permanent error.
    if (!result) return reply.code(204).send();
    return ok(result, result.complete ? '文件已上传' : '该分片已上传');
  });

  app.post('/app/api/file/chunk', { preHandler: app.requireUser }, async (request) => {
    const user = currentUser(request);
    if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 方式上传分片，分片放在字段 file 中');
    const fields: Record<string, string> = {};
    let reply: Awaited<ReturnType<typeof receiveChunk>> | undefined;
    const parts = request.parts({ limits: { fileSize: chunkRuntime.limits.maxChunkBytes * 2, files: 1, fields: 30 } });
    try {
      for await (const part of parts) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== 'file' || reply) {
          part.file.resume();
          if (part.fieldname !== 'file') throw badRequest(`分片应放在字段 file 中，而不是 ${part.fieldname}`);
          continue;
        }
        // Parameters come before the file in the form, as resumable clients send them.
        let params: ChunkParams;
        try {
          params = chunkParamsFromFields(fields);
        } catch (error) {
          part.file.resume();
          throw error;
        }
        reply = await receiveChunk(ctx, chunkRuntime, user.id, params, part.file);
      }
    } catch (error) {
      if (isTooLarge(error)) throw payloadTooLarge(`分片太大，单个分片最大 ${chunkRuntime.limits.maxChunkBytes / 1024 / 1024} MB`);
      throw error;
    }
    if (!reply) throw badRequest('没有收到分片，请在字段 file 中上传');
    return ok(reply, reply.complete ? '文件已上传' : '分片已接收');
  });

  app.get('/app/api/file/:id', { schema: { params: FileParams, querystring: FileQuery }, preHandler: app.optionalUser }, async (request, reply) => {
    const { id } = request.params;
    let userId = request.user?.id ?? null;
    if (request.query.access) {
      userId = await userFromAccessToken(ctx, id, request.query.access);
      if (!userId) throw notFound('文件链接已过期，请刷新页面后重试');
    }
    const file = await findReadableFile(ctx, id, userId);
    const result = await serveStored(ctx.files, file.storedName, request.headers);
    if (result.status === 404) throw notFound('文件不存在或已删除');
    if (result.status === 416) throw new ApiError(416, '请求的范围超出文件大小', { 'content-range': `bytes */${result.size}` });
    const inline = isInlineSafe(file.mime) && request.query.download === undefined;
    reply
      .code(result.status)
      .headers(result.headers)
      .type(file.mime)
      .header('cache-control', file.visibility === 'public' ? 'public, max-age=86400' : 'private, no-cache')
      .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.name)}`);
    // Anything we would not show inline can still never run on our origin.
    if (!inline) reply.header('content-security-policy', "sandbox; default-src 'none'");
    return reply.send(result.status === 304 ? undefined : result.body);
  });
};
