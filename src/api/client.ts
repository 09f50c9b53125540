import redaxios, { type Response } from 'redaxios'
import { $common, $locale } from '../i18n'
import { showToast } from '../stores/toasts'
import { $token, forgetToken } from '../stores/token'
import { ApiError, HttpError, isCancel, TransportError } from './errors'

/**
 * The one HTTP client of the front end (DESIGN §2, SPEC §7/§8). Every call goes
 * through `requestEnvelope`, so the error catalogue lives here and nowhere else.
 */

export const API_BASE = '/new-chat'
export const SUCCESS_CODE = 200

export interface Envelope<T = unknown> {
  code: number
  msg: string
  data: T
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface RequestOptions {
  signal?: AbortSignal
  headers?: Record<string, string>
  /**
   * The caller shows the failure itself (e.g. inline under a form field), so
   * catalogue toasts are skipped. 401 handling and transport toasts still apply.
   */
  quiet?: boolean
}

// redaxios resolves every status (we read the envelope first) and joins
// baseURL with a '/', hence no trailing slash here.
const http = redaxios.create({
  baseURL: API_BASE,
  headers: { 'client-id': 'app' },
  validateStatus: () => true,
})

type SignInHandler = () => void
let signInHandler: SignInHandler = () => {}

/**
 * The host app decides where "sign in again" goes (its router, with a redirect
 * back); embedded elements keep the default, which only forgets the token.
 */
export function onSignInRequired(handler: SignInHandler): () => void {
  signInHandler = handler
  return () => {
    if (signInHandler === handler) signInHandler = () => {}
  }
}

/**
 * The bearer token, and the UI language so the server answers in it (its
 * messages: "wrong password", validation, not found). The browser's own
 * Accept-Language may differ from the language picked in the app.
 */
function sessionHeaders(): Record<string, string> {
  const token = $token.get()
  return { 'Accept-Language': $locale.get(), ...(token ? { Authorization: `Bearer ${token}` } : {}) }
}

/** Headers every request carries; the stream reader and the uploader reuse them. */
export function apiHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { 'client-id': 'app', ...sessionHeaders(), ...extra }
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).code === 'number'
}

/**
 * SPEC §8 by body code. Returns the error to reject with, or nothing to resolve.
 * `sentWith`: the token the request carried.
 */
function applyCatalogue(body: Envelope, status: number, quiet: boolean, sentWith: string): ApiError | undefined {
  const { code, msg } = body
  const fail = () => new ApiError(code, msg || $common.get().operationFailed, status, body.data)
  if (code === SUCCESS_CODE) return undefined
  if (code === 401) {
    // A refusal of a token already replaced (a client switch revokes the old one; another tab
    // signed in) ends nothing: it used to sign the person out of the session just begun.
    if (sentWith !== $token.get()) return fail()
    forgetToken()
    signInHandler()
    if (msg) showToast('warning', msg)
    return fail()
  }
  if (code === 400 || code === 403 || code === 404) {
    if (!quiet) showToast('warning', msg || $common.get().operationFailed)
    return fail()
  }
  if (code === 500 || code === 600) {
    if (!quiet) showToast('error', msg || $common.get().somethingWrong)
    return fail()
  }
  // Other codes are returned as they are (SPEC §8) unless HTTP itself failed,
  // e.g. 413 or 429: the server's message is then the one to read.
  if (status < 200 || status >= 300) {
    if (!quiet && msg) showToast('warning', msg)
    return fail()
  }
  return undefined
}

/** Query values as strings; unset ones are left out rather than sent as "undefined". */
function queryParams(data: unknown): Record<string, string> | undefined {
  if (!data || typeof data !== 'object') return undefined
  const entries = Object.entries(data as Record<string, unknown>).filter(([, value]) => value !== undefined && value !== null)
  return entries.length ? Object.fromEntries(entries.map(([key, value]) => [key, String(value)])) : undefined
}

async function send(method: Method, url: string, data: unknown, options: RequestOptions): Promise<Response<unknown>> {
  const bodyless = method === 'GET' || method === 'DELETE'
  try {
    return await http({
      url,
      method,
      headers: { ...sessionHeaders(), ...options.headers },
      params: bodyless ? queryParams(data) : undefined,
      data: bodyless ? undefined : data,
      // redaxios has no signal option; a fetch wrapper carries it.
      fetch: options.signal ? (input, init) => fetch(input, { ...init, signal: options.signal }) : undefined,
    })
  } catch (error) {
    throw transportFailure(error)
  }
}

/** A fetch that never got an answer: cancellations pass silently, the rest get the connection toast. */
export function transportFailure(error: unknown): unknown {
  if (isCancel(error)) return error
  showToast('error', $common.get().connecting)
  return new TransportError(error)
}

/**
 * Sends a request and applies the SPEC §8 catalogue. Resolves with the whole
 * envelope for code 200 and for codes the catalogue passes through.
 */
export async function requestEnvelope<T>(method: Method, url: string, data?: unknown, options: RequestOptions = {}): Promise<Envelope<T>> {
  const sentWith = $token.get()
  const response = await send(method, url, data, options)
  try {
    return checkReply<T>(response.data, response.status, response.statusText, options.quiet ?? false, sentWith)
  } catch (error) {
    const wait = retryAfterSeconds(response.headers?.get?.('retry-after'))
    // A limit's refusal says how long to wait: the caller can count that down rather than guess.
    if (error instanceof ApiError && wait !== undefined) throw new ApiError(error.code, error.message, error.status, error.data, wait)
    throw error
  }
}

/** A Retry-After header (seconds, or an HTTP date) as whole seconds from now. */
export function retryAfterSeconds(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined
  const seconds = /^\d+$/u.test(header.trim()) ? Number(header.trim()) : Math.ceil((Date.parse(header) - now) / 1000)
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined
}

/** Turns a decoded reply into the envelope to resolve with, or throws per SPEC §8. `sentWith`: the token the request carried. */
export function checkReply<T>(body: unknown, status: number, statusText: string, quiet: boolean, sentWith = $token.get()): Envelope<T> {
  if (!isEnvelope(body)) {
    if (status < 200 || status >= 300) {
      if (!quiet) showToast('error', $common.get().somethingWrong)
      throw new HttpError(status, statusText)
    }
    throw new HttpError(status, 'response is not an API envelope')
  }
  const error = applyCatalogue(body, status, quiet, sentWith)
  if (error) throw error
  return body as Envelope<T>
}

/** Like `requestEnvelope`, unwrapped: resolves `data` on code 200, rejects otherwise. */
export async function request<T>(method: Method, url: string, data?: unknown, options?: RequestOptions): Promise<T> {
  const body = await requestEnvelope<T>(method, url, data, options)
  if (body.code !== SUCCESS_CODE) throw new ApiError(body.code, body.msg, SUCCESS_CODE, body.data)
  return body.data
}

/**
 * The name the server gave the file (Content-Disposition's `filename*`, in the
 * reader's language and with the period it covers), else `fallback`.
 */
export function attachmentName(response: Pick<globalThis.Response, 'headers'>, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(response.headers.get('content-disposition') ?? '')?.[1]
  if (!encoded) return fallback
  try {
    return decodeURIComponent(encoded.trim()) || fallback
  } catch {
    return fallback // not percent-encoding: the page's own name is safer than a garbled one
  }
}

/**
 * Downloads a file the server builds, with the session's token (a plain link
 * would carry none), saved under the name the server gives it. Rejects with
 * the server's message when it answers an envelope instead (404 "already
 * downloaded", 403).
 */
export async function downloadWithToken(path: string, fileName: string): Promise<void> {
  let response: globalThis.Response
  try {
    response = await fetch(`${API_BASE}/${path.replace(/^\//, '')}`, { headers: apiHeaders() })
  } catch (error) {
    throw transportFailure(error)
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as Envelope | null
    throw new ApiError(body?.code ?? response.status, body?.msg || $common.get().operationFailed, response.status)
  }
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = attachmentName(response, fileName)
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
