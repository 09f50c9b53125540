// Every reply body is {code, msg, data}; code mirrors the HTTP status.

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const OK_MESSAGE = '操作成功';

export function ok<T>(data: T, msg: string = OK_MESSAGE): Envelope<T> {
  return { code: 200, msg, data };
}

export function fail(code: number, msg: string): Envelope<null> {
  return { code, msg, data: null };
}
