// Every reply body is {code, msg, data}; code mirrors the HTTP status.
import { Type, type TSchema } from 'typebox';

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const OK_MESSAGE = '操作成功';

export function ok<T>(data: T, msg: string = OK_MESSAGE): Envelope<T> {
  return { code: 200, msg, data };
}

/** A failure's envelope; `data` is null unless the error carries a machine-readable detail (ApiError.data). */
export function fail(code: number, msg: string, data: Record<string, unknown> | null = null): Envelope<Record<string, unknown> | null> {
  return { code, msg, data };
}

/**
 * The 200 response schema of a hot route: Fastify then writes the reply with
 * a serializer compiled from it (fast-json-stringify) instead of
 * JSON.stringify. Only the fields listed go out, so list every one.
 */
export function okResponse<T extends TSchema>(data: T) {
  return { 200: Type.Object({ code: Type.Integer(), msg: Type.String(), data }) };
}
