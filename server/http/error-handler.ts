// One place that decides what a failed request looks like: the envelope,
// an HTTP status that matches its code, and no internals for the user.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseInterruption } from '../db/pg-resilience.js';
import { fail } from './envelope.js';
import { ApiError, INTERNAL_ERROR_MESSAGE } from './errors.js';
import { isStorageFull, STORAGE_FULL_MESSAGE } from './storage-full.js';
import { validationMessage, type SchemaError } from './validation-messages.js';

/** The codes of the SPEC §8 catalogue the front end knows how to show. */
const CLIENT_CODES = new Set([400, 401, 403, 404, 413, 429]);

/** Framework errors a client causes, in words the client can act on. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: '请求内容过大，请精简后再试',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求格式，请发送 JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求内容为空，请发送 JSON',
  FST_ERR_CTP_INVALID_JSON_BODY: '请求内容不是有效的 JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求长度与内容不符',
  FST_INVALID_MULTIPART_CONTENT_TYPE: '请以 multipart/form-data 方式上传文件',
  FST_REQ_FILE_TOO_LARGE: '文件太大，请压缩后再上传',
  FST_FILES_LIMIT: '一次只能上传一个文件',
  FST_PARTS_LIMIT: '表单字段过多',
  FST_FIELDS_LIMIT: '表单字段过多',
  FST_MP_PREMATURE_CLOSE: '上传的表单不完整，请重新上传',
  FST_PROTO_VIOLATION: '表单字段名不被接受',
};

/** What a body busboy cannot parse raises (plain Errors, no status): the client's fault. */
const MALFORMED_MULTIPART = /multipart data|^Multipart: Boundary not found$|^Boundary required$/u;
const MALFORMED_MULTIPART_MESSAGE = '上传的表单格式不正确（multipart 内容不完整或已损坏），请重新上传';

/** The answer to a request the database cut off (restart, failover, lock): try again shortly. */
export const DATABASE_INTERRUPTED_MESSAGE = '数据库连接中断，请稍后重试';
const DATABASE_RETRY_AFTER_S = 2;

export const NOT_FOUND_MESSAGE = '请求的接口不存在，请检查地址';

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as FastifyError).statusCode === 'number';
}

export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof ApiError) {
    return reply
      .code(error.statusCode)
      .headers(error.headers)
      .send(fail(error.envelopeCode, error.message, error.data));
  }
  if (isFastifyError(error) && error.validation) {
    const part = error.validationContext ?? 'body';
    const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[part];
    return reply.code(400).send(fail(400, validationMessage(error.validation as unknown as SchemaError[], part, schema)));
  }
  if (!isFastifyError(error) && error instanceof Error && MALFORMED_MULTIPART.test(error.message) && request.isMultipart()) {
    request.log.info({ errMessage: error.message }, 'client error: malformed multipart body');
    return reply.code(400).send(fail(400, MALFORMED_MULTIPART_MESSAGE));
  }
  const status = isFastifyError(error) ? (error.statusCode ?? 500) : 500;
  if (status >= 400 && status < 500) {
    const code = CLIENT_CODES.has(status) ? status : 400;
    const msg = FRAMEWORK_MESSAGES[(error as FastifyError).code] ?? '请求不正确，请检查后再试';
    request.log.info({ errCode: (error as FastifyError).code }, 'client error');
    return reply.code(code).send(fail(code, msg));
  }
  if (isDatabaseInterruption(error)) {
    // A database restart, failover or lock: the same request succeeds once it is back, so the
    // client is told to send it again (the uploader retries a chunk on 503 after Retry-After).
    request.log.warn({ err: error }, 'request interrupted by the database; answered 503');
    return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_S)).send(fail(503, DATABASE_INTERRUPTED_MESSAGE));
  }
  if (isStorageFull(error)) {
    request.log.error({ err: error }, 'request failed: storage full');
    return reply.code(507).send(fail(507, STORAGE_FULL_MESSAGE));
  }
  // The detail stays in the log (with the request id); the user gets a fixed sentence.
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send(fail(500, INTERNAL_ERROR_MESSAGE));
}

/**
 * Errors the router raises before any hook runs (Fastify's frameworkErrors):
 * a path parameter longer than the router allows would otherwise be a bare
 * 414, and a badly encoded URL a bare 400. Such an id cannot exist.
 */
export function routerErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ errCode: error.code }, 'client error: unroutable URL');
  const msg = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? '地址中的编号过长，找不到对应的内容' : '地址格式不正确，请检查后再试';
  reply.code(400).header('x-content-type-options', 'nosniff').send(fail(400, msg));
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
}
