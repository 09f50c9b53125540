// Errors a route or service throws on purpose. The error handler turns them
// into the envelope with the same HTTP status; msg is shown to the user, so
// keep it short, in Chinese, and say what to do next.

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers: Record<string, string> = {},
    /** The envelope's code when it differs from the HTTP status (SPEC §8: 600, shown as an error). */
    readonly envelopeCode: number = statusCode,
    /** The envelope's `data` (null unless a client needs a machine-readable detail, such as a 413's `reason`). */
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string) => new ApiError(400, msg);
export const unauthorized = (msg: string) => new ApiError(401, msg);
export const forbidden = (msg: string) => new ApiError(403, msg);
export const notFound = (msg: string) => new ApiError(404, msg);
/**
 * Why a 413 refused, in its envelope's `data.reason` (docs/storage.md): the
 * file itself is over a size limit and never fits (`file-too-large`), or the
 * owner's storage is full and it may fit once files are deleted
 * (`storage-full`), so an uploader offers Retry only for the latter.
 */
export type TooLargeReason = 'file-too-large' | 'storage-full';
export const payloadTooLarge = (msg: string, reason: TooLargeReason = 'file-too-large') => new ApiError(413, msg, {}, 413, { reason });
export const tooMany = (msg: string, retryAfterSeconds?: number) =>
  new ApiError(429, msg, retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) });

/**
 * How long a 429 asks to wait, for its sentence (`请 ${waitText(s)}后再试`):
 * seconds under a minute, then whole minutes, then whole hours, rounded up so
 * the wait is never understated. The three units are in the i18n catalogue
 * (catalogue/http.ts), which translates them inside any such sentence.
 */
export function waitText(seconds: number): string {
  if (seconds >= 3600) return `${Math.ceil(seconds / 3600)} 小时`;
  if (seconds >= 60) return `${Math.ceil(seconds / 60)} 分钟`;
  return `${seconds} 秒`;
}

/** The one message a 500 ever shows; internals go to the log only. */
export const INTERNAL_ERROR_MESSAGE = '服务器开小差了，请稍后再试';
