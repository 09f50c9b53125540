/** Errors the API layer rejects with; callers can tell them apart with `instanceof`. */

/** The server answered with an envelope whose `code` is a failure (SPEC §8). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** HTTP status of the reply (the server mirrors `code` in it). */
    readonly status: number,
    readonly data?: unknown,
    /** Seconds the server asked the client to wait before trying again (Retry-After on a 429). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** A non-200 HTTP reply without a usable envelope (a proxy page, an empty body). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly statusText = '',
  ) {
    super(`HTTP ${status}${statusText ? ` ${statusText}` : ''}`)
    this.name = 'HttpError'
  }
}

/** The request never got an answer (offline, DNS, refused, reset). */
export class TransportError extends Error {
  constructor(override readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause))
    this.name = 'TransportError'
  }
}

/** A request the caller cancelled through its AbortSignal; never worth a toast. */
export function isCancel(error: unknown): boolean {
  return (error instanceof DOMException && error.name === 'AbortError') || (error instanceof Error && error.name === 'AbortError')
}

/**
 * The server's own words for a refusal (already in the reader's language:
 * "the server is busy, try again shortly"), when it gave any; a caller shows
 * them rather than a generic "failed".
 */
export function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.message ? error.message : undefined
}

/** The server said the object does not exist (404), as opposed to a failure worth retrying. */
export function isNotFound(error: unknown): boolean {
  return (error instanceof ApiError && (error.code === 404 || error.status === 404)) || (error instanceof HttpError && error.status === 404)
}
