// One HTTP call to an image or video provider, with a time limit, and the
// provider's failures turned into messages a teacher can act on: refused
// content (with the provider's reason), quota, bad key, busy (429 with its
// Retry-After, 5xx: retried), timeout. Secrets never reach a message or log.
import { guardedFetch } from '../../net/guarded-fetch.js';
import { GenerationError } from './kinds.js';

export const REFUSED_MESSAGE = '模型服务拒绝了这个请求：{0}';
export const QUOTA_MESSAGE = '模型服务额度不足，请联系管理员';
export const AUTH_MESSAGE = '模型服务密钥无效或无权使用该模型，请联系管理员';
export const BUSY_MESSAGE = '模型服务繁忙，请稍后重试';
export const TIMEOUT_MESSAGE = '模型服务响应超时，请稍后重试';
export const UNREACHABLE_MESSAGE = '无法连接模型服务，请稍后重试';
export const BAD_REPLY_MESSAGE = '模型服务返回了无法识别的结果';

const QUOTA_HINT = /insufficient_quota|quota|余额不足|欠费|Arrearage|billing|1113/iu;

/** Milliseconds from a Retry-After header (seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** The provider's own words about an error (OpenAI, Zhipu and DashScope shapes), short and without control characters. */
export function providerReason(body: unknown): string {
  const b = (body ?? {}) as { error?: { message?: unknown } | string; message?: unknown; msg?: unknown; output?: { message?: unknown } };
  const raw = typeof b.error === 'object' && b.error ? b.error.message : typeof b.error === 'string' ? b.error : (b.message ?? b.msg ?? b.output?.message);
  return typeof raw === 'string'
    ? raw
        // eslint-disable-next-line no-control-regex -- control characters are what this removes
        .replace(/[\u0000-\u001f]+/gu, ' ')
        .trim()
        .slice(0, 200)
    : '';
}

export function failureFromStatus(status: number, body: unknown, headers: Headers): GenerationError {
  const reason = providerReason(body);
  const text = `${reason} ${JSON.stringify(body ?? '')}`;
  if (status === 402 || ((status === 429 || status === 403 || status === 400) && QUOTA_HINT.test(text))) return new GenerationError(QUOTA_MESSAGE);
  if (status === 401 || status === 403) return new GenerationError(AUTH_MESSAGE);
  if (status === 429) return new GenerationError(BUSY_MESSAGE, { retryable: true, retryAfterMs: retryAfterMs(headers.get('retry-after')) });
  if (status >= 500 || status === 408) return new GenerationError(BUSY_MESSAGE, { retryable: true, retryAfterMs: retryAfterMs(headers.get('retry-after')) });
  return new GenerationError(REFUSED_MESSAGE.replace('{0}', reason || `HTTP ${status}`));
}

export interface ProviderCall {
  method: 'GET' | 'POST';
  url: string;
  apiKey: string;
  body?: unknown;
  headers?: Record<string, string>;
  timeoutMs: number;
  signal: AbortSignal;
}

/**
 * The JSON answer of a successful call; a GenerationError otherwise.
 * `sent` tells the caller whether the request may have reached the provider
 * (a timeout after sending leaves a create call's outcome unknown).
 */
export async function callProvider<T>(call: ProviderCall): Promise<T> {
  const timeout = AbortSignal.timeout(call.timeoutMs);
  let response: Response;
  try {
    response = await guardedFetch(call.url, {
      method: call.method,
      headers: { authorization: `Bearer ${call.apiKey}`, ...(call.body === undefined ? {} : { 'content-type': 'application/json' }), ...call.headers },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      signal: AbortSignal.any([call.signal, timeout]),
      timeoutMs: call.timeoutMs,
    });
  } catch (error) {
    if (call.signal.aborted) throw error;
    if (timeout.aborted) throw new ProviderUnreachable(TIMEOUT_MESSAGE, true);
    const code = (error as { cause?: { code?: string } }).cause?.code;
    // Refused or unresolvable: nothing was sent. Anything else may have been.
    throw new ProviderUnreachable(UNREACHABLE_MESSAGE, !(code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN'));
  }
  let body: unknown;
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : {};
  } catch {
    if (call.signal.aborted) throw call.signal.reason;
    if (!response.ok) throw failureFromStatus(response.status, {}, response.headers);
    throw new GenerationError(BAD_REPLY_MESSAGE);
  }
  if (!response.ok) throw failureFromStatus(response.status, body, response.headers);
  return body as T;
}

/**
 * The provider could not be reached or did not answer in time. `maybeSent`:
 * the request may have arrived, so a create call's outcome is unknown.
 */
export class ProviderUnreachable extends GenerationError {
  constructor(
    message: string,
    readonly maybeSent: boolean,
  ) {
    super(message, { retryable: true });
  }
}
